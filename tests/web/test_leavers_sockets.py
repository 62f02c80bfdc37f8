"""Leavers over the table sockets: closing the last socket starts the away clock, the others
see the bot take the seat, and the player's new socket gives the seat back with its hand."""

import re
import time

import pytest
from channels.db import database_sync_to_async

from games.presence.models import SeatConnection, StandIn
from games.tables.actions import playing
from games.tables.models import Seat
from tests.web.sockets import open_socket, started_table

pytestmark = pytest.mark.django_db(transaction=True)


@database_sync_to_async
def advance_at(game, now):
    return playing.advance(game.pk, game.version, now=now)


async def frame_with(socket, text, frames=5):
    """The first frame (of the next few) that contains ``text``."""
    for _ in range(frames):
        frame = await socket.receive_from(timeout=3)
        if text in frame:
            return frame
    raise AssertionError(f"no frame with {text!r}")


def hand_cards(frame):
    hand = re.search(r'<section id="hand".*?</section>', frame, re.S)
    return re.findall(r'data-card="([^"]+)"', hand.group(0)) if hand else []


async def test_the_table_sees_a_bot_take_the_away_seat_and_the_player_take_it_back(players):
    ann, ben = players[0], players[1]
    table, game = await started_table(players[:2], "dragsaga", away_seconds=45)
    ann_socket = await open_socket(table.code, ann)
    ben_socket = await open_socket(table.code, ben)
    first = await ben_socket.receive_from()
    assert hand_cards(first)  # Ben sees his own hand
    await ann_socket.receive_from()
    assert await database_sync_to_async(SeatConnection.objects.filter(closed=None).count)() == 2

    await ben_socket.disconnect()
    closed = time.time()
    assert await database_sync_to_async(SeatConnection.objects.filter(closed=None).count)() == 1

    await advance_at(game, closed + 46)

    frame = await frame_with(ann_socket, "plays for Ben")
    assert "Seat 2: a bot (random) plays for Ben until they are back." in frame
    assert await database_sync_to_async(StandIn.objects.filter(ended=None).count)() == 1

    back = await open_socket(table.code, ben)
    frame = await frame_with(back, 'id="hand"')
    assert hand_cards(frame)  # his seat's hand again, as his seat may see it
    assert "plays for Ben" not in frame
    seat = await database_sync_to_async(Seat.objects.get)(table=table, number=1)
    assert seat.player_id == ben.pk and not seat.bot_level
    assert "plays for Ben" not in await frame_with(ann_socket, 'id="table-trust"')
    await back.disconnect()
    await ann_socket.disconnect()
