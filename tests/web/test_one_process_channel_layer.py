"""One process's channel layer (config/local_layer.py) keeps the rules of Channels' own
in-memory layer: each test runs on both, so the two behave alike for every socket."""

import asyncio

import pytest
from channels.exceptions import ChannelFull
from channels.layers import InMemoryChannelLayer

from config.local_layer import LocalChannelLayer


@pytest.fixture(params=[LocalChannelLayer, InMemoryChannelLayer], ids=["local", "channels"])
def make_layer(request):
    return request.param


def run(coroutine):
    return asyncio.run(asyncio.wait_for(coroutine, 10))


def test_a_message_sent_to_a_channel_is_received_there_once_and_in_order(make_layer):
    async def go():
        layer = make_layer()
        channel = await layer.new_channel()
        for n in (1, 2, 3):
            await layer.send(channel, {"type": "hello", "n": n})
        heard = [(await layer.receive(channel))["n"] for _ in range(3)]
        late = asyncio.create_task(layer.receive(channel))
        await asyncio.sleep(0.05)
        return heard, late.done(), late

    heard, done_early, late = run(go())
    assert heard == [1, 2, 3] and not done_early


def test_a_receiver_waiting_gets_what_is_sent_later(make_layer):
    async def go():
        layer = make_layer()
        channel = await layer.new_channel()
        waiting = asyncio.create_task(layer.receive(channel))
        await asyncio.sleep(0.01)
        await layer.send(channel, {"type": "hello", "text": "late"})
        return await waiting

    assert run(go())["text"] == "late"


def test_a_group_send_reaches_every_member_and_no_one_who_left(make_layer):
    async def go():
        layer = make_layer()
        seats = [await layer.new_channel() for _ in range(3)]
        for seat in seats:
            await layer.group_add("table-1", seat)
        await layer.group_add("table-2", seats[0])
        await layer.group_discard("table-1", seats[2])
        await layer.group_send("table-1", {"type": "table.changed", "version": 4})
        heard = [await asyncio.wait_for(layer.receive(seat), 1) for seat in seats[:2]]
        left = asyncio.create_task(layer.receive(seats[2]))
        await asyncio.sleep(0.05)
        return heard, left.done()

    heard, left_heard = run(go())
    assert [m["version"] for m in heard] == [4, 4] and not left_heard


def test_every_receiver_gets_its_own_copy(make_layer):
    async def go():
        layer = make_layer()
        a, b = await layer.new_channel(), await layer.new_channel()
        for seat in (a, b):
            await layer.group_add("table-1", seat)
        message = {"type": "table.changed", "seats": [1, 2]}
        await layer.group_send("table-1", message)
        message["seats"].append(3)  # the sender changes its own afterwards
        first = await layer.receive(a)
        first["seats"].append(9)  # one receiver changes what it got
        return (await layer.receive(b))["seats"]

    assert run(go()) == [1, 2]


def test_a_full_channel_refuses_a_send_and_is_skipped_by_a_group_send(make_layer):
    async def go():
        layer = make_layer(capacity=2)
        full, free = await layer.new_channel(), await layer.new_channel()
        for seat in (full, free):
            await layer.group_add("table-1", seat)
        await layer.send(full, {"type": "a"})
        await layer.send(full, {"type": "b"})
        with pytest.raises(ChannelFull):
            await layer.send(full, {"type": "c"})
        await layer.group_send("table-1", {"type": "d"})  # no error: the full one is skipped
        return [(await layer.receive(full))["type"] for _ in range(2)], await layer.receive(free)

    full_heard, free_heard = run(go())
    assert full_heard == ["a", "b"] and free_heard["type"] == "d"


def test_a_channel_left_unread_past_the_expiry_leaves_its_groups(make_layer):
    async def go():
        layer = make_layer(expiry=0.05)
        gone, there = await layer.new_channel(), await layer.new_channel()
        for seat in (gone, there):
            await layer.group_add("table-1", seat)
        await layer.group_send("table-1", {"type": "first"})
        await layer.receive(there)  # this socket reads; the other went away unread
        await asyncio.sleep(1.2)
        await layer.group_send("table-1", {"type": "second"})
        await layer.group_send("table-1", {"type": "third"})
        heard = [(await layer.receive(there))["type"] for _ in range(2)]
        return heard, set(layer.groups.get("table-1", {})), there  # members, as both keep them

    heard, members, there = run(go())
    # The unread channel's expired message went, and it left the group; the reader stayed.
    assert heard == ["second", "third"] and members == {there}


def test_a_message_past_its_expiry_is_not_received(make_layer):
    async def go():
        layer = make_layer(expiry=0.05)
        channel = await layer.new_channel()
        await layer.send(channel, {"type": "old"})
        await asyncio.sleep(0.1)
        await layer.send(channel, {"type": "new"})
        return await layer.receive(channel)

    assert run(go())["type"] == "new"


def test_a_membership_ends_after_the_group_expiry(make_layer):
    async def go():
        layer = make_layer(group_expiry=1)
        seat = await layer.new_channel()
        await layer.group_add("table-1", seat)
        await asyncio.sleep(2.1)  # memberships are counted in whole seconds by Channels
        await layer.group_send("table-1", {"type": "late"})
        waiting = asyncio.create_task(layer.receive(seat))
        await asyncio.sleep(0.05)
        return waiting.done()

    assert run(go()) is False


def test_a_receiver_that_gives_up_loses_no_message(make_layer):
    async def go():
        layer = make_layer()
        channel = await layer.new_channel()
        impatient = asyncio.create_task(layer.receive(channel))
        await asyncio.sleep(0.01)
        impatient.cancel()
        await layer.send(channel, {"type": "kept"})
        return await layer.receive(channel)

    assert run(go())["type"] == "kept"


def test_flush_forgets_every_message_and_group(make_layer):
    async def go():
        layer = make_layer()
        seat = await layer.new_channel()
        await layer.group_add("table-1", seat)
        await layer.send(seat, {"type": "before"})
        await layer.flush()
        await layer.group_send("table-1", {"type": "after"})
        waiting = asyncio.create_task(layer.receive(seat))
        await asyncio.sleep(0.05)
        return waiting.done()

    assert run(go()) is False


def test_names_are_checked_and_new_channels_are_distinct(make_layer):
    async def go():
        layer = make_layer()
        names = {await layer.new_channel() for _ in range(200)}
        for bad in ("has space", "x" * 200, "ünïcode"):
            with pytest.raises(TypeError):
                await layer.send(bad, {"type": "x"})
            with pytest.raises(TypeError):
                await layer.group_add(bad, next(iter(names)))
        return names

    names = run(go())
    assert len(names) == 200 and all("!" in name for name in names)
