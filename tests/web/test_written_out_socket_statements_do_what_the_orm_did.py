"""A table socket's statements (``games.tables.statements``; its table and a seat's signs of
presence written out, its opening and closing in one ORM statement each): each must read
and write what the ORM's plain queries did, or a returning player would be shown
as a spectator, keep a bot in their seat, or be taken over while their page is open."""

from datetime import UTC, datetime, timedelta

import pytest

from games.presence import away, leavers
from games.presence.models import SeatConnection, StandIn
from games.tables import statements
from games.tables.models import ActionLog, Game, Seat
from tests.web.tables import seated_table

pytestmark = pytest.mark.django_db


def fields(instance) -> dict:
    return {f.attname: getattr(instance, f.attname) for f in type(instance)._meta.concrete_fields}


def test_a_table_is_found_by_its_code_as_the_orm_finds_it(django_assert_num_queries):
    table, _game, _players = seated_table("dragonformula", ["Ann", "Bo"])
    expected = type(table).objects.filter(code=table.code).get()
    with django_assert_num_queries(1):
        read = statements.table_by_code(table.code)
    assert fields(read) == fields(expected)
    assert read.created.tzinfo is not None
    assert statements.table_by_code("NOPE1") is None


def test_the_opening_reads_the_players_seat_and_whether_earlier_sockets_closed(
    django_assert_num_queries,
):
    table, _game, (ann, bo, cy) = seated_table("dragonformula", ["Ann", "Bo", "Cy"])
    with django_assert_num_queries(1):
        seat, closed, held, _open = statements.seat_on_opening(table.pk, bo.pk)
    assert fields(seat) == fields(Seat.objects.filter(table=table, player=bo).first())
    assert (closed, held) == (False, None)

    leavers.connected(table, bo, "bo-1")
    leavers.disconnected("bo-1")
    assert statements.seat_on_opening(table.pk, bo.pk)[1:] == (True, None, False)
    # Another player's closed socket is not Bo's.
    leavers.connected(table, cy, "cy-1")
    leavers.disconnected("cy-1")
    leavers.connected(table, bo, "bo-2")
    assert statements.seat_on_opening(table.pk, bo.pk)[1:] == (False, None, True)

    watcher = type(ann).objects.create(display_name="Watcher")
    assert statements.seat_on_opening(table.pk, watcher.pk) == (None, False, None, False)


def test_a_player_holding_two_seats_is_given_the_lowest_as_the_orm_orders_them():
    table, _game, (ann, bo) = seated_table("dragonformula", ["Ann", "Bo"])
    Seat.objects.filter(table=table, number=1).update(player=ann)
    seat, _closed, _held, _open = statements.seat_on_opening(table.pk, ann.pk)
    assert seat.number == Seat.objects.filter(table=table, player=ann).first().number == 0


def test_the_opening_sees_a_bot_holding_the_seat_only_in_the_running_game():
    table, game, (ann, bo) = seated_table("dragonformula", ["Ann", "Bo"])
    leavers.leave(table, bo)
    seat, closed, held, still_open = statements.seat_on_opening(table.pk, bo.pk)
    assert (seat, closed, held, still_open) == (None, False, game.pk, False)
    # The game over: its stand-in still unended gives nothing back at the table.
    Game.objects.filter(pk=game.pk).update(finished=game.created + timedelta(minutes=1))
    assert statements.seat_on_opening(table.pk, bo.pk) == (None, False, None, False)
    assert StandIn.objects.filter(player=bo, ended__isnull=True).exists()


def test_an_opened_socket_is_stored_as_the_orm_stored_it():
    table, _game, (ann, bo) = seated_table("dragonformula", ["Ann", "Bo"])
    ann_seat, bo_seat = Seat.objects.filter(table=table).order_by("number")
    before = datetime.now(tz=UTC)
    statements.open_connection(ann_seat, ann.pk, "a-socket", "daphne-1")
    row = SeatConnection.objects.get(channel_name="a-socket")
    assert (row.seat_id, row.player_id, row.server, row.closed) == (
        ann_seat.pk,
        ann.pk,
        "daphne-1",
        None,
    )
    assert before <= row.opened <= datetime.now(tz=UTC)

    # A name reopened (its row closed meanwhile): the row now says who holds it, open again,
    # opened when it first was.
    SeatConnection.objects.filter(pk=row.pk).update(closed=before)
    statements.open_connection(bo_seat, bo.pk, "a-socket", "daphne-2")
    again = SeatConnection.objects.get(channel_name="a-socket")
    assert (again.pk, again.seat_id, again.player_id, again.server, again.closed) == (
        row.pk,
        bo_seat.pk,
        bo.pk,
        "daphne-2",
        None,
    )
    assert again.opened == row.opened
    assert SeatConnection.objects.count() == 1


def test_forgetting_closed_sockets_deletes_only_that_players_closed_rows_at_that_seat():
    table, _game, (ann, bo) = seated_table("dragonformula", ["Ann", "Bo"])
    ann_seat, bo_seat = Seat.objects.filter(table=table).order_by("number")
    now = datetime.now(tz=UTC)
    for name, seat, player, closed in [
        ("ann-closed", ann_seat, ann, now),
        ("ann-open", ann_seat, ann, None),
        ("bo-closed", bo_seat, bo, now),
    ]:
        SeatConnection.objects.create(seat=seat, player=player, channel_name=name, closed=closed)
    statements.forget_closed_connections(ann_seat.pk, ann.pk)
    assert set(SeatConnection.objects.values_list("channel_name", flat=True)) == {
        "ann-open",
        "bo-closed",
    }


