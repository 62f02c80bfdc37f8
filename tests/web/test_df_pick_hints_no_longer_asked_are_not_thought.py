"""A Pick hint waits for a free thinking worker; if its seat has answered, or the window has
closed, before one is free, the coach does not think it at all (its play-outs would be
shown to nobody), while a hint still asked is thought as before."""

import asyncio
import itertools
import time

import pytest

from dragonformula import hints
from dragonformula.rules import advice
from games.coach import bot_thinking, hint_thinking
from games.regions import snapshots
from games.registry import engine_for
from games.tables.models import Game, Seat
from tests.web.tables import seated_table

pytestmark = pytest.mark.django_db
NOW = time.time()
_GAMES = itertools.count(10**9)  # a window is looked at once per game id
NEVER_ANNOUNCED = 10**9  # a table id no test makes


def window_and_thought(game=None):
    """A game at a pick window and the hint thought one seat is owed."""
    if game is None:
        _table, game, _players = seated_table(
            "dragonformula", ["Ann", "Ben", "Cho", "Dai"], seed=11
        )
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


def announced(game):
    """This process announces the table as ``game`` now stands (its seats' hints off, so
    that nothing is thought here)."""
    Seat.objects.filter(table_id=game.table_id).update(hints=False)
    hint_thinking.think_after(snapshots.read(game.table_id, game))


def saved_at_its_window():
    """A game saved at a pick window, and the hint thought one seat is owed in it."""
    _table, game, _players = seated_table("dragonformula", ["Ann", "Ben", "Cho", "Dai"], seed=11)
    _engine, state, thought = window_and_thought(game)
    game.state, game.version = state, 2
    game.save()
    return game, thought


def test_a_hint_asked_in_the_game_under_way_is_still_wanted():
    game, thought = saved_at_its_window()
    # A table this process never announced (another process saved its moves).
    assert hint_thinking.still_wanted(NEVER_ANNOUNCED, game, thought)
    announced(game)
    assert hint_thinking.still_wanted(game.table_id, game, thought)


def test_a_hint_of_a_game_that_has_ended_is_no_longer_wanted():
    game, thought = saved_at_its_window()
    announced(game)
    game.finished, game.version = game.created, 3  # e.g. its players left
    game.save()
    announced(game)
    assert not hint_thinking.still_wanted(game.table_id, game, thought)


def test_a_hint_of_a_game_before_the_tables_next_one_is_no_longer_wanted():
    game, thought = saved_at_its_window()
    announced(game)
    following = Game.objects.get(pk=game.pk)
    following.pk = None  # another game at the same table
    following.save()
    announced(following)
    assert not hint_thinking.still_wanted(game.table_id, game, thought)
