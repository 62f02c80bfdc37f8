"""The turn clock: seconds per turn plus a time bank per seat and set; out of time, the
server plays for the seat (draw, then discard the drawn card) and counts the timeout; the
count of turns in a row out of time, which the platform reads to stand a bot in
(tests/web/test_stand_ins_for_seats_out_of_time.py), starts again when the seat acts."""

from __future__ import annotations

import pytest

from dragonformula.rules.engine import ENGINE
from tests.game.df_table import act, all_pass, deal, next_game, table, unchanged_by

WAITING_ON_6 = "W6 C6 S6 W1 C1 S1 W2 C2 S2 M4"


def _table(**options):
    options = {"turn_seconds": 20, "time_bank": 30, **options}
    state = table(
        4, [deal(4, {0: "M3 WK", 1: "M7 M8", 2: WAITING_ON_6}, pile="PK M6 CK")], **options
    )
    return state


def tick(state, now):
    return ENGINE.apply(state, None, {"type": "tick"}, now)


def test_a_turn_has_its_seconds_plus_what_is_left_of_the_bank():
    state = _table()  # dealt at 0.0: seat 0's turn starts
    assert ENGINE.deadline(state) == 20 + 30
    state = act(state, 0, "draw", now=5.0)
    assert ENGINE.deadline(state) == 50  # drawing does not restart the turn's clock
    assert ENGINE.view(state, 1)["clock"]["seat"] == 0  # every seat sees whose clock runs


def test_a_slow_turn_spends_the_bank_and_the_next_turn_has_less():
    state = act(_table(), 0, "draw", now=1.0)
    state = act(state, 0, "discard", "WK", now=32.0)  # 12 s past the turn's 20
    assert ENGINE.view(state, 2)["clock"]["banks"] == [18.0, 30.0, 30.0, 30.0]
    assert ENGINE.deadline(state) == 32.0 + 8  # the pick window's own deadline
    state = all_pass(state)
    state = act(act(state, 1, "draw", now=33.0), 1, "discard", "M7", now=34.0)
    state = all_pass(state)
    state = act(act(state, 2, "draw", now=35.0), 2, "discard", "CK", now=36.0)
    state = all_pass(state)
    state = act(state, 3, "draw", now=37.0)
    state = act(state, 3, "discard", state["hands"][3][-1], now=38.0)
    state = ENGINE.apply(state, 0, {"type": "pass"}, 38.5)
    state = ENGINE.apply(state, 1, {"type": "pass"}, 38.5)
    state = ENGINE.apply(state, 2, {"type": "pass"}, 39.0)  # seat 0's turn from 39.0
    assert state["turn"] == 0 and ENGINE.deadline(state) == 39.0 + 20 + 18


def test_out_of_time_the_server_draws_and_discards_the_drawn_card():
    state = _table()
    assert unchanged_by(state, None, {"type": "tick"}, now=49.9) == "nothing_due"
    hand = list(state["hands"][0])
    state = tick(state, 50.0)
    assert state["hands"][0] == hand  # drew PK and threw it
    assert state["phase"] == "window" and state["window"]["card"] == "PK"
    assert state["window"]["deadline"] == 58.0
    assert [e["type"] for e in state["events"]][-3:] == ["timeout", "draw", "discard"]
    assert ENGINE.view(state, 1)["clock"]["banks"][0] == 0.0


def test_out_of_time_after_the_draw_the_drawn_card_goes():
    state = act(_table(), 0, "draw", now=3.0)
    state = tick(state, 50.0)
    assert state["discards"][0] == ["PK"] and "WK" in state["hands"][0]


def test_out_of_time_after_a_pick_a_major_other_than_the_picked_card_goes():
    state = act(act(_table(), 0, "draw", now=1.0), 0, "discard", "M3", now=2.0)
    state = act(state, 1, "pick", now=3.0)
    for seat in (2, 3):
        state = ENGINE.apply(state, seat, {"type": "pass"}, 3.0)
    assert state["phase"] == "pick_discard" and state["turn"] == 1
    assert ENGINE.deadline(state) == 3.0 + 20 + 30
    state = tick(state, 53.0)
    assert state["phase"] == "window" and state["window"]["card"] in ("M7", "M8")
    assert "M3" in state["hands"][1]


