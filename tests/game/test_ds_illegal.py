"""Bad input is refused with a clear IllegalAction and changes nothing."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dragsaga.rules import ENGINE
from games.engine import IllegalAction, dumps
from tests.game.ds_helpers import NOW, act, new_table, refused, round_one


@pytest.fixture
def placing():
    """Round 1, four players, start player 0; seat 0 has already placed."""
    return act(new_table(4, start=0), 0, type="place", cards=["claw", "fang"])


@pytest.fixture
def turns():
    """Round 1 turns, three players, start player 0, seat 0 has flipped Fang at seat 1."""
    state = round_one(
        3, {0: ["fang", "claw"], 1: ["scale_shield", "charge"], 2: ["claw", "sparks"]}
    )
    return act(state, 0, type="flip", card="fang")


@pytest.mark.parametrize(
    ("seat", "action", "code"),
    [
        (1, {"type": "place", "cards": ["claw"]}, "place_two_cards"),
        (1, {"type": "place", "cards": ["claw", "fang", "sparks"]}, "place_two_cards"),
        (1, {"type": "place", "cards": ["claw", "claw"]}, "place_two_cards"),
        (1, {"type": "place", "cards": "claw fang"}, "place_two_cards"),
        (1, {"type": "place", "cards": ["claw", "divine_blaze"]}, "card_not_in_hand"),
        (1, {"type": "place", "cards": ["claw", "W3"]}, "card_not_in_hand"),
        (1, {"type": "place", "cards": ["claw", "fang"], "target": 1}, "bad_target"),
        (1, {"type": "place", "cards": ["claw", "fang"], "target": 7}, "bad_target"),
        (1, {"type": "place", "cards": ["claw", "fang"], "target": "2"}, "bad_target"),
        (0, {"type": "place", "cards": ["sparks", "wind_blade"]}, "already_chosen"),
        (1, {"type": "choose_dragon", "card": "divine_storm"}, "wrong_phase"),
        (1, {"type": "flip", "card": "claw"}, "wrong_phase"),
        (1, {"type": "pass"}, "wrong_phase"),
        (1, {"type": "no_guard"}, "no_attack"),
        (1, {"type": "shuffle"}, "unknown_action"),
        (1, {"card": "claw"}, "malformed_action"),
        (1, ["place"], "malformed_action"),
        (4, {"type": "pass"}, "bad_seat"),
        (None, {"type": "pass"}, "bad_seat"),
        (True, {"type": "pass"}, "bad_seat"),
    ],
)
def test_bad_placing_actions(placing, seat, action, code):
    before = dumps(placing)
    with pytest.raises(IllegalAction) as caught:
        ENGINE.apply(placing, seat, action, NOW)
    assert caught.value.code == code
    assert caught.value.message
    assert dumps(placing) == before


@pytest.mark.parametrize(
    ("seat", "action", "code"),
    [
        (0, {"type": "flip", "card": "claw"}, "guard_window_open"),
        (0, {"type": "end_turn"}, "guard_window_open"),
        (2, {"type": "no_guard"}, "not_hit"),
        (1, {"type": "guard", "card": "charge"}, "attack_on_others_turn"),
        (1, {"type": "guard", "card": "wing_shield"}, "card_not_placed"),
        (1, {"type": "guard", "card": None}, "malformed_action"),
        (1, {"type": "guard", "card": 3}, "malformed_action"),
        (1, {"type": "place", "cards": ["claw", "sparks"]}, "wrong_phase"),
    ],
)
def test_bad_actions_during_an_attack(turns, seat, action, code):
    refused(turns, seat, code, **action)


def test_bad_actions_on_a_turn(turns):
    state = act(turns, 1, type="no_guard")
    refused(state, 0, "already_flipped", type="flip", card="fang")
    refused(state, 0, "card_not_placed", type="flip", card="charge")
    refused(state, 0, "already_flipped", type="pass")
    refused(state, 2, "not_your_turn", type="end_turn")
    refused(state, 1, "no_attack", type="guard", card="scale_shield")
    state = act(state, 0, type="end_turn")
    refused(state, 1, "nothing_flipped", type="end_turn")


def test_nothing_is_accepted_after_the_end():
    state = new_table(2, start=0, place_seconds=1, turn_seconds=1, guard_seconds=1)
    at = NOW
    while not state["finished"]:
        at = ENGINE.deadline(state)
        state = ENGINE.apply(state, None, {"type": "tick"}, at)
    refused(state, 0, "game_over", type="pass")
    refused(state, None, "game_over", type="tick")
    assert ENGINE.legal_actions(state, 0) == []


def test_each_hit_player_answers_once():
    state = round_one(3, {0: ["roar", "claw"], 1: ["wing_shield", "claw"], 2: ["claw", "sparks"]})
    state = act(state, 0, type="flip", card="roar")
    state = act(state, 2, type="no_guard")
    refused(state, 2, "already_answered", type="no_guard")
    refused(state, 2, "already_answered", type="guard", card="claw")
    refused(state, 1, "attack_on_others_turn", type="guard", card="claw")
    state = act(state, 1, type="guard", card="wing_shield")
    assert [s["damage"] for s in state["seats"]] == [0, 0, 2]


junk = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 6),
    st.floats(allow_nan=False),
    st.sampled_from(["claw", "fang", "scale_shield", "divine_storm", "W3", ""]),
    st.lists(st.sampled_from(["claw", "fang", "charge", "x"]), max_size=3),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
)
actions = st.fixed_dictionaries(
    {
        "type": st.sampled_from(
            [
                "choose_dragon",
                "place",
                "flip",
                "guard",
                "no_guard",
                "change_target",
                "pass",
                "end_turn",
                "tick",
                "nap",
            ]
        )
    },
    optional={"card": junk, "cards": junk, "target": junk, "discard": junk},
)


_TURNS = round_one(3, {seat: ["fang", "scale_shield"] for seat in range(3)})
MOMENTS = {
    "placing": new_table(3, start=0),
    "turns": _TURNS,
    "attack": act(_TURNS, 0, type="flip", card="fang"),  # seat 1 may guard
}


@settings(max_examples=300, deadline=None)
@given(action=actions, seat=junk, moment=st.sampled_from(["placing", "turns", "attack"]))
def test_any_action_is_applied_or_refused_cleanly(action, seat, moment):
    state = MOMENTS[moment]
    before = dumps(state)
    try:
        ENGINE.apply(state, seat, action, NOW)
    except IllegalAction as error:
        assert error.code and error.message
    assert dumps(state) == before
