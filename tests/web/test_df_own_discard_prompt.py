"""A pick window as each seat reads it (issue 14, item 6): the discarder is told the others
are deciding, never asked to pick their own card; the others are asked "Pick?"."""

import re

import pytest

from games.regions import rendering
from games.registry import engine_for
from games.tables.actions import playing
from tests.web.tables import seated_table

pytestmark = pytest.mark.django_db
NAMES = ["Ann", "Ben", "Cho"]


def prompt_text(table, player) -> str:
    html = rendering.render_regions(table, player)["prompt"]
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_the_discarder_sees_the_others_deciding():
    table, game, players = seated_table(
        "dragonformula", NAMES, seed=3, options={"pick_seconds": 30}
    )
    engine = engine_for("dragonformula")
    for _step in range(20):
        if game.state["phase"] == "window":
            break
        seat = engine.waiting_for(game.state)[0]
        action = next(
            a for a in engine.legal_actions(game.state, seat) if a["type"] in ("draw", "discard")
        )
        game = playing.apply_action(game, players[seat], action, game.version)
    window = engine.view(game.state, 0)["window"]
    assert window is not None
    discarder = window["discarder"]
    others = [s for s in range(3) if s != discarder]

    own = prompt_text(table, players[discarder])
    assert "You discarded" in own and "the others are deciding" in own
    assert "Pick?" not in own and 'data-action="pass"' not in own
    assert "Pick?" in prompt_text(table, players[others[0]])

    # Once a seat has answered, it waits with the discarder.
    game = playing.apply_action(game, players[others[0]], {"type": "pass"}, game.version)
    assert "you answered; the others are deciding" in prompt_text(table, players[others[0]])
    assert "Pick?" in prompt_text(table, players[others[1]])


def test_the_discarder_reads_it_in_japanese():
    from django.utils import translation

    table, game, players = seated_table(
        "dragonformula", NAMES, seed=3, options={"pick_seconds": 30}
    )
    engine = engine_for("dragonformula")
    while game.state["phase"] != "window":
        seat = engine.waiting_for(game.state)[0]
        action = next(
            a for a in engine.legal_actions(game.state, seat) if a["type"] in ("draw", "discard")
        )
        game = playing.apply_action(game, players[seat], action, game.version)
    discarder = engine.view(game.state, 0)["window"]["discarder"]
    with translation.override("ja"):
        own = prompt_text(table, players[discarder])
    assert "ほかのプレイヤーがピックするか考えています" in own
    assert "ピックしますか" not in own
