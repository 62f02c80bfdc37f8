"""The channel layers: a single process's (``make run``), Channels' in-memory layer swept
less often; several processes' (``REDIS_URL``), channels-redis's pub/sub layer
(``config.redis_layer``, apart: a single process never loads redis-py's asyncio client,
some 25,000 objects more for every full collection of the garbage collector to walk;
DragSaga's bots made half as many moves per CPU second with it loaded). Both announce a
move without the move's request thread waiting for it (:class:`SendsSoon`).

A single process's layer:

Channels' ``InMemoryChannelLayer`` sweeps out expired messages and group memberships at
the start of every ``send``, ``receive`` and ``group_send``, going through every channel
and every group of the process each time, and its ``group_send`` starts a task for each
member. Every table socket waits in a ``receive``
again after each message, so a move at one table costs a sweep through all the other
tables' sockets, several times over: at 75 tables (300 sockets) the sweeps were 5 % of
the server's CPU (py-spy), growing with the square of the tables.

:class:`InMemoryChannelLayer` here is that layer with the sweep run at most every
:data:`SWEEP_SECONDS`, and a group's members sent to one after the other (a send only puts
the message on the member's queue, or finds it full). Nothing else changes: a message still expires after ``expiry``
seconds (60 by default), at most :data:`SWEEP_SECONDS` later than it would have; with
several processes the layer is ``channels_redis``'s, where this does not apply.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from typing import Any

from channels.exceptions import ChannelFull
from channels.layers import InMemoryChannelLayer as ChannelsInMemoryChannelLayer

SWEEP_SECONDS = 1.0

logger = logging.getLogger(__name__)


class SendsSoon:
    """``group_send_soon``: a group send put on the event loop the sockets run on, from any
    thread, without waiting for it (the loop is the one groups were last joined on)."""

    _loop: asyncio.AbstractEventLoop | None = None  # on the class: read without a loop

    def group_send_soon(self, group: str, message: dict[str, Any]) -> bool:
        """Send ``message`` to ``group`` from any thread without waiting for it: the send
        is put on the event loop the group's sockets run on, after what is already there
        (so one thread's sends keep their order). Whether it was put there: ``False``
        when no loop of this layer is running (the caller then sends and waits as usual).
        A move's request thread announces its change this way, instead of handing the send
        to the loop and waiting for the loop to hand it back (``async_to_sync``), and, with
        Redis, for its publish's round trip. A send that fails is logged."""
        loop = self._loop
        if loop is None or not loop.is_running():
            return False
        loop.call_soon_threadsafe(self._start_group_send, group, message)
        return True

    def _start_group_send(self, group: str, message: dict[str, Any]) -> None:
        task = asyncio.ensure_future(self.group_send(group, message))  # type: ignore[attr-defined]
        task.add_done_callback(log_failure)


class InMemoryChannelLayer(SendsSoon, ChannelsInMemoryChannelLayer):
    def __init__(self, *args: Any, sweep_seconds: float = SWEEP_SECONDS, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.sweep_seconds = sweep_seconds
        self._swept = float("-inf")

    def _clean_expired(self) -> None:
        now = time.monotonic()
        if now - self._swept < self.sweep_seconds:
            return
        self._swept = now
        super()._clean_expired()

    async def group_send(self, group: str, message: dict[str, Any]) -> None:
        assert isinstance(message, dict), "Message is not a dict"
        self.require_valid_group_name(group)
        self._clean_expired()
        for channel in list(self.groups.get(group, {})):
            # As Channels' own: a member too far behind misses it, the others do not.
            with contextlib.suppress(ChannelFull):
                await self.send(channel, message)

    async def group_add(self, group: str, channel: str) -> None:
        self._loop = asyncio.get_running_loop()  # the server's: its sockets join groups there
        await super().group_add(group, channel)


def log_failure(task: asyncio.Future[None]) -> None:
    if not task.cancelled() and task.exception() is not None:
        logger.error("A group send failed", exc_info=task.exception())
