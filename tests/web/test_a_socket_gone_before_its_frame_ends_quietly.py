"""A client that leaves while the server sends it a frame (a phone's page closed as its socket
opened) is no error: the socket ends as any close does, the seat is no longer at the table
and the table's pushes no longer go to it, and nothing is raised to the server (Daphne logs
what a socket raises as an error, with its traceback)."""

import pytest
from autobahn.exception import Disconnected
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer

from games.presence.models import SeatConnection
from games.tables.events import group_name
from tests.web.sockets import open_socket, started_table

pytestmark = pytest.mark.django_db(transaction=True)


def gone_before_frames(application):
    """``application`` served to a client that has gone once its socket is accepted: every
    frame sent to it raises what Daphne raises then (Autobahn's ``Disconnected``)."""

    async def served(scope, receive, send):
        async def send_to_gone(message):
            if message["type"] == "websocket.send":
                raise Disconnected("Attempt to send on a closed protocol")
            await send(message)

        await application(scope, receive, send_to_gone)

    return served


async def open_connections():
    return await database_sync_to_async(SeatConnection.objects.filter(closed=None).count)()


@pytest.mark.parametrize("game_name", ["dragonformula", "dragsaga"])
async def test_a_socket_whose_client_left_before_its_first_frame_closes_cleanly(players, game_name):
    ann, ben = players[0], players[1]
    table, _game = await started_table([ann, ben], game_name)
    socket = await open_socket(table.code, ann, served=gone_before_frames)
    assert await open_connections() == 1  # she was at the table for a moment
    assert await socket.receive_nothing(timeout=0.3)  # her first frame went nowhere, quietly

    await socket.disconnect()  # what the server hears next: her close (raises if it crashed)

    assert await open_connections() == 0  # her seat is away: the away clock runs
    members = get_channel_layer().groups.get(group_name(table.pk), {})
    assert not members  # the table's pushes no longer go to her socket
