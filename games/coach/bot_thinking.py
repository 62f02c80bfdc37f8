"""Bots that think long (a game's ``thinking_levels``, e.g. ``strong``) think in a worker process.

A strong bot plays thousands of deals out before it moves. Done on the serving process
(its event loop, or a request thread holding the GIL) that would slow every other
table, so the timers ask :func:`think` first: the awaited bots of such a level decide in
a process pool the platform owns (``settings.BOT_THINKING_WORKERS`` processes, started on
first use, at a lower CPU priority than the server), from the game as it stood at the
version the timer was armed for. ``services.advance`` then applies those actions if the
game is still at that version; if anything moved meanwhile it does nothing, as before.

Nothing is written while a bot thinks: if the process stops mid-think, the table resumes
at start-up (``timers.resume_tables``) and the bot thinks again.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import Any

from channels.db import database_sync_to_async
from django.conf import settings

from games.coach import thinking_worker
from games.engine import Action
from games.models import Game
from games.presence import away
from games.registry import game_kind

logger = logging.getLogger(__name__)

_pool: Executor | None = None


def pool() -> Executor:
    """The worker processes (started on first use; "spawn": no copy of the server's threads)."""
    global _pool
    if _pool is None:
        _pool = ProcessPoolExecutor(
            max_workers=int(getattr(settings, "BOT_THINKING_WORKERS", 1)),
            mp_context=multiprocessing.get_context("spawn"),
            initializer=thinking_worker.lower_priority,
        )
    return _pool


def shut_down() -> None:
    global _pool
    if _pool is not None:
        _pool.shutdown(wait=False, cancel_futures=True)
        _pool = None


def thinking_seats(game: Any, seats: list[Any]) -> dict[int, str]:
    """The awaited seats whose bot thinks long: seat number -> level."""
    engine = game_kind(game.game_name).engine
    levels = getattr(engine, "thinking_levels", frozenset())
    if game.is_finished or not levels:
        return {}
    awaited = set(engine.waiting_for(game.state))
    return {
        seat.number: seat.bot_level
        for seat in seats
        if seat.bot_level in levels and seat.number in awaited
    }


def _read(game_id: int, version: int) -> tuple[Any, dict[int, str]] | None:
    game = Game.objects.filter(pk=game_id, version=version).first()
    if game is None:
        return None
    seats = thinking_seats(game, away.seats_with_presence(game.table_id))
    return (game, seats) if seats else None


async def think(game_id: int, version: int) -> dict[int, Action]:
    """The actions of the game's awaited long-thinking bots at ``version``, decided in the
    worker pool (empty when there are none or the game has moved on)."""
    found = await database_sync_to_async(_read, thread_sensitive=False)(game_id, version)
    if found is None:
        return {}
    game, seats = found
    engine = game_kind(game.game_name).engine
    loop = asyncio.get_running_loop()
    thoughts = {
        seat: loop.run_in_executor(pool(), engine.bot_action, game.state, seat, level)
        for seat, level in seats.items()
    }
    decided: dict[int, Action] = {}
    for seat, thought in thoughts.items():
        try:
            decided[seat] = await thought
        except Exception:  # the move's own thread decides instead (and logs a failure)
            logger.exception("The bot in seat %s of game %s could not think", seat, game_id)
    return decided
