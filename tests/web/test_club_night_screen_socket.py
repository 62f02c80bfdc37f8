"""The projector page's socket: every region when it connects, in the viewer's language, and
the seating and standings again as the keeper draws and as results are recorded."""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator

from dragonformula import scoring as df_scoring
from games.nights import check_in, round_tables, rounds
from games.nights.models import NightTable
from tests.support.leagues import won
from tests.web.night_helpers import night_of
from tests.web.sockets import in_own_loop

pytestmark = pytest.mark.django_db(transaction=True)


async def open_screen(night_id, language="en"):
    from config.asgi import application

    headers = [
        (b"origin", b"http://localhost"),
        (b"cookie", f"django_language={language}".encode()),
    ]
    socket = WebsocketCommunicator(application, f"/ws/nights/{night_id}/", headers=headers)
    connected, _ = await socket.connect()
    assert connected
    return socket


def arrange():
    night, members = night_of(count=6)
    for member in members:
        check_in.check_in(night, member)
    rounds.announce_round(night)
    return night


@in_own_loop
async def test_the_screen_gets_the_draw_and_the_results_without_a_reload():
    night = await database_sync_to_async(arrange)()
    socket = await open_screen(night.pk)
    first = await socket.receive_from(timeout=5)
    assert 'id="night-seating"' in first and 'hx-swap-oob="true"' in first
    assert "Round 1 is announced" in first

    def draw_and_play():
        night_round = night.rounds.get(number=1)
        rounds.draw(night_round)
        table = NightTable.objects.filter(round=night_round).first()
        round_tables.open_table(table, NightTable.Mode.CARDS)
        return table

    table = await database_sync_to_async(draw_and_play)()
    drawn = ""
    while "Seating of round 1" not in drawn:
        drawn += await socket.receive_from(timeout=5)
    names = await database_sync_to_async(
        lambda: [s.entrant.name for s in table.seats.select_related("entrant")]
    )()
    for name in names:
        assert name in drawn

    def finish_the_set():
        table.refresh_from_db()
        set_result = table.match.sets.get()
        for seat in range(3):
            df_scoring.record_game(set_result, won(seat))
        return set_result

    await database_sync_to_async(finish_the_set)()
    pushed = ""
    while "is-finished" not in pushed:
        pushed += await socket.receive_from(timeout=5)
    assert 'id="night-tonight"' in pushed and 'id="night-league"' in pushed
    await socket.disconnect()


@in_own_loop
async def test_the_screen_speaks_the_viewers_language_and_refuses_an_unknown_night():
    night = await database_sync_to_async(arrange)()
    socket = await open_screen(night.pk, "ja")
    first = await socket.receive_from(timeout=5)
    assert "第1回戦を予告しました" in first
    await socket.disconnect()
    from config.asgi import application

    missing = WebsocketCommunicator(
        application, "/ws/nights/999999/", headers=[(b"origin", b"http://localhost")]
    )
    connected, _ = await missing.connect()
    assert not connected
