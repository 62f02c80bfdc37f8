"""What moves a table when nobody clicks: bot turns and deadlines, on the server's event loop.

After every committed change to a game (``games.tables.events.table_changed``, which
:func:`arm_next_move` subscribes to) one timer per game is armed with the version saved
(:func:`schedule`), for the next thing the server must do itself
(``pace.next_wakeup``: a bot's turn, a deadline, a seat's take-over); when it fires,
``playing.advance(game_id, version)`` applies the overdue ticks, the take-overs due and
the awaited bots' actions. If the game moved on meanwhile, ``advance`` does nothing:
whoever moved it armed the next timer. Timers live on the asyncio loop of the serving
process (Daphne's), attached at start-up by ``config/asgi.py`` through
:func:`attach_to_server`, which also resumes every running table (:func:`resume_tables`);
every :data:`games.presence.leavers.HEARTBEAT_SECONDS` the process writes its heartbeat
(:func:`heartbeat`).

Without an attached loop (tests, management commands) scheduling does nothing;
tests drive ``playing.advance`` themselves. Turn-based tables have no timer here: their
deadlines are rows that one loop per process plays (``games.turns.scheduler``). ``settings.TABLE_TIMERS = False``
switches the timers off.
"""

from __future__ import annotations

import asyncio
import logging
import sys
import time
from contextvars import Context
from typing import Any

from channels.db import database_sync_to_async
from django.conf import settings

from games.coach import bot_thinking
from games.presence import leavers
from games.tables.actions import pace, playing
from games.tables.models import Game
from games.turns import notices, scheduler

logger = logging.getLogger(__name__)

RETRY_SECONDS = 1.0  # a server move that found nothing due looks again after at least this

_loop: asyncio.AbstractEventLoop | None = None
_armed: dict[int, tuple[int, asyncio.TimerHandle]] = {}
_tasks: set[asyncio.Task[Any]] = set()


def enabled() -> bool:
    return _loop is not None and getattr(settings, "TABLE_TIMERS", True)


def attach(loop: asyncio.AbstractEventLoop) -> None:
    """Run the timers on ``loop`` and resume every running table once it turns."""
    global _loop
    _loop = loop
    loop.call_soon_threadsafe(_spawn, _resume(), context=Context())
    loop.call_soon_threadsafe(_spawn, _heartbeats(), context=Context())
    loop.call_soon_threadsafe(_spawn, _turn_based_deadlines(), context=Context())


def attach_to_server() -> None:
    """Attach to Daphne's loop, if this process is Daphne (Twisted's asyncio reactor): the
    reactor calls :func:`attach` on it once it runs (``callFromThread``, Twisted's own)."""
    reactor = sys.modules.get("twisted.internet.reactor")
    if reactor is None or not getattr(settings, "TABLE_TIMERS", True):
        return
    from twisted.internet.asyncioreactor import AsyncioSelectorReactor

    if isinstance(reactor, AsyncioSelectorReactor):
        reactor.callFromThread(_attach_to_running_loop)


def _attach_to_running_loop() -> None:
    attach(asyncio.get_running_loop())


def schedule(game_id: int, version: int, delay: float) -> None:
    """Call ``playing.advance(game_id, version)`` in ``delay`` seconds (thread-safe)."""
    if not enabled():
        return
    assert _loop is not None
    # A fresh context: the caller's (e.g. asgiref's thread markers) must not leak into timers.
    _loop.call_soon_threadsafe(_arm, game_id, version, max(0.0, delay), context=Context())


def arm_next_move(sender: Any, table_id: int, game: Any, seats: Any, **_: Any) -> None:
    """The ``table_changed`` subscriber: arm the game's next server move, if any."""
    if game is None:
        return
    delay = pace.next_wakeup(game, time.time(), seats)
    if delay is not None:
        schedule(game.pk, game.version, delay)


