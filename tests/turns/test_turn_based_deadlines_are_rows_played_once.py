"""A turn-based table's deadlines are database rows, played by the scheduler once each:
out of time, the server plays the seat's turn as at a live table; twice in a row, a bot
stands in until the player is back."""

from __future__ import annotations

import pytest

from games.live import timers
from games.presence import leavers
from games.presence.models import StandIn
from games.registry import game_kind
from games.tables.actions import pace as table_pace
from games.tables.actions import playing
from games.turns import scheduler
from games.turns.models import DAY, HOUR, Deadline
from tests.turns.turn_tables import deadlines_of, time_outs, turn_based_table

pytestmark = pytest.mark.django_db


def test_the_seat_to_move_has_a_day_and_nothing_is_armed_in_memory():
    table, game, players = turn_based_table("dragonformula", ["ann", "ben"])
    start = game.created.timestamp()
    starter = game.state["turn"]
    assert deadlines_of(game) == {("move", starter): pytest.approx(start + DAY)}
    assert table_pace.next_wakeup(game, start) is None  # no timer for a turn-based game
    assert timers.resume_tables(start) == 0  # a restart arms nothing for it either
    row = Deadline.objects.get(game=game)
    assert row.player == players[starter] and row.table == table


def test_nothing_is_played_before_the_deadline_and_it_is_played_once_after():
    table, game, players = turn_based_table("dragonformula", ["ann", "ben"])
    start = game.created.timestamp()
    starter = game.state["turn"]
    assert scheduler.run_due(start + DAY - 60) == 0
    assert time_outs(game) == []
    assert scheduler.run_due(start + DAY + 1) >= 1
    assert time_outs(game) == [starter]
    game.refresh_from_db()
    # The starter drew and discarded the card drawn: the other seat is asked about it,
    # with a day of its own from the time-out, and the window waits for it.
    other = 1 - starter
    assert game.state["phase"] == "window" and game.state["window"]["deadline"] is None
    assert deadlines_of(game) == {("move", other): pytest.approx(start + DAY + 1 + DAY)}
    assert scheduler.run_due(start + DAY + 2) == 0  # played once: the row went with the move
    assert time_outs(game) == [starter]


def test_a_move_in_time_starts_the_next_seats_day():
    table, game, players = turn_based_table(
        "dragonformula", ["ann", "ben"], move_deadline=12 * HOUR
    )
    start = game.created.timestamp()
    starter = game.state["turn"]
    game = playing.apply_action(game, players[starter], {"type": "draw"}, game.version, start + 60)
    # A move restarts the mover's own deadline: each move has the table's twelve hours.
    assert deadlines_of(game) == {("move", starter): pytest.approx(start + 60 + 12 * HOUR)}
    card = game.state["hands"][starter][0]
    game = playing.apply_action(
        game, players[starter], {"type": "discard", "card": card}, game.version, start + 120
    )
    assert deadlines_of(game) == {("move", 1 - starter): pytest.approx(start + 120 + 12 * HOUR)}


def test_out_of_time_twice_in_a_row_a_bot_stands_in_until_the_player_is_back():
    table, game, players = turn_based_table("dragonformula", ["ann", "ben"])
    starter = game.state["turn"]
    other = 1 - starter
    at = game.created.timestamp()
    played = []
    for _round in range(6):  # the other seat never answers nor plays: each day, a time-out
        due = min(deadlines_of(game).values())
        at = max(at, due) + 1
        scheduler.run_due(at)
        game.refresh_from_db()
        played = time_outs(game)
        if StandIn.objects.filter(game=game, seat_number=other).exists():
            break
    assert played.count(other) == 2
    stand_in = StandIn.objects.get(game=game, seat_number=other)
    assert stand_in.reason == StandIn.Reason.OUT_OF_TIME and stand_in.player == players[other]
    table.refresh_from_db()
    seat = table.seats.get(number=other)
    assert seat.bot_level and seat.player is None
    # The bot's moves are deadlines too, a moment away, not a day.
    bots = {key: due for key, due in deadlines_of(game).items() if key[0] == "bot"}
    assert all(due - at < 5 for due in bots.values())
    leavers.retake(table, players[other], at + 3)  # "I'm back"
    seat.refresh_from_db()
    assert seat.player == players[other] and not seat.bot_level


def test_a_dragsaga_choice_gives_each_seat_its_own_deadline():
    table, game, players = turn_based_table("dragsaga", ["ann", "ben", "cy"])
    start = game.created.timestamp()
    engine = game_kind("dragsaga").engine
    assert game.state["deadline"] is None  # no clock of the game's own
    assert game.state["phase"] == "choose_dragon"
    assert deadlines_of(game) == {("move", n): pytest.approx(start + DAY) for n in range(3)}
    choice = engine.legal_actions(game.state, 0)[0]
    game = playing.apply_action(game, players[0], choice, game.version, start + 30)
    assert set(deadlines_of(game)) == {("move", 1), ("move", 2)}  # seat 0 has chosen
    scheduler.run_due(start + DAY + 1)
    game.refresh_from_db()
    assert sorted(time_outs(game)) == [1, 2]
    # Every seat has its dragon: the placing began, each seat with a day of its own.
    assert game.state["phase"] == "place"
    assert deadlines_of(game) == {
        ("move", n): pytest.approx(start + DAY + 1 + DAY) for n in range(3)
    }


def test_a_bot_at_a_turn_based_table_moves_at_its_pace_not_after_a_day():
    table, game, (ann,) = turn_based_table("dragsaga", ["ann"], bot_level="heuristic")
    start = game.created.timestamp()
    due = deadlines_of(game)
    assert due[("move", 0)] == pytest.approx(start + DAY)
    assert due[("bot", 1)] - start < 5  # the table's bot pace, a second or so
    assert scheduler.run_due(start + 5) == 1
    game.refresh_from_db()
    assert set(deadlines_of(game)) == {("move", 0)}  # the bot chose; ann still has her day
