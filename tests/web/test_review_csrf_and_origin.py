"""Review: every state-changing POST needs the CSRF token; sockets from other sites are refused."""

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator

from games import services
from games.models import Player, Seat, Table
from tests.web.sockets import in_own_loop
from tests.web.tables import browser_of

pytestmark = pytest.mark.django_db


def test_naming_a_guest_needs_the_csrf_token():
    response = browser_of(None).post("/guest/", {"display_name": "Mallory"})
    assert response.status_code == 403
    assert not Player.objects.exists()


def test_opening_sitting_standing_and_starting_need_the_csrf_token():
    ann, ben = services.create_guest("Ann"), services.create_guest("Ben")
    response = browser_of(ann).post("/new/dragsaga/", {"dragsaga-players": "2"})
    assert response.status_code == 403 and not Table.objects.exists()

    table = services.create_table(game_name="dragsaga", players=2, created_by=ann)
    base = f"/dragsaga/{table.code}"
    assert browser_of(ben).post(f"{base}/sit").status_code == 403
    assert not Seat.objects.filter(player=ben).exists()
    assert browser_of(ann).post(f"{base}/stand").status_code == 403
    assert table.seats.get(number=0).player == ann

    services.sit(table, ben)
    assert browser_of(ann).post(f"{base}/start").status_code == 403
    table.refresh_from_db()
    assert table.status == Table.Status.OPEN and not table.games.exists()


@pytest.mark.django_db(transaction=True)
@in_own_loop
async def test_a_table_socket_opened_from_another_site_or_without_an_origin_is_refused():
    from config.asgi import application

    table = await database_sync_to_async(Table.objects.create)(game_name="dragsaga", players=2)
    for headers in ([(b"origin", b"https://evil.example")], []):
        socket = WebsocketCommunicator(application, f"/ws/table/{table.code}/", headers=headers)
        connected, _ = await socket.connect()
        assert not connected
        await socket.disconnect()
