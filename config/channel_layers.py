"""The channel layer of a single process (``make run``): Channels' in-memory layer, whose
move announcements a move's thread puts on the sockets' event loop without waiting for
them (:class:`SendsSoon`). With several processes (``REDIS_URL``) the layer is
channels-redis's pub/sub layer as the library ships it, and a move's thread sends its
announcement and waits (``async_to_sync``), as Channels documents."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from channels.layers import InMemoryChannelLayer as ChannelsInMemoryChannelLayer

logger = logging.getLogger(__name__)


class SendsSoon:
    """``group_send_soon``: a group send put on the event loop the sockets run on, from any
    thread, without waiting for it (the loop is the one groups were last joined on)."""

    sockets_loop: asyncio.AbstractEventLoop | None = None  # on the class: read without a loop

    def group_send_soon(self, group: str, message: dict[str, Any]) -> bool:
        """Send ``message`` to ``group`` from any thread without waiting for it: the send
        is put on the event loop the group's sockets run on, after what is already there
        (so one thread's sends keep their order). Whether it was put there: ``False``
        when no loop of this layer is running (the caller then sends and waits as usual).
        A move's request thread announces its change this way, instead of handing the send
        to the loop and waiting for the loop to hand it back (``async_to_sync``). A send
        that fails is logged."""
        loop = self.sockets_loop
        if loop is None or not loop.is_running():
            return False
        loop.call_soon_threadsafe(self._start_group_send, group, message)
        return True

    def _start_group_send(self, group: str, message: dict[str, Any]) -> None:
        task = asyncio.ensure_future(self.group_send(group, message))  # type: ignore[attr-defined]
        task.add_done_callback(log_failure)


class InMemoryChannelLayer(SendsSoon, ChannelsInMemoryChannelLayer):
    """Channels' in-memory layer, announcing from any thread (:class:`SendsSoon`)."""

    async def group_add(self, group: str, channel: str) -> None:
        # The server's loop: its sockets join groups there.
        self.sockets_loop = asyncio.get_running_loop()
        await super().group_add(group, channel)


def log_failure(task: asyncio.Future[None]) -> None:
    if not task.cancelled() and task.exception() is not None:
        logger.error("A group send failed", exc_info=task.exception())
