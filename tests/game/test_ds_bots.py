"""Bots: legal, deterministic, and the heuristic plays sensibly."""

from __future__ import annotations

import pytest

from dragsaga.rules import ENGINE
from dragsaga.rules.bots import simulate_game
from tests.game.ds_helpers import act, new_table, pass_round, place_all, round_one


def test_bot_levels_weakest_first():
    assert list(ENGINE.bot_levels()) == ["random", "heuristic", "strong"]
    with pytest.raises(ValueError):
        ENGINE.bot_action(new_table(2), 0, "genius")


@pytest.mark.parametrize("level", ["random", "heuristic"])
def test_a_bot_action_is_legal_and_a_function_of_the_state(level):
    state = ENGINE.new_game(4, {}, seed=8)
    for _ in range(60):
        seat = ENGINE.waiting_for(state)[0]
        action = ENGINE.bot_action(state, seat, level)
        assert action == ENGINE.bot_action(state, seat, level)
        assert action in ENGINE.legal_actions(state, seat)
        state = ENGINE.apply(state, seat, action, 0.0)


def test_the_heuristic_targets_the_leader():
    state = pass_round(new_table(4, start=0))
    for seat, damage in enumerate([6, 4, 7, 2]):
        state["seats"][seat]["damage"] = damage
    targets = [ENGINE.bot_action(state, seat, "heuristic")["target"] for seat in range(4)]
    assert targets == [3, 3, 3, 1]


def test_the_heuristic_guards_an_attack_it_can_block():
    state = round_one(3, {0: ["fang", "claw"], 1: ["scale_shield", "claw"], 2: ["claw", "sparks"]})
    state = act(state, 0, type="flip", card="fang")
    assert ENGINE.bot_action(state, 1, "heuristic") == {"type": "guard", "card": "scale_shield"}


def test_the_heuristic_keeps_its_guard_face_down_for_a_later_attacker():
    placings = {
        0: (["claw", "divine_aegis"], 1),
        1: (["claw", "sparks"], 2),
        2: (["fang", "sparks"], 0),
    }
    state = place_all(new_table(3, start=0, dragon="divine_aegis"), placings)
    # seat 2 (still to play) targets seat 0: a Claw is not worth losing the Aegis for
    assert ENGINE.bot_action(state, 0, "heuristic") == {"type": "pass"}

    state = place_all(new_table(3, start=1, dragon="divine_aegis"), placings)
    state = act(state, 1, type="pass")
    state = act(state, 2, type="pass")
    # seat 0 plays last: nobody is left to attack it, so it flips its Claw
    assert ENGINE.bot_action(state, 0, "heuristic") == {"type": "flip", "card": "claw"}


def _only_in_hand(state, seat, cards):
    """Stack a hand: ``cards`` stay in hand, the rest of the hand goes to the discard pile."""
    me = state["seats"][seat]
    me["discard"] += [card for card in me["hand"] if card not in cards]
    me["hand"] = [card for card in me["hand"] if card in cards]


def test_the_heuristic_dumps_costly_cards_when_the_end_is_near():
    guards = ["scale_shield", "wing_shield", "dragonscale_ward", "divine_aegis"]
    early = new_table(2, start=0, dragon="divine_aegis")
    _only_in_hand(early, 0, guards + ["claw", "sparks", "fang", "wind_blade", "tail_sweep"])
    assert "divine_aegis" not in ENGINE.bot_action(early, 0, "heuristic")["cards"]

    late = new_table(2, start=0, dragon="divine_aegis")
    _only_in_hand(late, 0, guards)  # four cards left: the end is near
    assert "divine_aegis" in ENGINE.bot_action(late, 0, "heuristic")["cards"]


def test_the_heuristic_beats_random_bots():
    wins = 0.0
    penalties = {"heuristic": 0, "random": 0}
    for seed in range(24):
        state = simulate_game(ENGINE, 4, seed, ["heuristic", "random", "random", "random"])
        result = ENGINE.outcome(state)
        if 0 in result["winners"]:
            wins += 1 / len(result["winners"])
        for row in result["placings"]:
            penalties["heuristic" if row["seat"] == 0 else "random"] += row["penalty"]
    assert wins / 24 > 0.5  # a random seat would win about a quarter
    assert penalties["heuristic"] < penalties["random"] / 3
