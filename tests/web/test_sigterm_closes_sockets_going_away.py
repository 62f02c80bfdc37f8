"""SIGTERM to a real Daphne process: every socket it serves (players' and spectators') gets a
close frame with 1001 "going away" before the process exits, within 10 s, so browsers know at
once instead of waiting on a dead connection."""

import signal
import threading
import time
from contextlib import ExitStack

import pytest
from django.conf import settings
from django.db import connection
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from tests.support.servers import daphne
from tests.web.sockets import session_cookie
from tests.web.tables import seated_table

pytestmark = pytest.mark.django_db(transaction=True)


def close_code_of(socket, found, index):
    try:
        while True:
            socket.recv(timeout=12)
    except ConnectionClosed as closed:
        found[index] = (closed.rcvd.code if closed.rcvd else None, time.monotonic())
    except TimeoutError:
        found[index] = ("timeout", time.monotonic())


def test_sigterm_sends_every_socket_a_going_away_close_frame():
    db = settings.DATABASES["default"]
    if connection.vendor != "sqlite":
        pytest.fail("this test serves the test database from a Daphne process (SQLite file)")
    table, _game, players = seated_table("dragonformula", ["Ann", "Ben"])
    cookies = [session_cookie(player).decode() for player in players]

    with daphne(env={"DATABASE_URL": f"sqlite:///{db['NAME']}"}) as url, ExitStack() as held:
        ws_url = url.replace("http://", "ws://") + f"/ws/table/{table.code}/"
        headers = [{"Cookie": cookie} for cookie in cookies] + [{}] * 4  # 2 players, 4 spectators
        sockets = [
            held.enter_context(connect(ws_url, origin=url, additional_headers=extra))
            for extra in headers
        ]
        for socket in sockets:
            assert 'id="table-version"' in socket.recv(timeout=10)
        found = [None] * len(sockets)
        readers = [
            threading.Thread(target=close_code_of, args=(socket, found, n))
            for n, socket in enumerate(sockets)
        ]
        for reader in readers:
            reader.start()
        started = time.monotonic()
        url.process.send_signal(signal.SIGTERM)
        url.process.wait(timeout=15)
        exited = time.monotonic()
        for reader in readers:
            reader.join(15)

    assert exited - started < 10, f"Daphne took {exited - started:.1f} s to exit"
    assert [code for code, _at in found] == [1001] * len(sockets)
    assert all(at <= exited + 0.5 for _code, at in found)  # before the process was gone
