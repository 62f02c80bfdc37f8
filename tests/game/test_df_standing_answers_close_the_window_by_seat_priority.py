"""Standing answers at a turn-based table (dragonformula.rules.standing): a standing answer
is an answer given in time. Every combination of the three seats' standing answers, and of
what the seats still asked then answer (or their deadline passing), closes the window as
the rules' priority says: the nearest declaring seat after the discarder takes the card."""

from __future__ import annotations

import itertools

import pytest

from dragonformula.rules.engine import ENGINE
from games.engine import IllegalAction, time_out_action
from tests.game.df_table import act, deal, table

# Seat 0 draws PK and discards M6. Seat 1 holds M5 M7 (M6 completes a meld of theirs, not
# their hand); seat 2's hand wins with M6 (and holds the major M4); seat 3 holds M20 only.
WAITING_ON_6 = "W6 C6 S6 W1 C1 S1 W2 C2 S2 M4"
HANDS = {0: "M3 WK M6", 1: "M5 M7", 2: WAITING_ON_6, 3: "M20"}
STANDING = ("ask", "pass_unless_dan", "pass_unless_meld")
# What each seat's standing answer answers to M6 by itself (None: the seat is asked).
BY_STANDING = {
    1: {"ask": None, "pass_unless_dan": "pass", "pass_unless_meld": None},
    2: {"ask": None, "pass_unless_dan": "pick_and_dan", "pass_unless_meld": None},
    3: {"ask": None, "pass_unless_dan": "pass", "pass_unless_meld": "pass"},
}
# What an asked seat may answer: its offered answers, or nothing until its deadline passes.
WHEN_ASKED = {
    1: ("pick", "pass", "time_out"),
    2: ("pick_and_dan", "pick", "pass", "time_out"),
    3: ("pick", "pass", "time_out"),
}
DECLARING = ("pick", "pick_and_dan")


def _turn_based_table():
    return table(4, [deal(4, HANDS, pile="PK M21")], pick_seconds=0, turn_seconds=0)


def _with_standing(state, answers):
    for seat, answer in zip((1, 2, 3), answers, strict=True):
        state = ENGINE.apply(state, seat, {"type": "standing_answer", "answer": answer}, 0.0)
    return state


def _answer(state, seat, answer):
    if answer == "time_out":
        return ENGINE.apply(state, None, time_out_action(seat), 5.0)
    return act(state, seat, answer, now=1.0)


def _last_closed(state):
    """The last window's close (a Pick-and-Dan ends the game: then it is the last game's)."""
    closed = [e for e in state["events"] if e["type"] == "window_closed"]
    if not closed:
        closed = [e for e in state["last_game"]["events"] if e["type"] == "window_closed"]
    return closed[-1]


def _expected_taker(final):
    return next((seat for seat in (1, 2, 3) if final[seat] in DECLARING), None)


@pytest.mark.parametrize("standing", list(itertools.product(STANDING, repeat=3)))
def test_every_combination_closes_the_window_as_the_rules_priority_says(standing):
    state = _with_standing(_turn_based_table(), standing)
    for seat in (1, 2, 3):  # each seat sees its own standing answer only
        assert ENGINE.view(state, seat)["standing_answer"] == standing[seat - 1]
    opened = act(act(state, 0, "draw"), 0, "discard", "M6")
    given = {seat: BY_STANDING[seat][standing[seat - 1]] for seat in (1, 2, 3)}
    asked = [seat for seat in (1, 2, 3) if given[seat] is None]
    if not asked:  # every asked seat answered by its standing answer: closed at once
        assert opened["window"] is None or opened["phase"] != "window"
        assert _last_closed(opened)["taker"] == _expected_taker(given)
        return
    assert opened["phase"] == "window" and ENGINE.waiting_for(opened) == asked
    for seat in (0, 1, 2, 3):  # nobody else can tell a seat answered by standing answer
        seen = ENGINE.view(opened, seat)["window"]
        assert set(seen["answered"]) <= {seat}
    for answers in itertools.product(*(WHEN_ASKED[seat] for seat in asked)):
        for order in (asked, list(reversed(asked))):  # who answers first changes nothing
            chosen = dict(zip(asked, answers, strict=True))
            state = opened
            for seat in order:
                state = _answer(state, seat, chosen[seat])
            final = {**given, **{s: "pass" if a == "time_out" else a for s, a in chosen.items()}}
            closed = _last_closed(state)
            assert closed["taker"] == _expected_taker(final), (standing, chosen, order)
            assert closed["answers"][1:] == [final[1], final[2], final[3]]


def test_a_seat_that_changes_its_standing_answer_while_asked_answers_at_once():
    opened = act(act(_turn_based_table(), 0, "draw"), 0, "discard", "M6")
    assert ENGINE.waiting_for(opened) == [1, 2, 3]
    state = ENGINE.apply(opened, 3, {"type": "standing_answer", "answer": "pass_unless_meld"}, 1)
    assert ENGINE.waiting_for(state) == [1, 2]
    assert state["window"]["answers"][3] == "pass"


@pytest.mark.parametrize("answer", ["always", "", "ASK", "pass unless dan", 7, None, True])
def test_a_standing_answer_not_offered_is_refused_and_changes_nothing(answer):
    state = _turn_based_table()
    with pytest.raises(IllegalAction) as refused:
        ENGINE.apply(state, 1, {"type": "standing_answer", "answer": answer}, 0.0)
    assert refused.value.code in ("bad_standing_answer",)
    assert ENGINE.view(state, 1)["standing_answer"] == "ask"


def test_a_time_out_for_a_seat_that_owes_nothing_is_refused():
    state = _turn_based_table()  # seat 0 is to draw: nothing is due from seat 2
    with pytest.raises(IllegalAction) as refused:
        ENGINE.apply(state, None, time_out_action(2), 1.0)
    assert refused.value.code == "nothing_due"
