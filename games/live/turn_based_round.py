"""One round of the serving process's loop over turn-based tables (``timers``, every
``scheduler.POLL_SECONDS``): the deadlines that are due are played, the notices sent, and
a bot that thinks long (a game's ``thinking_levels``, e.g. ``strong``) thinks in the
platform's worker pool, in its client's turn (``games.coach.bot_thinking.FairQueue``), as
at a live table: never on the serving process, never inside the deadline's transaction.

A game whose due bot deadline waits for such a thought is left out of the round's
``scheduler.run_due`` until the thought is played (:func:`_think_then_play`, by
``scheduler.play_next`` with the game locked): a game that moved meanwhile leaves the
thought unplayed, and the next round thinks again. ``manage.py run_deadlines``, a worker
process of its own, has no event loop and no pool: there such a bot thinks in that
process, as before.
"""

from __future__ import annotations

import asyncio
import logging
import time
from datetime import UTC, datetime
from typing import Any

from channels.db import database_sync_to_async

from games.coach import bot_thinking
from games.presence import away
from games.tables.models import Game
from games.turns import notices, scheduler
from games.turns.models import Deadline

logger = logging.getLogger(__name__)

# Games whose bot is thinking in the pool now (this process): the round leaves them be.
_thinking: set[int] = set()
_tasks: set[asyncio.Task[Any]] = set()  # held here: the loop keeps only weak references


async def play(now: float | None = None) -> list[asyncio.Task[Any]]:
    """Play what is due at ``now``; the thoughts started for long-thinking bots (their
    tasks: the serving loop lets them run, a test may wait for them)."""
    at = time.time() if now is None else now
    due = await database_sync_to_async(_thinking_bots_due, thread_sensitive=False)(
        at, frozenset(_thinking)
    )
    started = []
    for game_id, version in due:
        _thinking.add(game_id)
        task = asyncio.ensure_future(_think_then_play(game_id, version, now))
        _tasks.add(task)
        task.add_done_callback(_tasks.discard)
        started.append(task)
    await database_sync_to_async(scheduler.run_due, thread_sensitive=False)(
        now, scheduler.BATCH, frozenset(_thinking)
    )
    await database_sync_to_async(notices.send_due, thread_sensitive=False)(now)
    return started


def _thinking_bots_due(at: float, leave: frozenset[int]) -> list[tuple[int, int]]:
    """(game, version) of each game with a due ``bot`` deadline whose awaited bot thinks
    long, and which is not thinking already."""
    games = (
        Deadline.objects.filter(kind=Deadline.Kind.BOT, due__lte=datetime.fromtimestamp(at, tz=UTC))
        .exclude(game_id__in=leave)
        .values_list("game_id", flat=True)[: scheduler.BATCH]
    )
    found = []
    for game in Game.objects.filter(pk__in=set(games)).select_related("table"):
        if bot_thinking.thinking_seats(game, away.seats_with_presence(game.table_id)):
            found.append((game.pk, game.version))
    return found


async def _think_then_play(game_id: int, version: int, now: float | None) -> None:
    try:
        thought = await bot_thinking.think(game_id, version)
        if thought:  # empty: the game moved on, or nobody thinks long now; next round
            await database_sync_to_async(scheduler.play_next, thread_sensitive=False)(
                game_id, time.time() if now is None else now, thought, version
            )
    except Exception:
        logger.exception("The bot of turn-based game %s could not move", game_id)
    finally:
        _thinking.discard(game_id)
