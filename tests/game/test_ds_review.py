"""Defects found in review of the DragSaga engine, each pinned by a test."""

from __future__ import annotations

from typing import Any

from dragsaga.rules import ENGINE
from dragsaga.rules.bots import simulate_game
from games.engine import dumps
from tests.game.ds_helpers import act, flipped, new_table, pass_round, place_all, round_one


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


def test_a_player_who_guarded_with_both_cards_still_takes_a_turn():
    """The round's last player (seat 0; round 2, start player 1) flipped both placed
    cards as guards on seat 1's turn: their turn does not end by itself, so they may
    still pay a card to change target (a guard flipped earlier does not prevent it)."""
    state = pass_round(new_table(3, start=0))
    state = place_all(
        state,
        {
            0: (["wing_shield", "dragonscale_ward"], 1),
            1: (["sparks", "wind_blade"], 0),
            2: (["sparks", "fang"], 0),
        },
    )
    state = act(state, 1, type="flip", card="sparks")
    state = act(state, 0, type="guard", card="wing_shield")
    state = act(state, 1, type="flip", card="wind_blade")  # 1 + 2 <= 6
    state = act(state, 0, type="guard", card="dragonscale_ward")  # 2 + 3 <= 6
    state = act(state, 2, type="pass")
    assert state["turn"]["seat"] == 0 and flipped(state, 0) == ["wing_shield", "dragonscale_ward"]
    legal = ENGINE.legal_actions(state, 0)
    assert legal[-1] == {"type": "pass"}
    assert {"type": "change_target", "discard": "charge", "target": 2} in legal
    state = act(state, 0, type="change_target", discard="charge", target=2)
    state = act(state, 0, type="pass")
    assert state["round"] == 3
    assert state["seats"][0]["discard"][-3:] == ["charge", "wing_shield", "dragonscale_ward"]
