"""The channel layer of several processes (``REDIS_URL``): channels-redis's pub/sub layer,
whose move announcements the request thread does not wait for (``config.channel_layers``)."""

from __future__ import annotations

import asyncio

from channels_redis.pubsub import RedisPubSubChannelLayer as ChannelsRedisPubSubChannelLayer

from config.channel_layers import SendsSoon


class RedisPubSubChannelLayer(SendsSoon, ChannelsRedisPubSubChannelLayer):
    """channels-redis's pub/sub layer, whose move announcements are not waited for."""

    async def group_add(self, group: str, channel: str) -> None:
        self._loop = asyncio.get_running_loop()  # the server's: its sockets join groups there
        # The layer answers its methods through the running loop's own layer.
        await self._get_layer().group_add(group, channel)