def test_a_closed_socket_says_its_seat_as_it_stands():
    table, game, (ann, bo) = seated_table("dragonformula", ["Ann", "Bo"])
    ann_seat = Seat.objects.get(table=table, number=0)
    statements.open_connection(ann_seat, ann.pk, "ann-1", "daphne-1")
    statements.open_connection(ann_seat, ann.pk, "ann-2", "daphne-1")
    at = datetime.now(tz=UTC) - timedelta(seconds=3)

    closed = statements.close_connection("ann-1", at)
    assert closed == (ann_seat.pk, ann.pk, table.pk, True, game.pk)  # ann-2 is still open
    assert SeatConnection.objects.get(channel_name="ann-1").closed == at
    assert statements.close_connection("ann-1", at + timedelta(seconds=1)) is None  # closed
    assert SeatConnection.objects.get(channel_name="ann-1").closed == at
    assert statements.close_connection("nobody", at) is None

    # The last: no other socket; and when a bot sits there now, the seat's player is none.
    Seat.objects.filter(pk=ann_seat.pk).update(player=None, bot_level="random")
    assert statements.close_connection("ann-2", at) == (ann_seat.pk, None, table.pk, False, game.pk)
    # A table whose game is over has no running game to arm.
    statements.open_connection(ann_seat, ann.pk, "ann-3", "daphne-1")
    Game.objects.filter(pk=game.pk).update(finished=game.created + timedelta(minutes=1))
    assert statements.close_connection("ann-3", at).running_game_id is None


def test_a_game_read_by_its_number_is_the_orm_game_with_its_table():
    table, game, _players = seated_table("dragsaga", ["Ann", "Bo"])
    expected = Game.objects.select_related("table").get(pk=game.pk)
    read = statements.game(game.pk)
    assert fields(read) == fields(expected) and fields(read.table) == fields(expected.table)
    assert statements.game(game.pk + 1000) is None


def orm_signs(game, seat):
    """What ``away_since`` read with the ORM before its signs were one statement."""
    return (
        SeatConnection.objects.filter(
            seat_id=seat.pk, player_id=seat.player_id, closed__isnull=True
        ).exists(),
        ActionLog.objects.filter(game=game, seat=seat.number)
        .order_by("-version")
        .values_list("now", flat=True)
        .first(),
        StandIn.objects.filter(game=game, seat_number=seat.number, ended__isnull=False)
        .order_by("-ended")
        .values_list("ended", flat=True)
        .first(),
        SeatConnection.objects.filter(seat=seat, player_id=seat.player_id, closed__isnull=False)
        .order_by("-closed")
        .values_list("closed", flat=True)
        .first(),
    )


def test_a_seats_signs_of_presence_are_what_the_orm_reads(django_assert_num_queries):
    table, game, (ann, bo) = seated_table("dragsaga", ["Ann", "Bo"])
    bo_seat = Seat.objects.get(table=table, player=bo)
    assert statements.signs_of_presence(game.pk, bo_seat) == orm_signs(game, bo_seat)
    assert statements.signs_of_presence(game.pk, bo_seat)[1:] == (None, None, None)

    start = game.created.timestamp()
    for number, now in enumerate((start + 5, start + 9)):
        ActionLog.objects.create(
            game=game, version=50 + number, seat=bo_seat.number, action={}, now=now
        )
    ActionLog.objects.create(game=game, version=60, seat=0, action={}, now=start + 20)  # Ann's
    leavers.leave(table, bo, now=start + 10)
    leavers.retake(table, bo, now=start + 12)
    leavers.connected(table, bo, "bo-1")
    leavers.connected(table, bo, "bo-2")
    leavers.disconnected("bo-1", now=start + 16)  # closed while bo-2 was open
    leavers.disconnected("bo-2", now=start + 14)  # a later closing, an earlier clock
    bo_seat.refresh_from_db()
    with django_assert_num_queries(1):
        read = statements.signs_of_presence(game.pk, bo_seat)
    assert read == orm_signs(game, bo_seat)
    assert not read.connected and read.last_action == start + 9
    assert read.last_retake.timestamp() == pytest.approx(start + 12)
    assert read.last_close.timestamp() == pytest.approx(start + 16)
    assert read.last_close.tzinfo is not None
    assert away.away_since(game, bo_seat, start + 30) == pytest.approx(start + 16)

    leavers.connected(table, bo, "bo-3")
    read = statements.signs_of_presence(game.pk, bo_seat)
    assert read == orm_signs(game, bo_seat)
    assert read.connected and read.last_close is None  # the earlier closings superseded
    assert away.away_since(game, bo_seat, start + 30) is None


def test_the_bots_standing_in_are_read_with_their_players_as_the_orm_reads_them(
    django_assert_num_queries,
):
    table, game, (ann, bo, cy) = seated_table("dragonformula", ["Ann", "Bo", "Cy"])
    leavers.leave(table, cy)
    leavers.leave(table, ann)
    leavers.leave(table, bo)
    leavers.retake(table, bo)  # an ended stand-in is not standing in
    expected = list(StandIn.objects.filter(game=game, ended__isnull=True).select_related("player"))
    with django_assert_num_queries(1):
        read = statements.active_stand_ins(game.pk)
        names = [stand_in.player.display_name for stand_in in read]
    assert [fields(s) for s in read] == [fields(s) for s in expected]
    assert [fields(s.player) for s in read] == [fields(s.player) for s in expected]
    assert names == ["Cy", "Ann"]
    assert read[0].started.tzinfo is not None
    assert set(away.active_stand_ins(game)) == {0, 2}
    assert statements.active_stand_ins(game.pk + 1000) == []
