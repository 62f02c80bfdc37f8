"""The operator's log as an operator reads it: a line per applied action, per refused
action with its reason, and per table socket connecting and disconnecting."""

import json
import logging

import pytest

from tests.web.sockets import in_own_loop, open_socket
from tests.web.tables import browser_of, htmx_post, seated_table

NAMES = ["Ann", "Ben", "Cho", "Dai"]


class Lines(logging.Handler):
    def __init__(self):
        super().__init__(logging.INFO)
        self.lines = []

    def emit(self, record):
        self.lines.append(record.getMessage())


@pytest.fixture
def oplog():
    """The operator's log lines, from any thread (sockets run on their own loop)."""
    logger = logging.getLogger("games.oplog")
    handler, level = Lines(), logger.level
    logger.addHandler(handler)
    logger.setLevel(logging.INFO)
    yield handler.lines
    logger.removeHandler(handler)
    logger.setLevel(level)


def post(browser, table, action, version):
    url = f"/{table.game_name}/{table.code}/act"
    return htmx_post(browser, url, {"action": json.dumps(action), "version": version})


@pytest.mark.django_db(transaction=True)
def test_an_applied_and_a_refused_action_each_leave_one_line(oplog):
    table, game, players = seated_table("dragonformula", NAMES)
    turn = game.state["turn"]
    drawer, other = browser_of(players[turn]), browser_of(players[(turn + 1) % 4])

    assert post(drawer, table, {"type": "draw"}, 0).status_code == 200
    assert post(other, table, {"type": "draw"}, 1).status_code == 400

    lines = oplog
    applied = [line for line in lines if "action applied" in line]
    refused = [line for line in lines if "action rejected" in line]
    assert (
        len(applied) == 1 and f"table={table.pk} seat={turn}" in applied[0] and "draw" in applied[0]
    )
    assert "version=1" in applied[0]
    assert len(refused) == 1 and f"table={table.pk}" in refused[0]
    assert "reason=not_your_turn" in refused[0] and "version=1" in refused[0]


@pytest.mark.django_db(transaction=True)
def test_a_table_socket_logs_its_connect_and_disconnect(oplog):
    table, game, players = seated_table("dragonformula", NAMES)

    @in_own_loop
    async def open_and_close():
        socket = await open_socket(table.code, players[0])
        await socket.receive_from(timeout=5)
        await socket.disconnect()

    open_and_close()
    lines = oplog
    assert any(f"ws connect table={table.pk} seat=0" in line for line in lines)
    assert any(
        f"ws disconnect table={table.pk} seat=0" in line and "code=" in line for line in lines
    )
