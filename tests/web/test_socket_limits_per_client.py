"""Socket limits keyed on who is asking: a flood closes the flooding socket (4429) and
throttles that session only; a made-up session cookie is no one and gets no fresh allowance;
cookieless sockets of an address are refused only after repeated floods; a session and an
address hold a bounded number of sockets."""

import secrets

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.conf import settings

from games.live import consumers
from tests.web.sockets import in_own_loop, session_cookie, started_table
from tests.web.test_socket_limits import close_code

pytestmark = pytest.mark.django_db(transaction=True)

CLUB = "192.0.2.10"  # one address: a club behind a router


async def socket_from(code, address, cookie=None):
    from config.asgi import application

    headers = [(b"origin", b"http://localhost")]
    if cookie is not None:
        headers.append((b"cookie", cookie))
    socket = WebsocketCommunicator(application, f"/ws/table/{code}/", headers=headers)
    socket.scope["client"] = (address, 50000)
    connected, _ = await socket.connect(timeout=10)
    if connected:
        await socket.receive_from(timeout=10)  # the table as it stands
    return socket, connected


async def flood(socket):
    for _ in range(100):
        await socket.send_to(text_data='{"tick": true}')
    assert await close_code(socket) == consumers.CLOSE_FLOOD
    await socket.disconnect()


def forged():
    return f"{settings.SESSION_COOKIE_NAME}={secrets.token_hex(16)}".encode()


@in_own_loop
async def test_a_flood_from_one_session_leaves_another_session_of_its_address_connected(
    highcard, players
):
    table, _game = await started_table(players[:2], away_seconds=60)
    ann = await database_sync_to_async(session_cookie)(players[0])
    ben = await database_sync_to_async(session_cookie)(players[1])
    watching, connected = await socket_from(table.code, CLUB, ben)
    assert connected
    flooder, connected = await socket_from(table.code, CLUB, ann)
    await flood(flooder)

    again, connected = await socket_from(table.code, CLUB, ann)
    assert not connected  # the flooding session waits PENALTY_SECONDS
    while not await watching.receive_nothing(timeout=0.3):  # Ann came and went: her presence
        await watching.receive_from()
    await watching.send_to(text_data='{"tick": true}')
    assert await watching.receive_nothing(timeout=0.3)  # still open, nothing to say
    second, connected = await socket_from(table.code, CLUB, ben)  # and may open another
    assert connected
    bystander, connected = await socket_from(table.code, CLUB)  # a cookieless spectator too
    assert connected
    for socket in (watching, second, bystander):
        await socket.disconnect()


@in_own_loop
async def test_one_cookieless_flood_does_not_blank_the_other_spectators_of_its_address(
    highcard, players
):
    table, _game = await started_table(players[:2], away_seconds=60)
    flooder, connected = await socket_from(table.code, CLUB)
    await flood(flooder)
    spectators = []
    for _ in range(20):  # before, every cookieless socket of the address was refused for 10 s
        socket, connected = await socket_from(table.code, CLUB)
        assert connected
        spectators.append(socket)
    for socket in spectators:
        await socket.disconnect()


@in_own_loop
async def test_a_made_up_session_cookie_gets_no_fresh_allowance(highcard, players):
    table, _game = await started_table(players[:2], away_seconds=60)
    for _ in range(consumers.FLOODS_PER_ADDRESS.limit):
        flooder, connected = await socket_from(table.code, CLUB, forged())
        assert connected  # one visitor's flood does not blank the address at once
        await flood(flooder)
    cycles = 0
    for _ in range(30):  # as in issue 35: reconnect with a new random sessionid each time
        flooder, connected = await socket_from(table.code, CLUB, forged())
        cycles += connected
        if connected:
            await flooder.disconnect()
    assert cycles == 0
    member = await database_sync_to_async(session_cookie)(players[0])
    known, connected = await socket_from(table.code, CLUB, member)
    assert connected  # a member of the club signed in as ever
    elsewhere, connected = await socket_from(table.code, "198.51.100.7")
    assert connected
    await known.disconnect()
    await elsewhere.disconnect()


@in_own_loop
async def test_sockets_per_session_and_per_address_are_capped(highcard, players, monkeypatch):
    monkeypatch.setattr(consumers, "MAX_SOCKETS_PER_ADDRESS", 20)
    monkeypatch.setattr(consumers, "MAX_SESSION_SOCKETS_PER_ADDRESS", 14)
    table, _game = await started_table(players[:3], away_seconds=60)
    ann, ben, cho = [await database_sync_to_async(session_cookie)(p) for p in players[:3]]
    held = []
    for _ in range(consumers.MAX_SOCKETS_PER_SESSION):
        socket, connected = await socket_from(table.code, CLUB, ann)
        assert connected
        held.append(socket)
    _refused, connected = await socket_from(table.code, CLUB, ann)
    assert not connected  # one session: no more
    spectators = []
    for _ in range(consumers.MAX_SOCKETS_PER_ADDRESS):
        socket, connected = await socket_from(table.code, CLUB)  # cookieless spectators
        assert connected
        spectators.append(socket)
    _refused, connected = await socket_from(table.code, CLUB)
    assert not connected  # the address has as many spectators as it may
    _refused, connected = await socket_from(table.code, CLUB, forged())
    assert not connected  # a made-up cookie is one more of them
    member, connected = await socket_from(table.code, CLUB, ben)
    assert connected  # the club's members are not shut out by the spectators
    other, connected = await socket_from(table.code, "198.51.100.7")
    assert connected  # another address is not concerned
    second, connected = await socket_from(table.code, CLUB, ben)
    assert connected
    _refused, connected = await socket_from(table.code, CLUB, cho)
    assert not connected  # and the members of one address have a ceiling too
    await spectators.pop().disconnect()
    freed, connected = await socket_from(table.code, CLUB)
    assert connected  # a closed socket frees its place
    for socket in [*held, *spectators, member, other, second, freed]:
        await socket.disconnect()
