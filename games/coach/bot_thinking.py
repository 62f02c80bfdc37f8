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

The workers are shared fairly (:class:`FairQueue`): each client that opened tables (the
browser that opened it from the lobby, else its creator, else the table itself: the club's
tables are each their own) has its own line of thoughts waiting, one line per table within
it, and the lines are served in turn, never more thoughts at once than there are workers.
A client who starts many strong-bot tables and leaves them waits for its own; another
table's bot waits for at most one thought of each other client ahead of it.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
from collections import deque
from collections.abc import Callable, Hashable
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import Any

from channels.db import database_sync_to_async
from django.conf import settings

from games.coach import thinking_worker
from games.engine import Action
from games.presence import away
from games.registry import game_kind
from games.tables.models import Game

logger = logging.getLogger(__name__)

_pool: Executor | None = None


def pool() -> Executor:
    """The worker processes (started on first use; "spawn": no copy of the server's threads)."""
    global _pool
    if _pool is None:
        _pool = ProcessPoolExecutor(
            max_workers=workers(),
            mp_context=multiprocessing.get_context("spawn"),
            initializer=thinking_worker.lower_priority,
        )
    return _pool


def workers() -> int:
    return max(1, int(getattr(settings, "BOT_THINKING_WORKERS", 1)))


def shut_down() -> None:
    global _pool, _queue
    if _pool is not None:
        _pool.shutdown(wait=False, cancel_futures=True)
        _pool = None
    _queue = None


class FairQueue:
    """Waiting work in lines per client and per table within a client, taken in turn:
    client after client, and within a client table after table (round-robin at both)."""

    def __init__(self) -> None:
        # client -> (table -> its line); dicts keep the order in which they are served.
        self._lines: dict[Hashable, dict[Hashable, deque[Any]]] = {}

    def __len__(self) -> int:
        return sum(len(line) for tables in self._lines.values() for line in tables.values())

    def put(self, client: Hashable, table: Hashable, item: Any) -> None:
        self._lines.setdefault(client, {}).setdefault(table, deque()).append(item)

    def take(self) -> Any:
        """The next item in turn (``IndexError`` when nothing waits)."""
        if not self._lines:
            raise IndexError("no thought is waiting")
        client = next(iter(self._lines))  # the client whose turn it is
        tables = self._lines.pop(client)
        table = next(iter(tables))
        line = tables.pop(table)
        item = line.popleft()
        if line:
            tables[table] = line  # the table goes to the back of its client's tables
        if tables:
            self._lines[client] = tables  # and the client to the back of the clients
        return item


class _Thinking:
    """The thoughts waiting for a worker (:class:`FairQueue`) and those being thought, at
    most :func:`workers` at once; on one event loop, the server's (no lock needed)."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        self.waiting = FairQueue()
        self.running = 0

    async def think(
        self,
        client: Hashable,
        table: Hashable,
        work: Callable,
        *args: Any,
        wanted: Callable[[], bool] | None = None,
    ) -> Any:
        """``work(*args)`` in a worker, in ``client``'s turn. ``wanted``: asked when a worker
        is free for it; a thought no longer wanted (a hint whose window has closed) is
        dropped unthought, and the caller's await is cancelled."""
        loop = self.loop
        answer: asyncio.Future[Any] = loop.create_future()
        self.waiting.put(client, table, (answer, work, args, wanted))
        self._start_next(loop)
        return await answer

    def _start_next(self, loop: asyncio.AbstractEventLoop) -> None:
        while self.running < workers() and len(self.waiting):
            answer, work, args, wanted = self.waiting.take()
            if answer.done():  # its table's move was cancelled meanwhile
                continue
            if wanted is not None and not wanted():
                answer.cancel()
                continue
            self.running += 1
            thought = loop.run_in_executor(pool(), work, *args)
            thought.add_done_callback(lambda done, a=answer: self._done(loop, done, a))

    def _done(self, loop: asyncio.AbstractEventLoop, done: Any, answer: Any) -> None:
        self.running -= 1
        if not answer.done():
            if done.cancelled():  # the pool was shut down
                answer.cancel()
            elif done.exception() is not None:
                answer.set_exception(done.exception())
            else:
                answer.set_result(done.result())
        self._start_next(loop)


_queue: _Thinking | None = None


def thinking() -> _Thinking:
    """The running event loop's queue of thoughts (made on first use; a new loop, as in
    tests, gets a new one)."""
    global _queue
    loop = asyncio.get_running_loop()
    if _queue is None or _queue.loop is not loop:
        _queue = _Thinking(loop)
    return _queue


def client_of(table: Any) -> str:
    """Whose share of the workers a table's thinking is: the browser that opened it from the
    lobby, else the player who opened it, else the table's own (the club's tables)."""
    if table.created_session:
        return f"browser:{table.created_session}"
    if table.created_by_id is not None:
        return f"player:{table.created_by_id}"
    return f"table:{table.pk}"


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
    game = Game.objects.filter(pk=game_id, version=version).select_related("table").first()
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
    client, queue = client_of(game.table), thinking()
    thoughts = {
        seat: asyncio.ensure_future(
            queue.think(client, game.table_id, engine.bot_action, game.state, seat, level)
        )
        for seat, level in seats.items()
    }
    decided: dict[int, Action] = {}
    for seat, thought in thoughts.items():
        try:
            decided[seat] = await thought
        except Exception:  # the move's own thread decides instead (and logs a failure)
            logger.exception("The bot in seat %s of game %s could not think", seat, game_id)
    return decided
