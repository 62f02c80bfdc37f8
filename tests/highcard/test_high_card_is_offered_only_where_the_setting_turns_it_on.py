"""High Card is an example: a site offers it only when its settings name it
(``EXAMPLE_GAMES=examples.highcard``, which installs its app). Without it the lobby offers no
High Card table and its addresses are 404s; with it, a guest opens a table from the lobby
with the options the form offers, and a bad option is refused with a 400."""

from __future__ import annotations

import pytest
from django.conf import settings

from games.tables.models import Table
from tests.web.tables import browser_of

pytestmark = pytest.mark.django_db


def guest(name="Ann"):
    client = browser_of(None, csrf=False)
    client.post("/guest/", {"display_name": name})
    return client


def test_without_the_setting_the_lobby_offers_no_high_card(client):
    assert "examples.highcard" not in settings.INSTALLED_APPS
    lobby = client.get("/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "High Card" not in lobby and "/new/highcard/" not in lobby
    assert guest().post("/new/highcard/", {"highcard-players": 2}).status_code == 404
    assert client.get("/rules/highcard/").status_code == 404
    assert client.get("/leagues/sheets/highcard/").status_code == 404


def test_with_the_setting_a_guest_opens_a_table_from_the_lobby(highcard):
    ann = guest()
    lobby = ann.get("/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "High Card" in lobby and 'action="/new/highcard/"' in lobby
    assert "Seconds to lay a card" in lobby
    posted = {
        "highcard-players": 2,
        "highcard-bot_level": "easy",
        "highcard-bot_pace": "normal",
        "highcard-away_seconds": 60,
        "highcard-option_turn_seconds": 45,
    }
    response = ann.post("/new/highcard/", posted)
    assert response.status_code == 302, response.content.decode()[:500]
    table = Table.objects.get()
    assert response.url == f"/highcard/{table.code}/"
    assert (table.game_name, table.players, table.options) == ("highcard", 2, {"turn_seconds": 45})
    refused = ann.post("/new/highcard/", {**posted, "highcard-option_turn_seconds": "٤٥"})
    assert refused.status_code == 400
    assert Table.objects.count() == 1
