"""Leavers: an away seat is played by a bot after the table's limit, the game finishes,
and the player takes the seat back when they return (DragSaga, the real engine)."""

import time
from datetime import UTC, datetime

import pytest
from django.db import connection

from games.live import timers
from games.presence import leavers
from games.presence.models import AwayLimit, ServerProcess, StandIn
from games.registry import engine_for
from games.tables.actions import opening, pace, playing, seating
from games.tables.actions import starting as table_starting
from games.tables.actions.refused import NotSeated
from games.tables.models import Game, Seat
from tests.web.tables import browser_of

pytestmark = pytest.mark.django_db

ENGINE = engine_for("dragsaga")


def two_humans(players, bot_level="", limit=None):
    ann, ben = players[0], players[1]
    table = opening.create_table(
        game_name="dragsaga", players=2, bot_level=bot_level, created_by=ann
    )
    seating.sit(table, ben)
    if limit is not None:
        AwayLimit.objects.create(table=table, seconds=limit)
    game = table_starting.start(table, ann)
    return table, game


def human_move(game, player, seat, now):
    """What a player clicks: here, what the weakest bot would choose for their seat."""
    action = ENGINE.bot_action(game.state, seat, "random")
    return playing.apply_action(game, player, action, game.version, now=now)


def play_out(game, humans, now, limit=2000, moves=None):
    """Humans present act when awaited; otherwise the server moves (bots, deadlines)."""
    for step in range(limit):
        if game.is_finished:
            return game
        at = now + step * 0.01
        waiting = ENGINE.waiting_for(game.state)
        seat_of = {s.number: s.player for s in Seat.objects.filter(table_id=game.table_id)}
        human = next((s for s in waiting if seat_of.get(s) in humans), None)
        if human is not None:
            game = human_move(game, seat_of[human], human, at)
            if moves is not None:
                moves.append(seat_of[human])
        else:
            moved = playing.advance(game.pk, game.version, now=at)
            assert moved is not None and moved.version > game.version, "the table stalled"
            game = moved
    raise AssertionError("the game did not finish")


def test_a_disconnected_seat_is_played_by_a_bot_after_the_limit_and_the_game_finishes(players):
    ann, ben = players[0], players[1]
    table, game = two_humans(players, bot_level="heuristic", limit=60)
    leavers.connected(table, ann, "ann-socket")
    leavers.connected(table, ben, "ben-socket")
    closed = time.time()
    leavers.disconnected("ben-socket", now=closed)

    assert pace.next_wakeup(game, closed) == pytest.approx(60, abs=0.01)
    # Before the limit nothing happens: Ben may just be reloading.
    game = playing.advance(game.pk, game.version, now=closed + 59)
    assert Seat.objects.get(table=table, number=1).player == ben
    assert not StandIn.objects.exists()

    game = playing.advance(game.pk, game.version, now=closed + 60)
    seat = Seat.objects.get(table=table, number=1)
    assert seat.player is None and seat.bot_level == "heuristic"  # the seat shows a bot
    stand_in = StandIn.objects.get(game=game)
    assert (stand_in.player, stand_in.seat_number, stand_in.reason) == (ben, 1, "disconnected")

    game = play_out(game, humans={ann}, now=closed + 61)

    assert game.is_finished and game.outcome is not None
    stand_in.refresh_from_db()
    assert stand_in.finished_game and stand_in.ended is not None
    # The seat, and so the result, is Ben's again; the record says a bot finished it.
    assert Seat.objects.get(table=table, number=1).player == ben
    assert leavers.finished_by_bot(game) == {1: ben}
    assert list(leavers.games_finished_by_bot(ben)) == [game]
    assert not leavers.games_finished_by_bot(ann).exists()


def test_the_returning_player_retakes_the_seat_and_plays_on(players):
    ann, ben = players[0], players[1]
    table, game = two_humans(players, limit=30)  # no bot level: the game's weakest bot stands in
    leavers.connected(table, ann, "ann-socket")
    closed = time.time()
    game = playing.advance(game.pk, game.version, now=closed + 31)  # Ben never came
    assert Seat.objects.get(table=table, number=1).bot_level == ENGINE.bot_levels()[0]
    assert game.log.filter(seat=1).exists()  # the stand-in chose Ben's dragon
    with pytest.raises(NotSeated):
        playing.apply_action(game, ben, {"type": "pass"}, game.version, now=closed + 31.5)

    seat = leavers.connected(table, ben, "ben-socket")

    assert seat.number == 1 and seat.player == ben and not seat.is_bot
    assert StandIn.objects.get(game=game).ended is not None
    assert not leavers.active_stand_ins(game)
    # The server no longer plays for Ben: every later move of seat 1 is his own click
    # (play_out only lets the server move when no present human is awaited).
    moves = []
    game = play_out(game, humans={ann, ben}, now=closed + 32, moves=moves)
    assert game.is_finished and moves.count(ben) >= 1
    assert game.log.filter(seat=1).count() == 1 + moves.count(ben)
    assert not leavers.finished_by_bot(game)