def _two_timeouts():
    state = table(2, [deal(2, {}, pile="PK WK CK SK")], turn_seconds=20, time_bank=10)
    state = tick(state, 30.0)  # seat 0, first time
    state = ENGINE.apply(state, 1, {"type": "pass"}, 31.0)
    state = act(act(state, 1, "draw", now=32.0), 1, "discard", state["hands"][1][0], now=33.0)
    state = tick(state, 41.0)  # seat 0 does not answer: its turn from 41.0
    return tick(state, 41.0 + 20)  # no bank left: out of time again


def test_two_timeouts_in_a_row_are_counted_for_the_platform():
    state = _two_timeouts()
    assert ENGINE.timeouts(state) == [2, 0]
    assert [e["type"] for e in state["events"]].count("timeout") == 2
    # The rules play no bot: seat 0 is still asked in seat 1's pick window and waited for.
    state = ENGINE.apply(state, 1, {"type": "pass"}, 62.0)
    state = act(act(state, 1, "draw", now=63.0), 1, "discard", state["hands"][1][0], now=64.0)
    assert state["phase"] == "window" and ENGINE.waiting_for(state) == [0]


def test_the_player_acting_again_starts_the_count_again():
    state = _two_timeouts()
    state = ENGINE.apply(state, 1, {"type": "pass"}, 62.0)
    state = act(act(state, 1, "draw", now=63.0), 1, "discard", state["hands"][1][0], now=64.0)
    state = ENGINE.apply(state, 0, {"type": "pass"}, 64.5)
    assert ENGINE.timeouts(state) == [0, 0]
    assert unchanged_by(state, 0, {"type": "back"}) == "unknown_action"  # no way "back" needed


def test_one_timeout_then_a_turn_in_time_is_not_away():
    state = table(2, [deal(2, {}, pile="PK WK CK SK")], turn_seconds=20, time_bank=10)
    state = tick(state, 30.0)
    state = ENGINE.apply(state, 1, {"type": "pass"}, 31.0)
    state = act(act(state, 1, "draw", now=32.0), 1, "discard", state["hands"][1][0], now=33.0)
    state = ENGINE.apply(state, 0, {"type": "pass"}, 33.5)
    state = act(state, 0, "draw", now=34.0)
    assert state["timeouts"] == [0, 0]
    state = tick(state, 33.5 + 20)  # out of time again, but not two turns in a row
    assert ENGINE.timeouts(state) == [1, 0]


def test_the_bank_fills_again_at_each_set():
    state = table(
        2, [deal(2, {0: WAITING_ON_6}, pile="WK M6")], turn_seconds=20, time_bank=10, sets=2
    )
    state = act(act(state, 0, "draw", now=1.0), 0, "discard", "WK", now=29.0)  # 9 s of bank
    state = ENGINE.apply(state, 1, {"type": "pass"}, 29.5)
    assert state["banks"] == [1.0, 10.0]
    state = act(state, 1, "draw", now=30.0)
    # Play the set out: seat 1 then seat 0 start a game each.
    while state["set_index"] == 0:
        if state["phase"] == "result":
            state = next_game(state)
            continue
        seat = state["turn"]
        if state["phase"] == "draw":
            state = act(state, seat, "draw", now=31.0)
        state = all_pass(act(state, seat, "discard", state["hands"][seat][-1], now=31.0))
    assert state["banks"] == [10.0, 10.0]


@pytest.mark.parametrize("seconds", [0])
def test_a_table_without_a_clock_never_times_a_turn(seconds):
    state = _table(turn_seconds=seconds)
    assert ENGINE.deadline(state) is None
    assert ENGINE.deadline(act(state, 0, "draw", now=1e6)) is None


@pytest.mark.parametrize(
    "bad",
    [
        {"turn_seconds": 2},
        {"turn_seconds": float("nan")},
        {"time_bank": -1},
        {"turn_seconds": True},
    ],
)
def test_impossible_clocks_are_refused(bad):
    with pytest.raises(ValueError):
        ENGINE.validate_options(bad)
