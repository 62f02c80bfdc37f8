"""What moves a table when nobody clicks: bot turns and deadlines, on the server's event loop.

After a commit, ``games.services`` arms one timer per game with the version it saw
(:func:`schedule`); when it fires, ``services.advance(game_id, version)`` applies the
overdue ticks and one bot action. If the game moved on meanwhile, ``advance`` does
nothing: whoever moved it armed the next timer. Timers live on the asyncio loop
of the serving process (Daphne's), attached at start-up by ``config/asgi.py``
through :func:`attach_to_server`, which also resumes every running table.

Without an attached loop (tests, management commands) scheduling does nothing;
tests drive ``services.advance`` themselves. ``settings.TABLE_TIMERS = False``
switches the timers off.
"""

from __future__ import annotations

import asyncio
import logging
import sys
from contextvars import Context
from typing import Any

from channels.db import database_sync_to_async
from django.conf import settings

logger = logging.getLogger(__name__)

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


def attach_to_server() -> None:
    """Attach to Daphne's loop (Twisted's asyncio reactor), if this process is Daphne."""
    reactor = sys.modules.get("twisted.internet.reactor")
    loop = getattr(reactor, "_asyncioEventloop", None)
    if loop is not None and getattr(settings, "TABLE_TIMERS", True):
        attach(loop)


def schedule(game_id: int, version: int, delay: float) -> None:
    """Call ``services.advance(game_id, version)`` in ``delay`` seconds (thread-safe)."""
    if not enabled():
        return
    assert _loop is not None
    # A fresh context: the caller's (e.g. asgiref's thread markers) must not leak into timers.
    _loop.call_soon_threadsafe(_arm, game_id, version, max(0.0, delay), context=Context())


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
    from games import services

    try:
        await database_sync_to_async(services.advance, thread_sensitive=False)(game_id, version)
    except Exception:
        logger.exception("The server's move in game %s at version %s failed", game_id, version)


async def _resume() -> None:
    from games import services

    try:
        count = await database_sync_to_async(services.resume_tables, thread_sensitive=False)()
    except Exception:
        logger.exception("Resuming the running tables failed")
    else:
        logger.info("Resumed %d running tables", count)


async def _heartbeats() -> None:
    """This process is alive, every ``leavers.HEARTBEAT_SECONDS``; each beat also closes
    the sockets of processes that have stopped (their seats' away clocks start) and, if
    one has, takes over the running tables' timers (``services.heartbeat``)."""
    from games import leavers, services

    while True:
        await asyncio.sleep(leavers.HEARTBEAT_SECONDS)
        try:
            armed = await database_sync_to_async(services.heartbeat, thread_sensitive=False)()
        except Exception:
            logger.exception("The heartbeat of %s failed", leavers.SERVER)
        else:
            if armed:
                logger.info("A serving process stopped: %d running tables armed here", armed)
