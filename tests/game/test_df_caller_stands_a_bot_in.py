"""The rules ask their caller for a stand-in's moves: they count a seat's turns out of time
(``Engine.timeouts``) and play a timed-out turn by its stated default, and never choose a
bot's move themselves. A caller that stands a bot in for a seat out of time twice in a row
(what the platform does, ``games.presence.away``) asks ``bot_action`` for that seat's moves and
applies them like anyone's: its pick windows are answered, its turns played, its timers
still fire. Pure Python: the caller here is a plain class."""

from __future__ import annotations

from dragonformula.rules import bots
from dragonformula.rules.engine import ENGINE
from games.engine import TICK, Action, State
from tests.game.df_table import act, deal, table

STAND_IN_AFTER = (
    2  # this caller's policy (the platform's: games.presence.away.TIMEOUTS_BEFORE_STAND_IN)
)


class Caller:
    """Applies the table's ticks when due, and once a seat has run out of time
    ``STAND_IN_AFTER`` turns in a row, plays it with a smart bot until its player is back."""

    def __init__(self) -> None:
        self.stand_ins: set[int] = set()
        self.asked: list[tuple[int, Action]] = []  # the stand-in's moves, as asked of the bot

    def tick(self, state: State, now: float) -> State:
        state = ENGINE.apply(state, None, dict(TICK), now)
        return self.notice(state)

    def notice(self, state: State) -> State:
        for seat, count in enumerate(ENGINE.timeouts(state)):
            if count >= STAND_IN_AFTER:
                self.stand_ins.add(seat)
        return state

    def play_stand_ins(self, state: State, now: float) -> State:
        """Every seat a bot stands in for that the game waits for moves, one at a time."""
        while not state["finished"]:
            due = [seat for seat in ENGINE.waiting_for(state) if seat in self.stand_ins]
            if not due:
                return state
            action = ENGINE.bot_action(state, due[0], "smart")
            self.asked.append((due[0], action))
            state = ENGINE.apply(state, due[0], action, now)
        return state


def _two_timeouts(caller: Caller) -> State:
    state = table(2, [deal(2, {}, pile="PK WK CK SK")], turn_seconds=20, time_bank=10)
    state = caller.tick(state, 30.0)  # seat 0, first time
    state = ENGINE.apply(state, 1, {"type": "pass"}, 31.0)
    state = act(act(state, 1, "draw", now=32.0), 1, "discard", state["hands"][1][0], now=33.0)
    state = caller.tick(state, 41.0)  # seat 0 does not answer: its turn from 41.0
    return caller.tick(state, 41.0 + 20)  # no bank left: out of time again


def test_the_caller_stands_a_bot_in_after_two_timeouts_and_plays_its_moves(monkeypatch):
    chosen_by_rules: list[int] = []
    real = bots.bot_action
    monkeypatch.setattr(bots, "bot_action", lambda s, seat, lvl: chosen_by_rules.append(seat))
    caller = Caller()
    state = _two_timeouts(caller)
    assert caller.stand_ins == {0} and ENGINE.timeouts(state) == [2, 0]
    assert chosen_by_rules == []  # the rules played both timed-out turns by their default
    monkeypatch.setattr(bots, "bot_action", real)

    # Seat 1 passes on seat 0's discard, then discards: the stand-in answers the window.
    state = ENGINE.apply(state, 1, {"type": "pass"}, 62.0)
    state = act(act(state, 1, "draw", now=63.0), 1, "discard", state["hands"][1][0], now=64.0)
    assert ENGINE.waiting_for(state) == [0]  # the rules wait for seat 0 like any seat
    state = caller.play_stand_ins(state, 64.5)
    kinds = [action["type"] for _seat, action in caller.asked]
    assert kinds[0] in ("pick", "pass") and "draw" in kinds and kinds[-1].startswith("discard")
    # Its moves are seat 0's own in the log, and the seat acting started its count again.
    discard = caller.asked[-1][1]
    assert state["events"][-1] == {"type": "discard", "seat": 0, "card": discard["card"]}
    assert ENGINE.timeouts(state) == [0, 0]
    assert state["phase"] == "window" and ENGINE.waiting_for(state) == [1]


def test_without_the_callers_bot_the_timers_still_fire_and_play_the_default(monkeypatch):
    monkeypatch.setattr(bots, "bot_action", lambda *args: (_ for _ in ()).throw(AssertionError))
    caller = Caller()
    state = _two_timeouts(caller)
    state = ENGINE.apply(state, 1, {"type": "pass"}, 62.0)
    state = act(act(state, 1, "draw", now=63.0), 1, "discard", state["hands"][1][0], now=64.0)
    state = caller.tick(state, ENGINE.deadline(state))  # seat 0's window: it passes
    assert state["events"][-1]["type"] == "window_closed"
    assert state["events"][-1]["answers"][0] == "pass"
    hand = sorted(state["hands"][0])
    state = caller.tick(state, ENGINE.deadline(state))  # its turn: drawn, and the drawn card goes
    assert sorted(state["hands"][0]) == hand and ENGINE.timeouts(state) == [3, 0]
    assert [e["type"] for e in state["events"]][-3:] == ["timeout", "draw", "discard"]
