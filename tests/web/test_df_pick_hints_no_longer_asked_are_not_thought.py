"""A Pick hint waits for a free thinking worker; if its seat has answered, or the window has
closed, before one is free, the coach does not think it at all (its play-outs would be
shown to nobody), while a hint still asked is thought as before."""

import asyncio
import itertools
import time

import pytest

from dragonformula import hints
from dragonformula.rules import advice
from games.coach import bot_thinking
from games.registry import engine_for
from tests.web.tables import seated_table

pytestmark = pytest.mark.django_db
NOW = time.time()
_GAMES = itertools.count(10**9)  # a window is looked at once per game id


def window_and_thought():
    """A game at a pick window and the hint thought one seat is owed."""
    table, game, players = seated_table("dragonformula", ["Ann", "Ben", "Cho", "Dai"], seed=11)
    engine = engine_for("dragonformula")
    state = game.state
    turn = state["turn"]
    state = engine.apply(state, turn, {"type": "draw"}, NOW)
    state = engine.apply(state, turn, {"type": "discard", "card": state["hands"][turn][0]}, NOW)
    others = [s for s in range(4) if s != turn]
    thoughts = hints.hint_thoughts(engine, state, others, next(_GAMES))
    assert thoughts, "the deal gives no seat a Pick that takes thinking"
    return engine, state, thoughts[0]


def test_a_seat_still_asked_still_wants_its_hint():
    engine, state, thought = window_and_thought()
    assert advice.asked(engine.view(state, thought.seat))
    assert hints.hint_still_wanted(state, thought)


def test_a_seat_that_has_answered_no_longer_wants_its_hint():
    engine, state, thought = window_and_thought()
    answered = engine.apply(state, thought.seat, {"type": "pass"}, NOW)
    assert not hints.hint_still_wanted(answered, thought)


def test_a_closed_window_wants_no_hint():
    engine, state, thought = window_and_thought()
    for seat in list(engine.waiting_for(state)):
        if state["phase"] == "window":
            state = engine.apply(state, seat, {"type": "pass"}, NOW)
    assert state["phase"] != "window"
    assert not hints.hint_still_wanted(state, thought)


def test_a_thought_no_longer_wanted_is_never_given_to_a_worker(monkeypatch):
    given = []

    class Pool:
        def submit(self, work, *args):
            given.append(args)
            raise AssertionError("not expected")

    async def scenario():
        queue = bot_thinking.thinking()
        monkeypatch.setattr(bot_thinking, "pool", lambda: Pool())
        asked_off = asyncio.ensure_future(
            queue.think("client", 1, sum, [1, 2], wanted=lambda: False)
        )
        with pytest.raises(asyncio.CancelledError):
            await asked_off
        return queue.running

    assert asyncio.run(scenario()) == 0
    assert given == []
