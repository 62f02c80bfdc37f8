"""Between two games: the result stays until every seat presses "Next game" (or 30 s),
with every hand shown, the winning card and whose discard it was."""

from __future__ import annotations

import pytest

from dragonformula.rules.between import RESULT_SECONDS
from dragonformula.rules.engine import ENGINE
from tests.game.df_table import act, all_pass, cards, deal, table, unchanged_by

WAITING_ON_6 = "W6 C6 S6 W1 C1 S1 W2 C2 S2 M4"


def _pick_and_dan():
    """Seat 1 discards M6 at 10.0; seat 2 wins with it (Pick-and-Dan)."""
    state = table(4, [deal(4, {0: "M3 WK", 1: "M7", 2: WAITING_ON_6}, pile="PK M6")])
    state = all_pass(act(act(state, 0, "draw"), 0, "discard", "WK"))
    state = act(act(state, 1, "draw"), 1, "discard", "M6", now=10.0)
    state = act(state, 2, "pick_and_dan", now=11.0)
    return act(act(state, 3, "pass", now=12.0), 0, "pass", now=12.5)


def test_the_result_stays_until_every_seat_presses_next_game():
    state = _pick_and_dan()
    assert state["phase"] == "result" and ENGINE.waiting_for(state) == [0, 1, 2, 3]
    assert ENGINE.deadline(state) == 12.5 + RESULT_SECONDS
    assert unchanged_by(state, 1, {"type": "draw"}) == "result_shown"
    for seat in (0, 1, 3):
        assert ENGINE.legal_actions(state, seat)[0] == {"type": "next_game"}
        state = act(state, seat, "next_game", now=13.0)
    assert state["phase"] == "result" and ENGINE.waiting_for(state) == [2]
    assert unchanged_by(state, 0, {"type": "next_game"}) == "ready"
    state = act(state, 2, "next_game", now=14.0)
    assert state["phase"] == "draw" and state["starter"] == 1
    assert state["events"][0]["type"] == "game_start" and state["events"][0]["game"] == 2


def test_after_thirty_seconds_the_next_game_starts_without_the_slow_seats():
    state = act(_pick_and_dan(), 0, "next_game", now=13.0)
    assert unchanged_by(state, None, {"type": "tick"}, now=12.5 + RESULT_SECONDS - 0.1) == (
        "nothing_due"
    )
    state = ENGINE.apply(state, None, {"type": "tick"}, 12.5 + RESULT_SECONDS)
    assert state["phase"] == "draw" and state["result"] is None


def test_every_seat_sees_every_hand_the_winning_card_and_whose_discard_it_was():
    state = _pick_and_dan()
    hands = [sorted(hand) for hand in state["hands"]]
    for seat in (0, 1, 2, 3, None):
        last = ENGINE.view(state, seat)["last_game"]
        assert [sorted(hand) for hand in last["hands"]] == hands
        assert last["via"] == "pick_and_dan" and last["from"] == 1
        assert last["winning_card"] == "M6"
        assert last["hands"][2] == cards("W1 W2 W6 C1 C2 C6 S1 S2 S6 M4 M6")


def test_a_dan_marks_the_drawn_card_and_no_discard():
    state = table(4, [deal(4, {0: WAITING_ON_6}, pile="M6")])
    state = act(act(state, 0, "draw"), 0, "dan", now=3.0)
    last = ENGINE.view(state, 2)["last_game"]
    assert last["winning_card"] == "M6" and last["from"] is None and last["via"] == "dan"


def test_a_pile_run_out_shows_every_hand_too():
    state = table(2, [deal(2, {})])
    while state["phase"] != "result":
        seat = state["turn"]
        state = act(state, seat, "draw")
        state = all_pass(act(state, seat, "discard", state["hands"][seat][-1]))
    last = ENGINE.view(state, 1)["last_game"]
    assert last["result"] == "exhaust"
    assert last["hands"][0] == sorted(last["hands"][0], key=cards_order)
    assert [len(hand) for hand in last["hands"]] == [10, 10]
    assert last["hands"] == [ENGINE.view(state, seat)["hand"] for seat in (0, 1)]


def cards_order(code: str) -> int:
    from dragonformula.rules.cards import INDEX

    return INDEX[code]


@pytest.mark.parametrize("seat", [0, 1, 2, 3])
def test_no_other_hand_is_shown_while_the_game_runs(seat):
    state = table(4, [deal(4, {0: "M3 WK", 1: "M7", 2: WAITING_ON_6}, pile="PK M6")])
    state = act(act(state, 0, "draw"), 0, "discard", "WK")
    seen = ENGINE.view(state, seat)
    assert seen["last_game"] is None
    others = {c for other, hand in enumerate(state["hands"]) if other != seat for c in hand}
    assert not others & set(str(seen).split("'"))
