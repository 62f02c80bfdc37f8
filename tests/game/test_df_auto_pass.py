""" "Pass automatically": the server answers Pass for a seat the moment a pick window opens,
unless the discard would complete its hand; the other seats cannot tell."""

from __future__ import annotations

from dragonformula.rules.engine import ENGINE
from tests.game.df_table import act, deal, table, unchanged_by

WAITING_ON_6 = "W6 C6 S6 W1 C1 S1 W2 C2 S2 M4"


def _auto(state, seat, on=True):
    return ENGINE.apply(state, seat, {"type": "auto_pass", "on": on}, 0.0)


def _table():
    return table(4, [deal(4, {0: "M3 WK M6", 1: "M7", 2: WAITING_ON_6}, pile="PK M20")])


def test_an_auto_passing_seat_has_passed_when_the_window_opens_and_nobody_else_can_tell():
    state = _auto(_table(), 1)
    assert ENGINE.view(state, 1)["auto_pass"] is True
    assert ENGINE.view(state, 2)["auto_pass"] is False  # each seat sees its own setting only
    state = act(act(state, 0, "draw"), 0, "discard", "WK")
    assert state["window"]["answers"][1] == "pass"
    assert ENGINE.waiting_for(state) == [2, 3]  # the server no longer waits for seat 1
    assert ENGINE.legal_actions(state, 1) == [{"type": "auto_pass", "on": False}]
    for other in (0, 2, 3, None):
        seen = ENGINE.view(state, other)
        assert seen["window"]["answered"] == [] and 1 in seen["waiting_for"]
    assert ENGINE.view(state, 1)["window"]["your_answer"] == "pass"
    state = act(act(state, 2, "pass"), 3, "pass")
    closed = [e for e in state["events"] if e["type"] == "window_closed"][-1]
    assert closed["answers"] == [None, "pass", "pass", "pass"]  # shown at the close, as always
    assert state["turn"] == 1 and state["phase"] == "draw"


def test_a_window_every_seat_answered_automatically_closes_at_once():
    state = _table()
    for seat in (1, 2, 3):
        state = _auto(state, seat)
    state = act(act(state, 0, "draw"), 0, "discard", "WK")
    assert state["phase"] == "draw" and state["turn"] == 1 and state["window"] is None


def test_a_discard_that_completes_the_hand_is_asked_as_usual():
    state = _auto(_table(), 2)
    state = act(act(state, 0, "draw"), 0, "discard", "M6")
    assert state["window"]["answers"][2] is None
    assert {"type": "pick_and_dan"} in ENGINE.legal_actions(state, 2)
    assert 2 in ENGINE.waiting_for(state)


def test_turning_it_off_asks_the_seat_again():
    state = _auto(_auto(_table(), 1), 1, on=False)
    state = act(act(state, 0, "draw"), 0, "discard", "WK")
    assert state["window"]["answers"][1] is None and 1 in ENGINE.waiting_for(state)


def test_a_malformed_setting_is_refused_and_changes_nothing():
    assert unchanged_by(_table(), 1, {"type": "auto_pass", "on": "yes"}) == "malformed_action"
    assert unchanged_by(_table(), 1, {"type": "auto_pass"}) == "malformed_action"


def test_bots_never_choose_the_setting():
    state = act(act(_table(), 0, "draw"), 0, "discard", "WK")
    for level in ENGINE.bot_levels():
        assert ENGINE.bot_action(state, 3, level)["type"] != "auto_pass"


def test_turned_on_in_an_open_window_it_passes_there_at_once():
    state = act(act(_table(), 0, "draw"), 0, "discard", "WK")
    state = act(act(state, 2, "pass"), 3, "pass")
    state = _auto(state, 1)  # the last seat still asked: the window closes
    assert state["window"] is None and state["turn"] == 1
    closed = [e for e in state["events"] if e["type"] == "window_closed"][-1]
    assert closed["answers"] == [None, "pass", "pass", "pass"]


def test_turned_on_in_a_window_its_discard_wins_it_is_still_asked():
    state = act(act(_table(), 0, "draw"), 0, "discard", "M6")
    state = _auto(state, 2)
    assert state["window"]["answers"][2] is None and 2 in ENGINE.waiting_for(state)
