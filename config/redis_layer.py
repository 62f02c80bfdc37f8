"""Scaled out (``REDIS_URL``): channels-redis's pub/sub layer, whose move announcements a
move's own thread publishes.

channels-redis publishes from an event loop: the server's is the one every socket's push is
rendered and framed on, and a loop of its own (``games.live.server_loop``) still costs each
publish a hand-off and an async client's turns. A move's thread (a request's, a bot timer's)
publishes instead through one process-wide redis-py client: one round trip on loopback, the
interpreter's lock released while it waits, whatever the loops are doing. What it publishes
is what the library would (its ``serialize``), on the Redis channel the library subscribes
a group's sockets to.

This is a reach below the library's documented API, kept for what it saves scaled out
(docs/performance.md, "Kept: the move's announcement published from its thread"): it relies
on the library's name for a group's Redis channel, ``<prefix>__group__<group>``, as in
channels-redis 4.3. ``tests/integration/test_redis_layer.py`` trips if an upgrade renames it
(a published announcement is no longer heard by the library's own subscription).
"""

from __future__ import annotations

import logging
from typing import Any

import redis
from channels_redis.pubsub import RedisPubSubChannelLayer as ChannelsRedisPubSubChannelLayer
from channels_redis.utils import decode_hosts

logger = logging.getLogger(__name__)


class RedisPubSubChannelLayer(ChannelsRedisPubSubChannelLayer):
    """channels-redis's pub/sub layer, with :meth:`publish_now` for a move's thread."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        hosts = decode_hosts(kwargs.get("hosts", args[0] if args else None))
        self.group_channel_prefix = f"{kwargs.get('prefix', 'asgi')}__group__"
        # One Redis, given by its address: sharding over several hosts, or a sentinel, is
        # left to the library (published from a loop). The client connects at its first
        # publish; its pool is shared by every thread that publishes.
        self.publisher: redis.Redis | None = None
        if len(hosts) == 1 and "address" in hosts[0]:
            options = dict(hosts[0])
            pool = redis.ConnectionPool.from_url(options.pop("address"), **options)
            self.publisher = redis.Redis(connection_pool=pool)

    def publish_now(self, group: str, message: dict[str, Any]) -> bool:
        """Publish ``message`` to ``group`` from this thread, now; whether it could (not
        with several Redis hosts). A publish that fails is logged: the move it announces
        is saved, and its seats see it at their next push or reload."""
        if self.publisher is None:
            return False
        try:
            self.publisher.publish(self.group_channel_prefix + group, self.serialize(message))
        except redis.RedisError:
            logger.exception("A group send failed group=%s", group)
        return True
