"""Defects found in review of the DragSaga engine, each pinned by a test."""

from __future__ import annotations

from typing import Any

from dragsaga.rules import ENGINE
from dragsaga.rules.bots import simulate_game
from games.engine import dumps
from tests.game.ds_helpers import act, round_one


def _scribble(value: Any) -> None:
    """Change every dict and list inside ``value`` (what a careless caller might do)."""
    if isinstance(value, dict):
        for inner in list(value.values()):
            _scribble(inner)
        value["scribbled"] = True
    elif isinstance(value, list):
        for inner in list(value):
            _scribble(inner)
        value.append("scribbled")


def test_changing_a_view_never_changes_the_game():
    """A view is a seat's copy: a web layer that edits it (say, to translate events)
    must not change the game, its log or its result."""
    attack = round_one(3, {0: ["roar", "claw"], 1: ["wing_shield", "claw"], 2: ["claw", "sparks"]})
    attack = act(attack, 0, type="flip", card="roar")
    finished = simulate_game(ENGINE, 3, 5, ["random"] * 3)
    for state in (ENGINE.new_game(3, {}, seed=2), attack, finished):
        before = dumps(state)
        for viewer in (None, 0, 1, 2):
            _scribble(ENGINE.view(state, viewer))
            assert dumps(state) == before