def test_a_second_tab_keeps_the_seat_present(players):
    ann, ben = players[0], players[1]
    table, game = two_humans(players, limit=10)
    for channel in ("ann-1", "ben-1", "ben-2"):
        leavers.connected(table, ann if channel.startswith("ann") else ben, channel)
    closed = time.time()
    leavers.disconnected("ben-1", now=closed)
    assert leavers.seconds_until_takeover(game, closed + 100) is None
    playing.advance(game.pk, game.version, now=closed + 100)
    assert not StandIn.objects.exists()

    leavers.disconnected("ben-2", now=closed + 100)
    assert leavers.seconds_until_takeover(game, closed + 105) == pytest.approx(5)


def test_a_player_acting_without_a_socket_counts_as_present(players):
    ann, ben = players[0], players[1]
    table, game = two_humans(players, limit=60)
    start = game.created.timestamp()
    game = human_move(game, ann, 0, start + 50)
    game = human_move(game, ben, 1, start + 55)
    playing.advance(game.pk, game.version, now=start + 70)
    assert not StandIn.objects.exists()  # both acted less than 60 s ago
    playing.advance(game.pk, game.version, now=start + 111)
    assert set(StandIn.objects.values_list("player__display_name", flat=True)) == {"Ann"}


def test_leaving_a_game_hands_the_seat_to_a_bot_at_once(players):
    table, game = two_humans(players, bot_level="heuristic")
    client = browser_of(players[1], csrf=False)

    response = client.post(f"/tables/{table.code}/leave/")

    assert response.status_code == 302
    assert StandIn.objects.get(game=game).reason == "left"
    assert Seat.objects.get(table=table, number=1).is_bot
    assert pace.next_wakeup(Game.objects.get(pk=game.pk), time.time()) is not None


def test_leaving_is_refused_to_a_spectator_and_needs_a_post(players):
    table, game = two_humans(players)
    client = browser_of(players[2], csrf=False)
    assert client.get(f"/tables/{table.code}/leave/").status_code == 405
    response = client.post(f"/tables/{table.code}/leave/")
    assert response.status_code == 400
    assert "no seat" in response.content.decode()
    assert not StandIn.objects.exists()


def test_leaving_needs_the_csrf_token(players):
    table, game = two_humans(players)
    client = browser_of(players[1])
    assert client.post(f"/tables/{table.code}/leave/").status_code == 403
    assert not StandIn.objects.exists()


def held_by(channel_name, server, seen=None):
    """The socket ``channel_name`` is held by the process ``server``, which last wrote its
    heartbeat at ``seen`` (never, if ``None``)."""
    leavers.SeatConnection.objects.filter(channel_name=channel_name).update(server=server)
    if seen is not None:
        ServerProcess.objects.update_or_create(
            name=server, defaults={"seen": datetime.fromtimestamp(seen, tz=UTC)}
        )


def test_a_server_restart_forgets_the_stopped_process_sockets(players):
    ann, ben = players[0], players[1]
    table, game = two_humans(players, limit=60)
    leavers.connected(table, ann, "ann-socket")
    leavers.connected(table, ben, "ben-socket")
    stopped = time.time()
    held_by("ann-socket", "old-process", seen=stopped)
    held_by("ben-socket", "old-process", seen=stopped)
    restarted = stopped + leavers.SILENT_SECONDS + 5
    timers.resume_tables(now=restarted)  # what the server does at start-up
    # Away since the old process went silent, not since the restart.
    assert leavers.seconds_until_takeover(game, restarted) == pytest.approx(
        60 - leavers.SILENT_SECONDS - 5, abs=0.01
    )
    assert not ServerProcess.objects.filter(name="old-process").exists()


