"""A card laid at a High Card table is pushed over the table's socket to the other seat and to
a spectator as a card face down: which card it was never leaves the server (not in a frame,
not in the operator's log) until every seat has laid one and the round is turned up."""

from __future__ import annotations

import json
import logging

import pytest
from channels.db import database_sync_to_async

from tests.web.sockets import in_own_loop, open_socket, receive_until, started_table
from tests.web.tables import browser_of, htmx_post

pytestmark = pytest.mark.django_db(transaction=True)


@database_sync_to_async
def lay(player, code, card, version):
    action = json.dumps({"type": "play", "card": card})
    return htmx_post(
        browser_of(player), f"/highcard/{code}/act", {"action": action, "version": version}
    )


def shows(html, card):
    return f'data-card="{card}"' in html or f'"card": "{card}"' in html


@in_own_loop
async def test_a_laid_card_is_pushed_face_down_and_turned_up_with_the_round(
    highcard, players, caplog
):
    caplog.set_level(logging.INFO, logger="games.oplog")
    ann, ben = players[:2]
    table, game = await started_table([ann, ben])
    ann_card, ben_card = game.state["hands"][0][0], game.state["hands"][1][-1]
    ben_socket = await open_socket(table.code, ben)
    watcher = await open_socket(table.code)
    for socket in (ben_socket, watcher):
        first = await socket.receive_from()
        assert not shows(first, ann_card)

    assert (await lay(ann, table.code, ann_card, 0)).status_code == 200
    for socket in (ben_socket, watcher):
        frames = await receive_until(socket, 'name="version" value="1"')
        assert "A card laid face down" in frames
        assert not shows(frames, ann_card)
    assert ann_card not in caplog.text  # the operator's log: {"type": "play"} and no card

    assert (await lay(ben, table.code, ben_card, 1)).status_code == 200
    for socket in (ben_socket, watcher):
        frames = await receive_until(socket, 'name="version" value="2"')
        assert shows(frames, ann_card) and shows(frames, ben_card)  # the round turned up
        assert "won the last round" in frames
    for socket in (ben_socket, watcher):
        await socket.disconnect()


@in_own_loop
async def test_only_the_seat_to_play_is_pushed_its_buttons(highcard, players):
    ann, ben = players[:2]
    table, game = await started_table([ann, ben])
    ben_socket = await open_socket(table.code, ben)
    assert 'name="action"' not in await ben_socket.receive_from()
    await lay(ann, table.code, game.state["hands"][0][0], 0)
    frames = await receive_until(ben_socket, 'name="version" value="1"')
    assert "Your turn: lay a card face down." in frames
    assert frames.count('name="action"') == 3
    await ben_socket.disconnect()
