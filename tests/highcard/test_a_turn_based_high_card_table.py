"""High Card at a turn-based table: no clock of its own (days may pass between moves), the
seat to play has the table's move deadline, and once it has passed the server lays that
seat's lowest card, once."""

from __future__ import annotations

import pytest

from examples.highcard.rules import value
from games.turns import scheduler
from games.turns.models import DAY
from tests.turns.turn_tables import deadlines_of, time_outs, turn_based_table

pytestmark = pytest.mark.django_db


def test_a_seat_past_its_move_deadline_has_its_lowest_card_laid_once(highcard):
    table, game, _players = turn_based_table("highcard", ["ann", "ben"])
    start, dealt = game.created.timestamp(), list(game.state["hands"][0])
    assert game.state["deadline"] is None  # no clock of the game's own
    assert deadlines_of(game) == {("move", 0): pytest.approx(start + DAY)}
    assert scheduler.run_due(start + DAY - 60) == 0 and time_outs(game) == []
    assert scheduler.run_due(start + DAY + 1) >= 1
    assert time_outs(game) == [0]
    game.refresh_from_db()
    assert game.state["laid"][0] == min(dealt, key=value) and game.state["turn"] == 1
    assert deadlines_of(game) == {("move", 1): pytest.approx(start + DAY + 1 + DAY)}
    assert scheduler.run_due(start + DAY + 2) == 0 and time_outs(game) == [0]
