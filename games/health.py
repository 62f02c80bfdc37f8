"""``/healthz``: can this process reach its database and its channel layer?

A load balancer probes every Daphne process here and sends players only to
those that answer 200. The body says which dependency failed; the reason
(host names, driver errors) goes to the log, not to the public page.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from asgiref.sync import sync_to_async
from channels.layers import get_channel_layer
from django.db import connection
from django.http import HttpRequest, JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

logger = logging.getLogger(__name__)

# Each check gets this long; a probe must answer before the balancer gives up on it.
CHECK_TIMEOUT = 3.0


def _query_database() -> None:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        cursor.fetchone()


async def database_reachable() -> None:
    """Run ``SELECT 1`` on the default database; raises if it cannot."""
    await sync_to_async(_query_database)()


# How often the channel layer check sends its message again until it comes back: Redis's
# pub/sub layer (scaled out) hears a fresh channel only once its subscription has reached
# Redis, which a message sent at once on another connection may overtake.
ECHO_EVERY = 0.1


async def channel_layer_reachable() -> None:
    """Send a message to a fresh channel of the layer and read it back; raises if it cannot.

    The message is sent again every :data:`ECHO_EVERY` seconds until it is read, and the
    channel is given up afterwards (a probe every few seconds must not leave a channel, or
    Redis a subscription, behind each time)."""
    layer = get_channel_layer()
    if layer is None:
        raise RuntimeError("no channel layer is configured")
    channel = await layer.new_channel("healthz.")
    try:
        message = await _echo(layer, channel, {"type": "healthz.ping"})
    finally:
        await _give_up(layer, channel)
    if message.get("type") != "healthz.ping":
        raise RuntimeError(f"channel layer returned {message!r}")


async def _echo(layer: Any, channel: str, message: dict[str, Any]) -> dict[str, Any]:
    """``message`` sent to ``channel`` until it is read back."""
    received = asyncio.ensure_future(layer.receive(channel))
    try:
        while True:
            await layer.send(channel, message)
            done, _ = await asyncio.wait({received}, timeout=ECHO_EVERY)
            if done:
                return received.result()
    finally:
        received.cancel()


async def _give_up(layer: Any, channel: str) -> None:
    """Stop listening on ``channel``: a receive cancelled is how Channels says a channel's
    consumer is gone (Redis's pub/sub layer then unsubscribes it). The echoes sent again
    may be waiting still: they are read first, so that the receive cancelled is one that
    was waiting (an echo still on its way is then dropped). A receive that fails (the
    layer unreachable) ends it too."""
    while True:
        listening = asyncio.ensure_future(layer.receive(channel))
        await asyncio.sleep(0)  # let it start listening
        if not listening.done() or listening.exception() is not None:
            break
    listening.cancel()
    with contextlib.suppress(asyncio.CancelledError, Exception):
        await listening


async def _probe(name: str, check: Callable[[], Awaitable[None]]) -> bool:
    try:
        await asyncio.wait_for(check(), CHECK_TIMEOUT)
    except Exception as error:  # any failure means "not reachable"; the log says which
        logger.warning("healthz: %s unreachable: %s: %s", name, type(error).__name__, error)
        return False
    return True


@never_cache
@require_safe
async def healthz(request: HttpRequest) -> JsonResponse:
    """200 with ``{"status": "ok", ...}`` when both dependencies answer, else 503."""
    database, channel_layer = await asyncio.gather(
        _probe("database", database_reachable),
        _probe("channel layer", channel_layer_reachable),
    )
    healthy = database and channel_layer
    return JsonResponse(
        {
            "status": "ok" if healthy else "unavailable",
            "database": "ok" if database else "unreachable",
            "channel_layer": "ok" if channel_layer else "unreachable",
        },
        status=200 if healthy else 503,
    )
