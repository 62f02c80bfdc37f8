"""Per-socket limits: a flooding socket is closed with 4429 and one log line while the
other tables go on; a socket whose consumer is killed (as Daphne kills one that takes
too long) counts as gone at once, and a bot takes its seat within the away limit."""

import asyncio
import logging
import time

import pytest
from channels.db import database_sync_to_async

from games.live import consumers
from games.presence import leavers
from games.presence.models import AwayLimit, SeatConnection, StandIn
from games.tables.actions import opening, playing, seating, starting
from games.tables.models import ActionLog
from tests.web.sockets import in_own_loop, open_socket, receive_until, started_table

pytestmark = pytest.mark.django_db(transaction=True)


@database_sync_to_async
def play(game, player):
    game.refresh_from_db()
    card = game.state["hands"][game.state["turn"]][0]
    return playing.apply_action(game, player, {"type": "play", "card": card}, game.version)


async def close_code(socket, frames=20):
    """The close code the server sent (after any frames still in flight)."""
    for _ in range(frames):
        output = await socket.receive_output(timeout=3)
        if output["type"] == "websocket.close":
            return output.get("code")
    raise AssertionError("the socket was not closed")


@in_own_loop
async def test_a_flooding_socket_is_closed_and_another_table_goes_on(highcard, players):
    lines = []
    handler = logging.Handler()
    handler.emit = lambda record: lines.append(record.getMessage())
    logging.getLogger("games.live.consumers").addHandler(handler)
    flooded, _flooded_game = await started_table(players[:2], away_seconds=60)
    calm, calm_game = await started_table(players[2:], away_seconds=60)
    flooder = await open_socket(flooded.code, players[1])
    watcher = await open_socket(calm.code, players[3])
    await flooder.receive_from()
    await watcher.receive_from()

    for _ in range(200):
        await flooder.send_to(text_data='{"tick": true}')
    assert await close_code(flooder) == consumers.CLOSE_FLOOD

    started = time.monotonic()
    await play(calm_game, players[2 + calm_game.state["turn"]])
    assert 'name="version" value="1"' in await receive_until(watcher, 'name="version"')
    assert time.monotonic() - started < 5
    logging.getLogger("games.live.consumers").removeHandler(handler)
    lines = [line for line in lines if "ws closed" in line]
    assert len(lines) == 1 and "code=4429" in lines[0] and len(lines[0]) < 300
    await flooder.disconnect()
    await watcher.disconnect()


@in_own_loop
async def test_ticks_at_a_countdowns_pace_keep_the_socket_open(highcard, players):
    table, game = await started_table(players[:2], away_seconds=60)
    socket = await open_socket(table.code, players[1])
    await socket.receive_from()
    for _ in range(consumers.RATE_BURST):
        await socket.send_to(text_data='{"tick": true}')
    await asyncio.sleep(0.3)
    await play(game, players[game.state["turn"]])
    assert 'name="version" value="1"' in await receive_until(socket, 'name="version"')
    await socket.disconnect()


@in_own_loop
async def test_nothing_a_socket_sends_is_stored(highcard, players):
    table, game = await started_table(players[:2], away_seconds=60)
    socket = await open_socket(table.code, players[1])
    await socket.receive_from()
    for text in ('{"type": "play", "card": "T1"}', '{"action": {"type": "play"}}', "NaN"):
        await socket.send_to(text_data=text)
    await asyncio.sleep(0.3)
    assert not await database_sync_to_async(ActionLog.objects.filter(game=game).exists)()
    await socket.disconnect()


@in_own_loop
async def test_a_killed_socket_is_gone_at_once_and_a_bot_takes_the_seat(highcard, players):
    table, game = await started_table(players[:2], away_seconds=1)
    socket = await open_socket(table.code, players[1])
    await socket.receive_from()
    open_rows = database_sync_to_async(SeatConnection.objects.filter(closed=None).count)
    assert await open_rows() == 1

    socket.future.cancel()  # what Daphne does to a consumer that will not finish: no disconnect()
    killed = time.time()
    for _ in range(50):
        if await open_rows() == 0:
            break
        await asyncio.sleep(0.05)
    assert await open_rows() == 0

    await database_sync_to_async(playing.advance)(game.pk, game.version, now=killed + 1.1)
    stand_in = await database_sync_to_async(StandIn.objects.get)(ended=None, seat_number=1)
    assert stand_in.player_id == players[1].pk


def test_the_heartbeat_closes_a_socket_this_process_no_longer_holds(highcard, players):
    table = opening.create_table(game_name="highcard", players=2, created_by=players[0])
    seating.sit(table, players[1])
    AwayLimit.objects.create(table=table, seconds=5)
    game = starting.start(table, players[0])
    leavers.connected(table, players[1], "lost-socket")
    leavers._held.discard("lost-socket")  # its consumer ended and nobody said so
    beat = time.time()
    assert leavers.heartbeat(beat) == 1
    assert not SeatConnection.objects.filter(closed=None).exists()
    playing.advance(game.pk, game.version, now=beat + 5.1)
    assert StandIn.objects.filter(player=players[1], ended=None).exists()


async def socket_with(code, cookie):
    from channels.testing import WebsocketCommunicator

    from config.asgi import application

    headers = [(b"origin", b"http://localhost"), (b"cookie", cookie)]
    socket = WebsocketCommunicator(application, f"/ws/table/{code}/", headers=headers)
    connected, _ = await socket.connect()
    return socket, connected


@in_own_loop
async def test_a_flooders_next_socket_is_refused_for_a_while(highcard, players):
    from tests.web.sockets import session_cookie

    table, _game = await started_table(players[:2], away_seconds=60)
    cookie = await database_sync_to_async(session_cookie)(players[1])
    flooder, connected = await socket_with(table.code, cookie)
    assert connected
    await flooder.receive_from()
    for _ in range(100):
        await flooder.send_to(text_data='{"tick": true}')
    assert await close_code(flooder) == consumers.CLOSE_FLOOD
    await flooder.disconnect()

    again, connected = await socket_with(table.code, cookie)
    assert not connected  # refused at the handshake, for PENALTY_SECONDS
    others = await open_socket(table.code, players[0])  # another browser is not concerned
    await others.receive_from()
    await others.disconnect()
