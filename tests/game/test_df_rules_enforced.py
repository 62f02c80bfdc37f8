"""Bad input to the Dragon Formula engine: refused with a clear message, state unchanged."""

from __future__ import annotations

import pytest

from dragonformula.rules.engine import ENGINE
from tests.game.df_table import act, deal, table, unchanged_by

WAITING_ON_6 = "W6 C6 S6 W1 C1 S1 W2 C2 S2 M4"


@pytest.fixture
def at_draw():
    return table(4, [deal(4, {0: "M3", 1: "M7", 2: WAITING_ON_6}, pile="PK M6")])


@pytest.fixture
def at_discard(at_draw):
    return act(at_draw, 0, "draw")


@pytest.fixture
def in_window(at_discard):
    return act(at_discard, 0, "discard", "PK")


@pytest.fixture
def after_pick(in_window):
    state = act(act(act(in_window, 1, "pick"), 2, "pass"), 3, "pass")
    assert state["phase"] == "pick_discard"
    return state


@pytest.mark.parametrize(
    ("fixture", "seat", "action", "code"),
    [
        ("at_draw", 1, {"type": "draw"}, "not_your_turn"),
        ("at_draw", 0, {"type": "discard", "card": "M3"}, "draw_first"),
        ("at_draw", 0, {"type": "dan"}, "dan_not_now"),
        ("at_draw", 1, {"type": "pick"}, "no_window"),
        ("at_draw", None, {"type": "draw"}, "not_seated"),
        ("at_draw", 4, {"type": "draw"}, "not_seated"),
        ("at_draw", 0, {"type": "shuffle"}, "unknown_action"),
        ("at_draw", 0, {"card": "W1"}, "malformed_action"),
        ("at_draw", None, {"type": "tick"}, "nothing_due"),
        ("at_discard", 0, {"type": "draw"}, "already_drawn"),
        ("at_discard", 0, {"type": "discard", "card": "W6"}, "card_not_in_hand"),
        ("at_discard", 0, {"type": "discard", "card": "X11"}, "bad_card"),
        ("at_discard", 0, {"type": "discard", "card": 7}, "bad_card"),
        ("at_discard", 0, {"type": "discard"}, "bad_card"),
        ("at_discard", 0, {"type": "discard_major", "card": "M3"}, "no_pick"),
        ("at_discard", 0, {"type": "dan"}, "hand_does_not_win"),
        ("at_discard", 1, {"type": "discard", "card": "M7"}, "not_your_turn"),
        ("in_window", 0, {"type": "pick"}, "own_discard"),
        ("in_window", 3, {"type": "pick"}, "no_major"),
        ("in_window", 1, {"type": "pick_and_dan"}, "discard_does_not_win"),
        ("in_window", 1, {"type": "draw"}, "window_open"),
        ("in_window", 0, {"type": "discard", "card": "M3"}, "window_open"),
        ("after_pick", 1, {"type": "discard_major", "card": "PK"}, "must_discard_major"),
        ("after_pick", 1, {"type": "discard", "card": "W1"}, "card_not_in_hand"),
        ("after_pick", 2, {"type": "pass"}, "no_window"),
        ("after_pick", 2, {"type": "draw"}, "not_your_turn"),
    ],
)
def test_illegal_actions_are_refused_and_change_nothing(request, fixture, seat, action, code):
    state = request.getfixturevalue(fixture)
    assert unchanged_by(state, seat, action) == code


def test_a_picker_may_not_throw_back_the_major_just_picked():
    state = table(4, [deal(4, {0: "M3", 1: "M7"}, pile="PK")])
    state = act(act(state, 0, "draw"), 0, "discard", "M3")
    state = act(act(act(state, 1, "pick"), 2, "pass"), 3, "pass")
    assert {"type": "discard_major", "card": "M3"} not in ENGINE.legal_actions(state, 1)
    assert unchanged_by(state, 1, {"type": "discard_major", "card": "M3"}) == "picked_card"
    assert unchanged_by(state, 1, {"type": "discard", "card": "M3"}) == "picked_card"
    state = act(state, 1, "discard_major", "M7")
    assert state["discards"][1] == ["M7"]


def test_answering_twice_or_after_the_deadline_is_refused(in_window):
    state = act(in_window, 2, "pass")
    assert unchanged_by(state, 2, {"type": "pick"}) == "already_answered"
    late = state["window"]["deadline"]
    assert unchanged_by(state, 1, {"type": "pick"}, now=late) == "window_closed"


def test_acting_in_a_window_that_has_closed(in_window):
    closed = act(act(act(in_window, 1, "pass"), 2, "pass"), 3, "pass")
    assert closed["phase"] == "draw"
    assert unchanged_by(closed, 2, {"type": "pick"}) == "no_window"


def test_lower_case_codes_are_accepted(at_discard):
    state = act(at_discard, 0, "discard", " m3 ")
    assert state["window"]["card"] == "M3"


def test_refusals_carry_a_readable_message(in_window):
    with pytest.raises(Exception) as refused:
        act(in_window, 3, "pick")
    assert refused.value.message == "You hold no major arcana to pick with."


def test_a_finished_match_refuses_everything():
    from tests.game.df_table import play_out

    state = table(2, [deal(2, {})])
    state = play_out(play_out(state))
    assert state["finished"]
    assert unchanged_by(state, 0, {"type": "draw"}) == "match_over"
    assert ENGINE.legal_actions(state, 0) == [] and ENGINE.deadline(state) is None


@pytest.mark.parametrize(
    "options",
    [
        {"dan_assist": "yes"},
        {"pick_seconds": -1},
        {"pick_seconds": "8"},
        {"sets": 0},
        {"sets": 1.5},
        {"deck": []},
    ],
)
def test_bad_table_options_are_named(options):
    with pytest.raises(ValueError, match=next(iter(options))):
        ENGINE.validate_options(options)


@pytest.mark.parametrize("players", [1, 5, True])
def test_only_two_to_four_players(players):
    with pytest.raises(ValueError, match="2 to 4 players"):
        ENGINE.new_game(players, {}, seed=1)


def test_options_default_and_validate():
    clock = {"turn_seconds": 30, "time_bank": 60, "auto_pass": False, "fire_seat": None}
    assert ENGINE.default_options() == {"dan_assist": True, "pick_seconds": 8, "sets": 1, **clock}
    assert ENGINE.validate_options({"dan_assist": False, "sets": 3}) == {
        "dan_assist": False,
        "pick_seconds": 8,
        "sets": 3,
        **clock,
    }
