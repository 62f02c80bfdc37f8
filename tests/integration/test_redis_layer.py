"""The channel layer on Redis: a group message sent anywhere reaches every member process."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import uuid

from channels.layers import get_channel_layer
from channels_redis.core import RedisChannelLayer
from django.conf import settings

from tests.support.servers import ROOT


def test_settings_put_the_channel_layer_on_redis():
    assert isinstance(get_channel_layer(), RedisChannelLayer)


async def test_group_send_from_one_layer_reaches_a_member_of_another():
    member = RedisChannelLayer(hosts=[settings.REDIS_URL], prefix="clubtable")
    sender = RedisChannelLayer(hosts=[settings.REDIS_URL], prefix="clubtable")
    group = f"table-{uuid.uuid4().hex[:8]}"
    channel = await member.new_channel()
    await member.group_add(group, channel)
    try:
        await sender.group_send(group, {"type": "table.changed", "version": 7})
        message = await asyncio.wait_for(member.receive(channel), 10)
    finally:
        await member.group_discard(group, channel)
        await member.flush()
        await sender.close_pools()
    assert message == {"type": "table.changed", "version": 7}


async def test_group_send_from_another_process_reaches_this_one():
    layer = get_channel_layer()
    group = f"table-{uuid.uuid4().hex[:8]}"
    channel = await layer.new_channel()
    await layer.group_add(group, channel)
    script = (
        "import django; django.setup()\n"
        "from asgiref.sync import async_to_sync\n"
        "from channels.layers import get_channel_layer\n"
        f"async_to_sync(get_channel_layer().group_send)({group!r}, "
        "{'type': 'table.changed', 'version': 12})\n"
    )
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings_test"}
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-c", script, cwd=ROOT, env=env, stderr=subprocess.PIPE
    )
    _, stderr = await asyncio.wait_for(process.communicate(), 60)
    assert process.returncode == 0, stderr.decode()
    try:
        message = await asyncio.wait_for(layer.receive(channel), 10)
    finally:
        await layer.group_discard(group, channel)
    assert message == {"type": "table.changed", "version": 12}


async def test_a_group_message_does_not_reach_channels_outside_the_group():
    layer = get_channel_layer()
    member, outsider = await layer.new_channel(), await layer.new_channel()
    group = f"table-{uuid.uuid4().hex[:8]}"
    await layer.group_add(group, member)
    await layer.group_send(group, {"type": "table.changed", "version": 1})
    await layer.send(outsider, {"type": "direct", "version": 2})
    try:
        assert (await asyncio.wait_for(layer.receive(outsider), 10))["type"] == "direct"
        assert (await asyncio.wait_for(layer.receive(member), 10))["version"] == 1
    finally:
        await layer.group_discard(group, member)


async def test_a_socket_idle_longer_than_a_blocking_pop_still_hears_the_next_change():
    """A table can be quiet for a while (everyone thinking): its sockets must not drop."""
    layer = get_channel_layer()
    channel = await layer.new_channel()

    async def much_later() -> None:
        await asyncio.sleep(layer.brpop_timeout + 3)
        await layer.send(channel, {"type": "table.changed", "version": 5})

    sender = asyncio.create_task(much_later())
    message = await asyncio.wait_for(layer.receive(channel), layer.brpop_timeout + 20)
    await sender
    assert message == {"type": "table.changed", "version": 5}
