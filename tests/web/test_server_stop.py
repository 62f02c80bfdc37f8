"""SIGTERM ends a real Daphne process within 10 s: its table sockets are closed (the
browsers see it and reconnect elsewhere), their seats are marked as left at that moment,
and every move made before it is kept."""

import signal
import time

import pytest
from django.conf import settings
from django.db import connection
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from games.presence.models import SeatConnection, ServerProcess
from games.tables.actions import playing
from games.tables.models import ActionLog, Game
from tests.support.servers import daphne
from tests.web.sockets import session_cookie
from tests.web.tables import seated_table

pytestmark = pytest.mark.django_db(transaction=True)


def test_sigterm_ends_daphne_within_ten_seconds_with_its_sockets_closed():
    db = settings.DATABASES["default"]
    if connection.vendor != "sqlite":
        pytest.fail("this test serves the test database from a Daphne process (SQLite file)")
    table, game, players = seated_table("dragonformula", ["Ann", "Ben"])
    turn = game.state["turn"]
    game = playing.apply_action(game, players[turn], {"type": "draw"}, game.version)
    cookie = session_cookie(players[1 - turn]).decode()

    with daphne(env={"DATABASE_URL": f"sqlite:///{db['NAME']}"}) as url:
        ws_url = url.replace("http://", "ws://") + f"/ws/table/{table.code}/"
        with connect(ws_url, origin=url, additional_headers={"Cookie": cookie}) as socket:
            assert 'id="table-version"' in socket.recv(timeout=10)
            assert SeatConnection.objects.filter(closed=None).count() == 1
            socket.send('{"tick": true}')

            started = time.monotonic()
            url.process.send_signal(signal.SIGTERM)
            url.process.wait(timeout=15)
            took = time.monotonic() - started
            with pytest.raises(ConnectionClosed):
                while True:
                    socket.recv(timeout=5)

    assert took < 10, f"Daphne took {took:.1f} s to exit"
    assert not SeatConnection.objects.filter(closed=None).exists()  # the seat counts as left
    stopped = ServerProcess.objects.get()
    assert stopped.seen.timestamp() < time.time() - 30  # the others take its tables over now
    kept = Game.objects.get(pk=game.pk)
    assert kept.version == game.version == ActionLog.objects.filter(game=game).count()
