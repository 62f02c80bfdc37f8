"""Opening and closing a table socket costs the database a handful of statements, for each
kind of viewer. After a restart every socket of the club opens at once: an operator would
notice the opposite as a server that stalls for seconds while the room reconnects.

The socket's work off the event loop is driven here as ``TableConsumer.connect`` and
``disconnect`` run it (``_find``, ``_opened``, ``_closed``); ``tests/web/test_table_socket.py``
and ``test_leavers_sockets.py`` open real sockets."""

import pytest
from django.contrib.auth.models import AnonymousUser

from games.live.consumers import TableConsumer, viewer_language
from games.presence import leavers
from games.presence.models import SeatConnection, StandIn
from games.regions.last_sent import LastSent
from games.tables.models import Player, Seat
from games.tables.selectors import SESSION_PLAYER
from tests.web.tables import seated_table

pytestmark = pytest.mark.django_db


def socket_of(table, player, name):
    """A table socket as its handshake leaves it (the URL's code, the session)."""
    socket = TableConsumer.__new__(TableConsumer)
    socket.scope = {
        "url_route": {"kwargs": {"code": table.code}},
        "user": AnonymousUser(),
        "session": {SESSION_PLAYER: player.pk} if player is not None else {},
        "cookies": {},
        "headers": [(b"accept-language", b"en")],
    }
    socket.channel_name = name
    return socket


def opened(socket) -> str:
    """``connect``'s worker-thread part: the table and the viewer found, the first frame."""
    socket.table, socket.player = socket._find()
    socket.sent, socket.shown, socket.language = LastSent(), None, viewer_language(socket.scope)
    return socket._opened()


@pytest.fixture
def table_of_four():
    table, game, players = seated_table("dragonformula", ["Ann", "Bo", "Cy", "Di"])
    for number, player in enumerate(players[1:], start=1):  # the others' pages are open
        leavers.connected(table, player, f"others-{number}")
    return table, game, players


def test_a_seated_players_first_socket_opens_in_seven_statements(
    table_of_four, django_assert_max_num_queries
):
    # The table, the player, their seat (with whether earlier sockets closed, whether one is
    # open and whether a bot holds it), the socket's row, the running game (the table is
    # told they are here, games.presence.at_the_table); then the table's game and its seats for the frame.
    table, _game, players = table_of_four
    with django_assert_max_num_queries(7):
        frame = opened(socket_of(table, players[0], "ann-1"))
    assert 'id="hand"' in frame
    assert SeatConnection.objects.get(channel_name="ann-1").closed is None


def test_a_socket_opened_again_after_a_close_costs_one_statement_more(
    table_of_four, django_assert_max_num_queries, django_capture_on_commit_callbacks
):
    table, _game, players = table_of_four
    first = socket_of(table, players[0], "ann-1")
    opened(first)
    with django_capture_on_commit_callbacks(execute=True):
        first._closed(1000)
    # And the closed row superseded, and the running game looked up: the table is told
    # she is back (games.presence.at_the_table).
    with django_assert_max_num_queries(8):
        opened(socket_of(table, players[0], "ann-2"))
    assert list(SeatConnection.objects.filter(player=players[0]).values_list("closed")) == [(None,)]


def test_a_spectators_socket_opens_in_five_statements_and_closes_in_none(
    table_of_four, django_assert_max_num_queries, django_assert_num_queries
):
    table, _game, _players = table_of_four
    guest = Player.objects.create(display_name="Watcher")
    socket = socket_of(table, guest, "watcher-1")
    # The table, the guest, that they hold no seat, the game, the seats.
    with django_assert_max_num_queries(5):
        frame = opened(socket)
    assert socket.seat is None and 'id="prompt"' in frame
    with django_assert_num_queries(0):
        socket._closed(1000)
    anonymous = socket_of(table, None, "anonymous-1")
    with django_assert_max_num_queries(3):  # no session's guest: nobody to look for
        opened(anonymous)


def test_a_socket_closing_costs_two_statements_and_arms_the_timer_only_when_last(
    table_of_four,
    django_assert_num_queries,
    django_assert_max_num_queries,
    django_capture_on_commit_callbacks,
    armed,
):
    table, game, players = table_of_four
    first, second = socket_of(table, players[0], "ann-1"), socket_of(table, players[0], "ann-2")
    opened(first), opened(second)
    # Her other tab is open: the row closed, and her seat read with her open sockets.
    with django_assert_num_queries(2), django_capture_on_commit_callbacks(execute=True):
        first._closed(1000)
    assert armed == []
    # Her last: the take-over timer is armed (the game, its seats, her seat's last signs),
    # and the table is told she is away (its seats read once for every socket's push).
    with django_assert_max_num_queries(6), django_capture_on_commit_callbacks(execute=True):
        second._closed(1000)
    assert [(game_id, version) for game_id, version, _delay in armed] == [(game.pk, game.version)]
    assert 55 <= armed[0][2] <= 60  # a bot takes her seat after the table's away limit


def test_a_returning_players_socket_takes_the_seat_back_from_the_bot(
    table_of_four, django_assert_max_num_queries, django_capture_on_commit_callbacks
):
    table, _game, players = table_of_four
    leavers.leave(table, players[0])
    socket = socket_of(table, players[0], "ann-1")
    # With the bots that stood in at the game (the log names who made each move) and where
    # the log stands as the bot hands the seat back.
    with django_assert_max_num_queries(18), django_capture_on_commit_callbacks(execute=True):
        frame = opened(socket)
    assert socket.seat == 0 and 'id="hand"' in frame
    assert Seat.objects.get(table=table, number=0).player == players[0]
    assert not StandIn.objects.filter(player=players[0], ended__isnull=True).exists()
    assert SeatConnection.objects.get(channel_name="ann-1").closed is None
