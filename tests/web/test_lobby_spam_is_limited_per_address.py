"""The lobby-spam loop of issue 35, a new cookie jar each time (a new guest, then tables):
refused past the limits of its address, with a message, while a second address names itself
and opens tables as ever; the lobby never shows more than an address's share of waiting tables."""

import pytest
from django.test import Client

from games.tables import client_limits
from games.tables import limits as table_limits
from games.tables.models import Player, Table
from tests.web.test_leavers import lobby_post

pytestmark = pytest.mark.django_db


def spam_round(address):
    """One round of the loop: a fresh browser names a guest, then opens four tables."""
    browser = Client(REMOTE_ADDR=address)
    named = browser.post("/guest/", {"display_name": "Spam"})
    tables = [
        browser.post("/new/dragonformula/", lobby_post("dragonformula", players=2))
        for _ in range(4)
    ]
    return named, tables


def test_the_lobby_spam_loop_is_refused_past_its_addresss_limits_and_another_is_not():
    refusals = []
    for _ in range(12):
        named, tables = spam_round("10.0.0.66")
        refusals += [t for t in tables if t.status_code == 429]
    waiting = Table.objects.filter(status=Table.Status.OPEN, created_address="10.0.0.66")
    assert waiting.count() == table_limits.MAX_OPEN_PER_ADDRESS
    assert len(refusals) == 12 * 4 - table_limits.MAX_OPEN_PER_ADDRESS
    said = {
        r.content.decode().count("Too many tables were opened from your network") for r in refusals
    }
    assert said == {0, 1}  # past an address's share, or past one guest's own three

    listed = table_limits.lobby_tables()["dragonformula"]
    assert (
        sum(t.created_address == "10.0.0.66" for t in listed) <= table_limits.MAX_OPEN_PER_ADDRESS
    )

    named, tables = spam_round("10.0.0.77")  # someone else, elsewhere
    assert named.status_code == 302
    assert [t.status_code for t in tables] == [302, 302, 302, 429]  # their own limit of 3
    assert "tables waiting for players" in tables[-1].content.decode()


def test_guests_named_from_one_address_are_capped_per_hour():
    ceiling = client_limits.GUESTS_PER_ADDRESS.limit
    statuses = [
        Client(REMOTE_ADDR="10.0.0.66").post("/guest/", {"display_name": f"G{n}"}).status_code
        for n in range(ceiling + 3)
    ]
    assert statuses[:ceiling] == [302] * ceiling
    assert statuses[ceiling:] == [429] * 3
    refused = Client(REMOTE_ADDR="10.0.0.66").post("/guest/", {"display_name": "One more"})
    assert "Too many guests were named from your network" in refused.content.decode()
    assert Player.objects.count() == ceiling
    assert (
        Client(REMOTE_ADDR="10.0.0.77").post("/guest/", {"display_name": "Ann"}).status_code == 302
    )


def test_tables_opened_per_address_per_hour_are_capped_even_when_they_start():
    """Opening tables and starting them at once (so none is waiting) still meets a ceiling."""
    window = client_limits.TABLES_PER_ADDRESS
    for _ in range(window.limit):
        assert client_limits.take(window, "10.0.0.66")
    browser = Client(REMOTE_ADDR="10.0.0.66")
    browser.post("/guest/", {"display_name": "Busy"})
    refused = browser.post("/new/dragsaga/", lobby_post("dragsaga", players=2))
    assert refused.status_code == 429
    other = Client(REMOTE_ADDR="10.0.0.77")
    other.post("/guest/", {"display_name": "Calm"})
    assert other.post("/new/dragsaga/", lobby_post("dragsaga", players=2)).status_code == 302


def test_a_server_told_no_address_still_opens_tables():
    """Behind a Unix socket or a proxy without its header Daphne knows no address."""
    browser = Client(REMOTE_ADDR="")
    assert browser.post("/guest/", {"display_name": "Ann"}).status_code == 302
    assert browser.post("/new/dragsaga/", lobby_post("dragsaga", players=2)).status_code == 302
    assert Table.objects.get().created_address is None
