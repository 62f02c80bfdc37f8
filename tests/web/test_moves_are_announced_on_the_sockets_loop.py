"""A move is saved in a request thread and announced to its table's sockets, which live on
the server's event loop: the thread puts the announcement on that loop and goes on, never
waiting for a loop that may be busy pushing other tables; without a server loop (tests,
management commands) it is sent and waited for. One process's layer is config.local_layer's."""

import asyncio
import threading

import channels.layers
import pytest
from asgiref.sync import async_to_sync
from django.conf import settings

from config.local_layer import LocalChannelLayer
from games.live import announce, server_loop


def test_one_process_uses_the_local_layer():  # without REDIS_URL, as `make run` runs
    assert settings.CHANNEL_LAYERS["default"]["BACKEND"] == "config.local_layer.LocalChannelLayer"
    assert isinstance(channels.layers.get_channel_layer(), LocalChannelLayer)


@pytest.fixture
def layer():
    """A fresh in-memory layer as the process's default, and no server loop around it."""
    layers = channels.layers.channel_layers
    saved = layers.backends.get("default")
    fresh = layers.backends["default"] = LocalChannelLayer()
    yield fresh
    server_loop.attach(None)
    if saved is None:
        layers.backends.pop("default")
    else:
        layers.backends["default"] = saved


def test_a_request_thread_announces_on_the_sockets_loop_without_waiting_and_in_order(layer):
    async def run():
        server_loop.attach(asyncio.get_running_loop())  # as Daphne's start-up does
        member = await layer.new_channel()
        await layer.group_add("table-1", member)  # as a socket joins, on the server's loop
        returned = []

        def request_thread():
            for version in (1, 2, 3):
                announce.notify(1, 7, version, change=f"c{version}")
                returned.append(version)

        thread = threading.Thread(target=request_thread)
        thread.start()
        thread.join(10)  # a blocking join: the loop runs nothing meanwhile...
        assert returned == [1, 2, 3]  # ...yet the thread was not held up
        return [await asyncio.wait_for(layer.receive(member), 5) for _ in range(3)]

    heard = asyncio.run(run())
    assert [(m["table"], m["version"], m["change"]) for m in heard] == [
        (1, 1, "c1"),
        (1, 2, "c2"),
        (1, 3, "c3"),
    ]


def test_a_send_that_fails_on_the_loop_is_logged(layer, caplog, monkeypatch):
    async def refused(*_args):
        raise ConnectionError("the layer went away")

    monkeypatch.setattr(layer, "group_send", refused)

    async def run():
        server_loop.attach(asyncio.get_running_loop())
        await asyncio.to_thread(announce.notify, 2, 7, 1)
        for _ in range(20):
            await asyncio.sleep(0.01)

    asyncio.run(run())
    assert "A group send failed" in caplog.text and "the layer went away" in caplog.text


def test_without_a_server_loop_the_caller_sends_and_waits(layer):
    member = async_to_sync(layer.new_channel)()
    async_to_sync(layer.group_add)("table-9", member)
    announce.notify(9, 1, 4, change="c4")  # no server loop: sent and waited for
    message = async_to_sync(layer.receive)(member)
    assert (message["type"], message["version"], message["change"]) == ("table.changed", 4, "c4")
