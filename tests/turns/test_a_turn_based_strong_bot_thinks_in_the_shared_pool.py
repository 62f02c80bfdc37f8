"""A strong bot at a turn-based table thinks as one at a live table does: in the
platform's worker pool, in its client's turn, never on the serving process and never
inside the deadline's transaction; its thought is played once, and a thought for a game
that moved meanwhile is not played."""

from __future__ import annotations

import asyncio

import pytest

from dragonformula.rules.engine import ENGINE
from games.coach import bot_thinking
from games.live import turn_based_round
from games.tables.models import ActionLog, Game
from games.turns import scheduler
from tests.turns.turn_tables import turn_based_table

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def strong_bot_to_move():
    """A turn-based Dragon Formula table of ann and a strong bot, the bot on turn."""
    _table, game, _players = turn_based_table(
        "dragonformula", ["ann"], bot_level="strong", options={"fire_seat": 1}
    )
    assert ENGINE.waiting_for(game.state) == [1]
    yield game
    bot_thinking.shut_down()


def _a_round_and_its_thoughts(now: float) -> None:
    async def round_() -> None:
        started = await turn_based_round.play(now)
        assert started, "the strong bot's thought was not started"
        await asyncio.gather(*started)

    asyncio.run(round_())


def test_the_strong_bot_thinks_in_the_pool_and_its_move_is_played(strong_bot_to_move, monkeypatch):
    game = strong_bot_to_move
    expected = ENGINE.bot_action(game.state, 1, "strong")
    queued = []
    real_think = bot_thinking._Thinking.think

    async def counted(self, client, table, work, *args):
        queued.append((client, table))
        return await real_think(self, client, table, work, *args)

    def no_thinking_here(*args):
        raise AssertionError("the strong bot thought on the serving process")

    # The worker is sent the engine's method by its name, and has the real one.
    no_thinking_here.__name__ = "bot_action"

    monkeypatch.setattr(bot_thinking._Thinking, "think", counted)
    monkeypatch.setattr(type(ENGINE), "bot_action", no_thinking_here)
    _a_round_and_its_thoughts(game.created.timestamp() + 60)
    moved = Game.objects.get(pk=game.pk)
    assert moved.version == game.version + 1
    logged = ActionLog.objects.get(game=game, version=moved.version)
    assert (logged.seat, logged.action) == (1, expected)
    assert queued == [(bot_thinking.client_of(game.table), game.table_id)]  # its client's line


def test_a_thought_for_a_game_that_moved_meanwhile_is_not_played(strong_bot_to_move):
    game = strong_bot_to_move
    stale = {1: ENGINE.bot_action(game.state, 1, "strong")}
    now = game.created.timestamp() + 60
    assert scheduler.play_next(game.pk, now, stale, game.version - 1) == 0
    assert Game.objects.get(pk=game.pk).version == game.version
