"""The channel layer of one process (``make run``): the same messages as Channels' own
in-memory layer, without sweeping every socket of the process at every message."""

import asyncio
import threading

import channels.layers
from asgiref.sync import async_to_sync
from channels.layers import InMemoryChannelLayer as ChannelsInMemoryChannelLayer
from django.conf import settings

from config.channel_layers import InMemoryChannelLayer
from games.live import announce


def test_one_process_uses_it():  # without REDIS_URL, as the tests and ``make run`` run
    backend = settings.CHANNEL_LAYERS["default"]["BACKEND"]
    assert backend == "config.channel_layers.InMemoryChannelLayer"


def test_a_group_message_reaches_every_member_even_past_a_full_one():
    async def run():
        layer = InMemoryChannelLayer(capacity=1)
        members = [await layer.new_channel() for _ in range(3)]
        for channel in members:
            await layer.group_add("table-1", channel)
        await layer.send(members[0], {"type": "earlier"})  # its queue is full now
        await layer.group_send("table-1", {"type": "table.changed", "change": "c1"})
        return [await layer.receive(channel) for channel in members]

    heard = asyncio.run(run())
    assert heard[0] == {"type": "earlier"}
    assert heard[1] == heard[2] == {"type": "table.changed", "change": "c1"}


def test_expired_messages_still_go_and_take_their_channel_out_of_its_groups():
    async def run():
        layer = InMemoryChannelLayer(expiry=0.05, sweep_seconds=0.2)
        gone, kept = await layer.new_channel(), await layer.new_channel()
        await layer.group_add("table-1", gone)
        await layer.group_add("table-1", kept)
        await layer.send(gone, {"type": "never.read"})
        await asyncio.sleep(0.25)  # past the expiry and the sweep's interval
        await layer.group_send("table-1", {"type": "hello"})  # swept first, then sent
        return layer, gone, kept

    layer, gone, kept = asyncio.run(run())
    assert gone not in layer.channels
    assert set(layer.groups["table-1"]) == {kept}
    assert [message for _expiry, message in layer.channels[kept]._queue] == [{"type": "hello"}]


def test_the_sweep_runs_once_a_second_however_many_messages_pass(monkeypatch):
    sweeps = []
    monkeypatch.setattr(
        ChannelsInMemoryChannelLayer, "_clean_expired", lambda self: sweeps.append(1)
    )

    async def run():
        layer = InMemoryChannelLayer()
        channels = [await layer.new_channel() for _ in range(50)]
        for channel in channels:
            await layer.group_add("table-1", channel)
        for _move in range(40):
            await layer.group_send("table-1", {"type": "table.changed"})
            for channel in channels:
                await layer.receive(channel)

    asyncio.run(run())
    # 40 moves to 50 sockets: Channels' layer sweeps at each of the 40 group sends and
    # 2,000 receives.
    assert len(sweeps) == 1


def test_a_request_thread_announces_on_the_sockets_loop_without_waiting_and_in_order():
    """A move's request thread puts its announcement on the loop the table's sockets run
    on and goes on: it never waits for the loop (which may be busy pushing other tables)."""

    async def run():
        layer = InMemoryChannelLayer()
        member = await layer.new_channel()
        await layer.group_add("table-1", member)  # as a socket joins, on the server's loop
        loop_busy = threading.Event()
        returned = []

        def request_thread():
            loop_busy.wait(10)  # the loop is in the middle of something else
            for version in (1, 2, 3):
                returned.append(layer.group_send_soon("table-1", {"type": "t", "v": version}))

        thread = threading.Thread(target=request_thread)
        thread.start()
        loop_busy.set()
        thread.join(10)  # a blocking join: the loop runs nothing meanwhile...
        assert returned == [True, True, True]  # ...yet the thread was not held up
        return [await layer.receive(member) for _ in range(3)]

    assert [message["v"] for message in asyncio.run(run())] == [1, 2, 3]


def test_without_its_loop_running_the_caller_sends_as_before():
    layer = InMemoryChannelLayer()
    member = async_to_sync(layer.new_channel)()
    async_to_sync(layer.group_add)("table-9", member)  # that loop is gone now
    assert layer.group_send_soon("table-9", {"type": "t"}) is False
    layers = channels.layers.channel_layers
    saved = layers.backends.get("default")
    layers.backends["default"] = layer
    try:
        announce.notify(9, 1, 4, change="c4")  # falls back to sending and waiting
    finally:
        if saved is None:
            layers.backends.pop("default")
        else:
            layers.backends["default"] = saved
    message = async_to_sync(layer.receive)(member)
    assert (message["type"], message["version"], message["change"]) == ("table.changed", 4, "c4")
