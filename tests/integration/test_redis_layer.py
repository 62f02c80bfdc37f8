"""The channel layer on Redis (channels-redis's pub/sub layer): a group message sent
anywhere reaches every member process, once per process, and nothing is left behind."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import threading
import uuid
from unittest import mock

import pytest
import redis
from channels.layers import get_channel_layer
from channels_redis.pubsub import RedisPubSubChannelLayer
from django.conf import settings

from games import health
from games.live import announce
from games.tables import events as table_events
from tests.support.servers import ROOT


def redis_client() -> redis.Redis:
    return redis.Redis.from_url(settings.REDIS_URL)


def group_key(group: str) -> str:
    """The Redis channel the pub/sub layer publishes ``group``'s messages on."""
    return f"{settings.CHANNEL_LAYERS['default']['CONFIG']['prefix']}__group__{group}"


async def subscribed(key: str, count: int = 1) -> None:
    """Wait until Redis counts ``count`` subscribers of ``key`` (a subscription is sent,
    not waited for, by the layer)."""
    for _ in range(200):
        if dict(redis_client().pubsub_numsub(key)).get(key.encode(), 0) >= count:
            return
        await asyncio.sleep(0.05)
    raise AssertionError(f"{key} never had {count} subscribers")


def test_settings_put_the_channel_layer_on_redis_pub_sub():
    assert isinstance(get_channel_layer(), RedisPubSubChannelLayer)


async def test_group_send_from_one_layer_reaches_a_member_of_another():
    member = RedisPubSubChannelLayer(hosts=[settings.REDIS_URL], prefix="clubtable")
    sender = RedisPubSubChannelLayer(hosts=[settings.REDIS_URL], prefix="clubtable")
    group = f"table-{uuid.uuid4().hex[:8]}"
    channel = await member.new_channel()
    await member.group_add(group, channel)
    try:
        await subscribed(group_key(group))
        await sender.group_send(group, {"type": "table.changed", "version": 7})
        message = await asyncio.wait_for(member.receive(channel), 10)
    finally:
        await member.group_discard(group, channel)
        await member.flush()
        await sender.flush()
    assert message == {"type": "table.changed", "version": 7}


async def test_group_send_from_another_process_reaches_this_one():
    layer = get_channel_layer()
    group = f"table-{uuid.uuid4().hex[:8]}"
    channel = await layer.new_channel()
    await layer.group_add(group, channel)
    await subscribed(group_key(group))
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


async def test_a_table_change_is_one_message_for_all_of_a_process_sockets():
    """Four seats' sockets in one process: Redis carries the change once, to one
    subscription of the process, which hands it to each of the four."""
    layer = get_channel_layer()
    group = f"table-{uuid.uuid4().hex[:8]}"
    seats = [await layer.new_channel() for _ in range(4)]
    for channel in seats:
        await layer.group_add(group, channel)
    try:
        await subscribed(group_key(group))
        assert dict(redis_client().pubsub_numsub(group_key(group))) == {
            group_key(group).encode(): 1
        }
        await layer.group_send(group, {"type": "table.changed", "version": 3})
        heard = [await asyncio.wait_for(layer.receive(channel), 10) for channel in seats]
    finally:
        for channel in seats:
            await layer.group_discard(group, channel)
    assert heard == [{"type": "table.changed", "version": 3}] * 4


async def test_the_last_socket_of_a_table_leaving_ends_the_process_subscription():
    layer = get_channel_layer()
    group = f"table-{uuid.uuid4().hex[:8]}"
    first, second = await layer.new_channel(), await layer.new_channel()
    await layer.group_add(group, first)
    await layer.group_add(group, second)
    await subscribed(group_key(group))
    await layer.group_discard(group, first)
    assert dict(redis_client().pubsub_numsub(group_key(group)))[group_key(group).encode()] == 1
    await layer.group_discard(group, second)
    for _ in range(100):
        if not dict(redis_client().pubsub_numsub(group_key(group)))[group_key(group).encode()]:
            break
        await asyncio.sleep(0.05)
    assert dict(redis_client().pubsub_numsub(group_key(group))) == {group_key(group).encode(): 0}


