"""A strong bot thinks in a worker process of the platform's pool, never in the serving
process; nothing is written while it thinks, so a table whose server stopped mid-think
resumes and its bot thinks again."""

import asyncio
import os

import pytest

from dragonformula.rules.engine import ENGINE
from games.coach import bot_thinking
from games.live import timers
from games.tables.actions import opening, playing, starting
from games.tables.models import ActionLog, Game

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def bot_to_move(players):
    """A Dragon Formula table of two: a member in seat 0, a strong bot in seat 1, on turn."""
    table = opening.create_table(
        game_name="dragonformula", players=2, bot_level="strong", created_by=players[0]
    )
    seed = next(s for s in range(100) if ENGINE.new_game(2, {}, s)["turn"] == 1)
    game = starting.start(table, players[0], seed=seed)
    yield game
    bot_thinking.shut_down()


def test_a_strong_bot_thinks_in_another_process_and_its_thought_is_played(bot_to_move, monkeypatch):
    game = bot_to_move
    thought = asyncio.run(bot_thinking.think(game.pk, game.version))
    assert thought == {1: ENGINE.bot_action(game.state, 1, "strong")}
    assert bot_thinking.pool().submit(os.getpid).result() != os.getpid()
    assert Game.objects.get(pk=game.pk).version == game.version  # thinking wrote nothing

    def no_thinking_here(*args):
        raise AssertionError("the strong bot thought on the serving process")

    monkeypatch.setattr(type(ENGINE), "bot_action", no_thinking_here)
    moved = playing.advance(game.pk, game.version, thought=thought)
    assert moved.version == game.version + 1
    logged = ActionLog.objects.get(game=game, version=moved.version)
    assert (logged.seat, logged.action) == (1, thought[1])


@pytest.fixture
def thinking_pool():
    """The platform's thinking pool, shut down after the test however it ends."""
    yield bot_thinking.pool()
    bot_thinking.shut_down()


@pytest.mark.skipif(not hasattr(os, "SCHED_IDLE"), reason="Linux's idle scheduling only")
def test_a_bot_thinks_only_on_cores_the_serving_process_leaves_idle(thinking_pool):
    assert thinking_pool.submit(os.sched_getscheduler, 0).result() == os.SCHED_IDLE
    assert os.sched_getscheduler(0) != os.SCHED_IDLE  # the server's own work comes first


def test_a_thought_for_an_older_version_is_not_played(bot_to_move):
    game = bot_to_move
    assert playing.advance(game.pk, game.version + 1, thought={1: {"type": "draw"}}) is None
    assert Game.objects.get(pk=game.pk).version == game.version


def test_a_table_whose_server_stopped_mid_think_resumes_and_its_bot_thinks_again(
    bot_to_move, armed
):
    game = bot_to_move
    thinking = bot_thinking.pool().submit(ENGINE.bot_action, game.state, 1, "strong")
    bot_thinking.shut_down()  # the server stops while the bot thinks
    thinking.cancel()
    assert Game.objects.get(pk=game.pk).version == game.version
    assert timers.resume_tables() >= 1  # the server starts again
    assert any(call[:2] == (game.pk, game.version) for call in armed)
    thought = asyncio.run(bot_thinking.think(game.pk, game.version))
    moved = playing.advance(game.pk, game.version, thought=thought)
    assert moved.version == game.version + 1
