"""DragSaga's round 1 offers no choice of target (RULES §2.3 2: everyone targets their
left neighbour): the prompt says so rather than leaving a lone name unexplained."""

import re

import pytest

from games.regions import rendering
from games.registry import engine_for
from games.tables.actions import playing
from tests.web.tables import seated_table

pytestmark = pytest.mark.django_db
ENGINE = engine_for("dragsaga")


def prompt_text(table, player) -> str:
    html = rendering.render_regions(table, player)["prompt"]
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_round_one_says_why_the_target_is_fixed():
    table, game, players = seated_table("dragsaga", ["Ann", "Ben", "Cho"], options={})
    while game.state["phase"] == "choose_dragon":
        seat = ENGINE.waiting_for(game.state)[0]
        action = ENGINE.legal_actions(game.state, seat)[0]
        game = playing.apply_action(game, players[seat], action, game.version)
    assert game.state["phase"] == "place" and game.state["round"] == 1
    text = prompt_text(table, players[0])
    assert "Target: Ben (in round 1 everyone targets their left neighbour)" in text