async def test_a_group_message_does_not_reach_channels_outside_the_group():
    layer = get_channel_layer()
    member, outsider = await layer.new_channel(), await layer.new_channel()
    group = f"table-{uuid.uuid4().hex[:8]}"
    await layer.group_add(group, member)
    await subscribed(group_key(group))
    await layer.group_send(group, {"type": "table.changed", "version": 1})
    await layer.send(outsider, {"type": "direct", "version": 2})
    try:
        assert (await asyncio.wait_for(layer.receive(outsider), 10))["type"] == "direct"
        assert (await asyncio.wait_for(layer.receive(member), 10))["version"] == 1
    finally:
        await layer.group_discard(group, member)


async def test_a_socket_idle_longer_than_redis_read_timeouts_still_hears_the_next_change():
    """A table can be quiet for a while (everyone thinking): its sockets must not drop.
    (redis-py's default read timeout is 5 s.)"""
    layer = get_channel_layer()
    group = f"table-{uuid.uuid4().hex[:8]}"
    channel = await layer.new_channel()
    await layer.group_add(group, channel)
    await subscribed(group_key(group))

    async def much_later() -> None:
        await asyncio.sleep(8)
        await layer.group_send(group, {"type": "table.changed", "version": 5})

    sender = asyncio.create_task(much_later())
    try:
        message = await asyncio.wait_for(layer.receive(channel), 30)
        await sender
    finally:
        await layer.group_discard(group, channel)
    assert message == {"type": "table.changed", "version": 5}


@pytest.mark.parametrize("echo_every", [health.ECHO_EVERY, 0.0])
async def test_health_probes_leave_no_channel_or_subscription_behind(monkeypatch, echo_every):
    """A load balancer probes every few seconds: each probe's channel is given up, also
    when its echo was sent again before one came back (at 0 s, several times a probe)."""
    monkeypatch.setattr(health, "ECHO_EVERY", echo_every)
    layer = get_channel_layer()
    for _ in range(20):
        await asyncio.wait_for(health.channel_layer_reachable(), health.CHECK_TIMEOUT)
    await asyncio.sleep(0.3)  # the last unsubscribe reaches Redis
    left = [name for name in layer._get_layer().channels if "healthz." in name]
    assert left == []
    assert [c for c in redis_client().pubsub_channels() if b"healthz." in c] == []


async def test_a_moves_announcement_is_published_while_the_event_loop_is_busy():
    """A move's announcement is published from a loop of its own (``games.live.server_loop``):
    the server's event loop may be busy rendering and framing other tables' pushes (here it
    is held for the whole test), and the table's seats in every process still hear of the
    move at once."""
    layer = get_channel_layer()
    table_id = 900_000 + int(uuid.uuid4().hex[:4], 16)
    channel = await layer.new_channel()
    await layer.group_add(table_events.group_name(table_id), channel)  # as a socket joins
    key = group_key(table_events.group_name(table_id))
    await subscribed(key)
    other_process = redis_client().pubsub()  # another process's subscription, as Redis sees it
    other_process.subscribe(key)
    try:
        assert other_process.get_message(timeout=5)["type"] == "subscribe"
        # From here on this test holds the event loop: nothing is awaited.
        mover = threading.Thread(target=announce.notify, args=(table_id, 1, 3))
        mover.start()
        mover.join(10)
        assert not mover.is_alive()
        published = other_process.get_message(timeout=5)
        assert published is not None, "the announcement waited for the event loop"
        heard = layer.deserialize(published["data"])
        # This process's own socket hears it through its subscription, once the loop is free.
        message = await asyncio.wait_for(layer.receive(channel), 10)
    finally:
        other_process.close()
        await layer.group_discard(table_events.group_name(table_id), channel)
    assert (heard["type"], heard["table"], heard["version"]) == ("table.changed", table_id, 3)
    assert message == heard


async def test_an_announcement_redis_refuses_is_logged_and_the_move_goes_on(caplog):
    """A move's announcement is published from its thread after its commit; Redis refusing
    it is logged, and the move (saved already) goes on."""
    table_id = 900_000 + int(uuid.uuid4().hex[:4], 16)

    def refused(*_args):
        raise redis.ConnectionError("Redis went away")

    with mock.patch.object(redis.Redis, "publish", refused):
        await asyncio.wait_for(asyncio.to_thread(announce.notify, table_id, 1, 3), 10)
    assert "A group send failed" in caplog.text
    assert "Redis went away" in caplog.text
