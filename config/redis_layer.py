"""The channel layer of several processes (``REDIS_URL``): channels-redis's pub/sub layer,
whose move announcements the move's own thread publishes, without the event loop.

channels-redis publishes a group message from the server's event loop: the send is a task,
which takes the shard's one lock (shared with every socket's subscribe and unsubscribe),
a connection from the pool, the write and the wait for Redis's answer, each a turn of the
loop. The loop is the one every socket's push is rendered and framed on: at 150 tables a
turn took long enough that a move's announcement waited 1-3.4 s (p50-p95) to be published,
and every seat's push with it (docs/performance.md, eighth round). A move's thread (a request's,
a bot's timer, a socket's tick) publishes it itself instead, through one process-wide
redis-py client: one round trip on loopback, the interpreter's lock released while it
waits, whatever the loop is doing. What it publishes is what the library would (its
serializer, its group's Redis channel), so every process's subscription hears it as any.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import redis
from channels_redis.pubsub import RedisPubSubChannelLayer as ChannelsRedisPubSubChannelLayer
from channels_redis.utils import decode_hosts

from config.channel_layers import SendsSoon

logger = logging.getLogger(__name__)


class RedisPubSubChannelLayer(SendsSoon, ChannelsRedisPubSubChannelLayer):
    """channels-redis's pub/sub layer, whose move announcements are published by the thread
    that makes them (the module docstring)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # Set here: the library's layer answers any attribute it lacks through the running
        # event loop's own layer, which a move's thread does not have.
        hosts = decode_hosts(kwargs.get("hosts", args[0] if args else None))
        self._group_prefix = f"{kwargs.get('prefix', 'asgi')}__group__"
        # One Redis, given by its address: the library's own sharding over several hosts,
        # or a sentinel, is left to it (announced from the event loop). The client connects
        # at its first publish; its pool is shared by every thread that publishes.
        self._publisher: redis.Redis | None = None
        if len(hosts) == 1 and "address" in hosts[0]:
            options = dict(hosts[0])
            pool = redis.ConnectionPool.from_url(options.pop("address"), **options)
            self._publisher = redis.Redis(connection_pool=pool)

    async def group_add(self, group: str, channel: str) -> None:
        self._loop = asyncio.get_running_loop()  # the server's: its sockets join groups there
        # The layer answers its methods through the running loop's own layer.
        await self._get_layer().group_add(group, channel)

    def group_send_soon(self, group: str, message: dict[str, Any]) -> bool:
        """Publish ``message`` to ``group`` from this thread, now (on the event loop, or with
        several Redis hosts, as :class:`SendsSoon` does). A publish that fails is logged:
        the move it announces is saved, and its seats see it at their next push or reload."""
        if self._publisher is None or _on_an_event_loop():
            return super().group_send_soon(group, message)
        try:
            self._publisher.publish(self._group_prefix + group, self.serialize(message))
        except redis.RedisError:
            logger.exception("A group send failed group=%s", group)
        return True


def _on_an_event_loop() -> bool:
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return False
    return True
