"""After a move, the server's next timer also counts down to the take-over of a seat whose
player has no table page open, read with the move's one seat query; with every page open,
nothing is due but the game's own deadline."""

import time

import pytest

from dragsaga.rules.engine import ENGINE as DS
from games.presence import leavers
from games.presence.models import AwayLimit
from games.tables.actions import playing
from tests.web.tables import seated_table

pytestmark = pytest.mark.django_db


def move(game, players, django_capture_on_commit_callbacks):
    seat = DS.waiting_for(game.state)[0]
    action = DS.bot_action(game.state, seat, "heuristic")
    with django_capture_on_commit_callbacks(execute=True):
        return playing.apply_action(game, players[seat], action, game.version)


def test_a_seat_without_a_page_is_due_for_a_bot_after_the_tables_limit(
    armed, django_capture_on_commit_callbacks
):
    table, game, players = seated_table("dragsaga", ["Ann", "Bo", "Cy"], seed=3)
    AwayLimit.objects.create(table=table, seconds=5)
    for number, player in enumerate(players[:2]):  # Cy never opened the table
        leavers.connected(table, player, f"page-{number}")
    started = game.created.timestamp()  # a seat never opened is away since the game began
    game = move(game, players, django_capture_on_commit_callbacks)
    (_game, version, delay) = armed[-1]
    assert version == game.version
    assert 5 - (time.time() - started) - 1 <= delay <= 5


def test_with_every_page_open_only_the_deadline_is_armed(armed, django_capture_on_commit_callbacks):
    table, game, players = seated_table("dragsaga", ["Ann", "Bo", "Cy"], seed=3)
    AwayLimit.objects.create(table=table, seconds=5)
    for number, player in enumerate(players):
        leavers.connected(table, player, f"page-{number}")
    game = move(game, players, django_capture_on_commit_callbacks)
    (_game, _version, delay) = armed[-1]
    assert delay == pytest.approx(DS.deadline(game.state) - time.time(), abs=1.0)
    assert delay > 5
