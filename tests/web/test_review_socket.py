"""Review: whatever a browser sends up the table socket, the socket keeps serving its table."""

import pytest
from channels.db import database_sync_to_async

from games import services
from tests.web.sockets import in_own_loop, open_socket

pytestmark = pytest.mark.django_db(transaction=True)


@database_sync_to_async
def start_table(players):
    table = services.create_table(game_name="toygame", players=2, created_by=players[0])
    services.sit(table, players[1])
    return table, services.start(table, players[0])


@database_sync_to_async
def play(game, player, card):
    return services.apply_action(game, player, {"type": "play", "card": card}, game.version)


@in_own_loop
async def test_garbage_sent_up_the_socket_does_not_break_it(toygame, players):
    table, game = await start_table(players)
    socket = await open_socket(table.code, players[1])
    await socket.receive_from()
    for garbage in ("[" * 100_000, "not json", "[1, 2]", '{"tick": "yes please"}'):
        await socket.send_to(text_data=garbage)
    await play(game, players[0], game.state["hands"][0][0])
    frame = await socket.receive_from(timeout=5)
    assert 'name="version" value="1"' in frame
    await socket.disconnect()
