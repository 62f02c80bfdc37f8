"""Sending to a Channels group from any thread, without waiting for the send.

A move is saved in a request thread, and its table's sockets live on the server's event
loop. :func:`group_send` hands the layer's own ``group_send`` to that loop and goes on;
one thread's sends keep their order; a send that fails is logged.

- One process's layer (``config.local_layer``) keeps its sockets' queues on the server's
  loop, so it is sent to there (:func:`attach`, at Daphne's start-up). So is any layer
  without a faster way, as the sockets' consumers send on that loop too.
- Scaled out, channels-redis's pub/sub layer publishes from the move's own thread
  (``config.redis_layer``'s ``publish_now``), so a busy server loop (rendering other
  tables' pushes) never holds up a move's announcement to the other processes.

Without a server loop, the send is made and waited for, as Channels documents
(``async_to_sync``): tests and management commands.
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
    """Send the layer's messages on ``loop`` from now on (``None``: send and wait)."""
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
    """Send ``message`` to the Channels ``group`` from any thread."""
    layer = get_channel_layer()
    if layer is None:
        return
    publish_now = getattr(type(layer), "publish_now", None)  # config.redis_layer's
    if publish_now is not None and not _on_a_loop() and publish_now(layer, group, message):
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


def _on_a_loop() -> bool:
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return False
    return True


def _start(layer: Any, group: str, message: dict[str, Any]) -> None:
    task = asyncio.ensure_future(layer.group_send(group, message))
    _sending.add(task)  # held until done: the loop keeps only a weak reference
    task.add_done_callback(_finished)


def _finished(task: asyncio.Task[None]) -> None:
    _sending.discard(task)
    if not task.cancelled() and task.exception() is not None:
        logger.error("A group send failed", exc_info=task.exception())


def run_soon(start: Any) -> bool:
    """Run the coroutine ``start()`` makes on the server's loop, from any thread (not
    waited for); ``False`` when no server loop runs (a script, a test's client)."""
    loop = _loop
    if loop is None or not loop.is_running():
        return False

    def begin() -> None:
        task = asyncio.ensure_future(start())
        _sending.add(task)
        task.add_done_callback(_finished)

    loop.call_soon_threadsafe(begin, context=Context())
    return True