def test_starting_a_process_leaves_the_sockets_of_a_running_one_open(players):
    """Several Daphne processes: one (re)starting must not make the players whose sockets
    another still holds look away (a bot would take their seats under their eyes)."""
    ann, ben = players[0], players[1]
    table, game = two_humans(players, limit=60)
    leavers.connected(table, ann, "ann-socket")
    leavers.connected(table, ben, "ben-socket")
    now = time.time()
    held_by("ann-socket", "daphne-2", seen=now - 5)  # beating every 10 s
    timers.resume_tables(now=now)
    assert leavers.SeatConnection.objects.filter(closed__isnull=True).count() == 2
    assert leavers.seconds_until_takeover(game, now) is None  # nobody is away


def test_a_process_gone_silent_has_its_sockets_closed_by_the_next_heartbeat(players):
    ben = players[1]
    table, game = two_humans(players, limit=60)
    leavers.connected(table, ben, "ben-socket")
    last_beat = time.time()
    held_by("ben-socket", "daphne-2", seen=last_beat)
    assert leavers.heartbeat(last_beat + 20) == 0  # still within the silence allowed
    assert leavers.heartbeat(last_beat + leavers.SILENT_SECONDS + 1) == 1
    closed = leavers.SeatConnection.objects.get(channel_name="ben-socket").closed
    assert closed.timestamp() == pytest.approx(last_beat, abs=0.05)
    # The away limit (60 s) runs from the last heartbeat the socket was seen at.
    assert leavers.seconds_until_takeover(game, last_beat + 40) == pytest.approx(20, abs=0.25)


def lobby_post(kind_name, **changes):
    """The lobby's new-table form as a browser posts it: every field at its initial value."""
    from games.registry import game_kind
    from games.tables.forms import NewTableForm

    form = NewTableForm(game_kind(kind_name))
    data = {}
    for name, field in form.fields.items():
        value = changes.get(name, form.get_initial_for_field(field, name))
        if value is not None and value is not False:
            data[form.add_prefix(name)] = value
    return data


def test_the_lobby_sets_the_tables_away_limit(players):
    from games.tables.models import Table

    client = browser_of(players[0], csrf=False)
    client.post("/new/dragsaga/", lobby_post("dragsaga", away_seconds=15, players=2))
    client.post("/new/dragsaga/", lobby_post("dragsaga", away_seconds="", players=2))
    quick, default = Table.objects.order_by("created")
    assert leavers.away_seconds(quick) == 15
    assert leavers.away_seconds(default) == leavers.DEFAULT_AWAY_SECONDS == 60

    response = client.post("/new/dragsaga/", lobby_post("dragsaga", away_seconds=0, players=2))
    assert response.status_code == 400 and Table.objects.count() == 2


@pytest.mark.parametrize("meanwhile", ["swept", "deleted"])
def test_a_socket_closing_after_its_row_was_closed_or_deleted_is_quietly_ignored(
    players, meanwhile
):
    """Just before the write that closes the socket's row, another process's start-up sweep
    may close it, or an admin delete its table: the socket still closes cleanly, and the
    sweep's moment stays."""
    ben = players[1]
    table, _game = two_humans(players, limit=60)
    leavers.connected(table, ben, "ben-socket")
    swept_at = time.time()
    happened = []

    def meanwhile_write(execute, sql, params, many, context):
        if sql.startswith("UPDATE") and "seatconnection" in sql and not happened:
            happened.append(sql)  # the write that closes the row
            if meanwhile == "swept":  # its process went silent at swept_at
                held_by("ben-socket", "daphne-2", seen=swept_at)
                leavers.heartbeat(swept_at + leavers.SILENT_SECONDS + 1)
            else:
                table.delete()
        return execute(sql, params, many, context)

    with connection.execute_wrapper(meanwhile_write):
        leavers.disconnected("ben-socket", now=swept_at + 5)
    assert happened
    rows = list(leavers.SeatConnection.objects.filter(channel_name="ben-socket"))
    if meanwhile == "swept":
        assert rows[0].closed.timestamp() == pytest.approx(swept_at, abs=0.01)
    else:
        assert rows == []


def test_a_tables_away_limit_is_read_as_set_at_once(players):
    """The lobby sets a new table's away limit and goes on with the same table: the limit
    it reads from then on is the one just set, or the default once it is cleared."""
    table, _game = two_humans(players)
    assert leavers.away_seconds(table) == leavers.DEFAULT_AWAY_SECONDS
    leavers.set_away_limit(table, 120)
    assert leavers.away_seconds(table) == 120
    leavers.set_away_limit(table, None)
    assert leavers.away_seconds(table) == leavers.DEFAULT_AWAY_SECONDS
    leavers.set_away_limit(table, 90)
    assert leavers.away_seconds(table) == 90 == AwayLimit.objects.get(table=table).seconds
