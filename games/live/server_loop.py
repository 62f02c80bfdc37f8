"""Sending to a Channels group from any thread: on the event loop Daphne serves the sockets on.

A move is saved in a request thread, and its table's sockets live on the server's event
loop. :func:`group_send` puts the layer's own ``group_send`` on that loop and goes on
without waiting for it (the loop may be busy pushing other tables); one thread's sends
keep their order. Channels' in-memory layer must be sent to on the loop its sockets read
from, and channels-redis's pub/sub layer publishes on that loop's own connection, so the
same way serves both. Without a server loop (tests, management commands) the send is made
and waited for, as Channels documents (``async_to_sync``).
"""

from __future__ import annotations

import asyncio
import logging
import sys
import threading
from contextvars import Context
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

logger = logging.getLogger(__name__)

_loop: asyncio.AbstractEventLoop | None = None
_sending: set[asyncio.Task[None]] = set()


def attach(loop: asyncio.AbstractEventLoop | None) -> None:
    """Send on ``loop`` from now on (``None``: send and wait, as without a server)."""
    global _loop
    _loop = loop


def attach_to_server() -> None:
    """Under Daphne (Twisted's asyncio reactor): attach to its loop once it runs."""
    reactor = sys.modules.get("twisted.internet.reactor")
    if reactor is None:
        return
    from twisted.internet.asyncioreactor import AsyncioSelectorReactor

    if isinstance(reactor, AsyncioSelectorReactor):
        reactor.callFromThread(lambda: attach(asyncio.get_running_loop()))


def group_send(group: str, message: dict[str, Any]) -> None:
    """Send ``message`` to the Channels ``group`` from any thread; a failed send is logged."""
    layer = get_channel_layer()
    if layer is None:
        return
    loop = _loop
    if loop is not None and loop.is_running():
        # A fresh context: the caller's (asgiref's thread markers) must not reach the send.
        loop.call_soon_threadsafe(_start, layer, group, message, context=Context())
        return

    def send() -> None:
        async_to_sync(layer.group_send)(group, message)

    try:
        asyncio.get_running_loop()
    except RuntimeError:
        send()  # a sync view or a worker thread
    else:
        # This thread runs an event loop of its own (a script driving a browser, say):
        # async_to_sync cannot block here, so a helper thread sends.
        helper = threading.Thread(target=send)
        helper.start()
        helper.join()


def _start(layer: Any, group: str, message: dict[str, Any]) -> None:
    task = asyncio.ensure_future(layer.group_send(group, message))
    _sending.add(task)  # held until done: the loop keeps only a weak reference
    task.add_done_callback(_finished)


def _finished(task: asyncio.Task[None]) -> None:
    _sending.discard(task)
    if not task.cancelled() and task.exception() is not None:
        logger.error("A group send failed", exc_info=task.exception())