def advance(
    game_id: int, version: int, now: float | None = None, thought: dict[int, Any] | None = None
) -> Game | None:
    """``playing.advance``, and if nothing was due after all (a timer a little early, a
    tick the engine would not take yet) the next look, a moment later: nobody else will
    arm it. ``thought``: the bots' actions decided in the worker pool (``bot_thinking``)."""
    moved = playing.advance(game_id, version, now, thought)
    if moved is not None and moved.version == version:
        delay = pace.next_wakeup(moved, time.time() if now is None else now)
        if delay is not None:
            schedule(moved.pk, moved.version, max(delay, RETRY_SECONDS))
    return moved


def resume_tables(now: float | None = None) -> int:
    """Arm the timers of every running game (start-up): overdue ones fire at once."""
    now = time.time() if now is None else now
    leavers.heartbeat(now)  # and the sockets of processes that have stopped are closed
    return _arm_running_games(now)


def heartbeat(now: float | None = None) -> int:
    """This process is alive (every ``leavers.HEARTBEAT_SECONDS``).

    When another process is found to have stopped, its sockets are closed (``leavers``)
    and every running game's timer is armed here: the bot moves and deadlines that
    process had armed went with it. Returns how many games were armed.
    """
    now = time.time() if now is None else now
    someone_stopped = leavers.silent_processes(now).exists()
    leavers.heartbeat(now)
    return _arm_running_games(now) if someone_stopped else 0


def _arm_running_games(now: float) -> int:
    count = 0
    # Turn-based games have no timer here: their deadlines are rows (games.turns.scheduler).
    running = Game.objects.filter(finished__isnull=True, table__move_deadline__isnull=True)
    for game in running.select_related("table"):
        try:
            delay = pace.next_wakeup(game, now)
        except Exception:  # one bad game must not keep every other table from resuming
            logger.exception("Game %s cannot be resumed", game.pk)
            continue
        if delay is not None:
            schedule(game.pk, game.version, delay)
            count += 1
    return count


def _arm(game_id: int, version: int, delay: float) -> None:
    assert _loop is not None
    armed = _armed.get(game_id)
    if armed is not None:
        if armed[0] > version:
            return  # a later version's timer is already armed
        armed[1].cancel()
    _armed[game_id] = (version, _loop.call_later(delay, _fire, game_id, version))


def _fire(game_id: int, version: int) -> None:
    if _armed.get(game_id, (None,))[0] == version:
        del _armed[game_id]
    _spawn(_advance(game_id, version))


def _spawn(coroutine: Any) -> None:
    assert _loop is not None
    task = _loop.create_task(coroutine)
    _tasks.add(task)
    task.add_done_callback(_tasks.discard)


async def _advance(game_id: int, version: int) -> None:
    try:
        thought = await bot_thinking.think(game_id, version)
        await database_sync_to_async(advance, thread_sensitive=False)(
            game_id, version, None, thought
        )
    except Exception:
        logger.exception("The server's move in game %s at version %s failed", game_id, version)


async def _resume() -> None:
    try:
        count = await database_sync_to_async(resume_tables, thread_sensitive=False)()
    except Exception:
        logger.exception("Resuming the running tables failed")
    else:
        logger.info("Resumed %d running tables", count)


async def _turn_based_deadlines() -> None:
    """Every ``scheduler.POLL_SECONDS``, play the turn-based deadlines that are due (each
    once across every serving process: ``games.turns.scheduler``). One loop for all
    turn-based tables, however many: nothing per table is kept in memory."""
    while True:
        await asyncio.sleep(scheduler.POLL_SECONDS)
        try:
            await database_sync_to_async(scheduler.run_due, thread_sensitive=False)()
            await database_sync_to_async(notices.send_due, thread_sensitive=False)()
        except Exception:
            logger.exception("Playing the turn-based deadlines failed")


async def _heartbeats() -> None:
    """This process is alive, every ``leavers.HEARTBEAT_SECONDS``; each beat also closes
    the sockets of processes that have stopped (their seats' away clocks start) and, if
    one has, takes over the running tables' timers (:func:`heartbeat`)."""
    while True:
        await asyncio.sleep(leavers.HEARTBEAT_SECONDS)
        try:
            armed = await database_sync_to_async(heartbeat, thread_sensitive=False)()
        except Exception:
            logger.exception("The heartbeat of %s failed", leavers.SERVER)
        else:
            if armed:
                logger.info("A serving process stopped: %d running tables armed here", armed)
