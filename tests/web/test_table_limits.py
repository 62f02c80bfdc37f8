"""What one visitor can open: a few waiting tables per player and per browser, with a
clear message beyond; lobby tables that never start expire; the lobby lists open tables
first, per game, and one spammer cannot push the others' tables off it."""

import time

import pytest
from django.test import Client

from games.presence import leavers
from games.tables import limits as table_limits
from games.tables.actions import opening as table_opening
from games.tables.actions import seating, starting
from games.tables.models import Player, Table
from tests.web.tables import browser_of
from tests.web.test_leavers import lobby_post

pytestmark = pytest.mark.django_db


def open_from_lobby(client, game="dragsaga"):
    return client.post(f"/new/{game}/", lobby_post(game, players=2))


def test_a_guest_may_open_a_few_tables_and_is_told_why_not_more():
    ann = Player.objects.create(display_name="Ann")
    browser = browser_of(ann, csrf=False)
    for _ in range(table_limits.MAX_OPEN_PER_PLAYER):
        assert open_from_lobby(browser).status_code == 302
    refused = open_from_lobby(browser, "dragonformula")
    assert refused.status_code == 429
    assert "tables waiting for players" in refused.content.decode()
    assert Table.objects.count() == table_limits.MAX_OPEN_PER_PLAYER


def test_a_started_table_its_players_are_at_no_longer_counts():
    ann = Player.objects.create(display_name="Ann")
    browser = browser_of(ann, csrf=False)
    for _ in range(table_limits.MAX_OPEN_PER_PLAYER):
        open_from_lobby(browser)
    table = Table.objects.first()
    seating.sit(table, Player.objects.create(display_name="Ben"))
    starting.start(table, ann)
    leavers.connected(table, ann, "ann-at-the-table")  # the table's page, its socket open
    assert open_from_lobby(browser).status_code == 302


def test_one_browser_naming_new_guests_is_still_limited():
    """A fresh guest name per table does not help: the browser's session counts too."""
    browser = Client()
    for number in range(table_limits.MAX_OPEN_PER_SESSION + 1):
        browser.post("/guest/", {"display_name": f"Spam {number}"})
        # The same browser session, a new player each time (as if its guest were forgotten).
        session = browser.session
        session["player_id"] = Player.objects.create(display_name=f"Spam {number}").pk
        session.save()
        response = open_from_lobby(browser)
    assert response.status_code == 429
    assert Table.objects.count() == table_limits.MAX_OPEN_PER_SESSION


def test_lobby_tables_that_never_start_expire_and_club_tables_stay():
    ann = Player.objects.create(display_name="Ann")
    open_from_lobby(browser_of(ann, csrf=False))
    waiting = Table.objects.get()
    leavers.connected(waiting, ann, "ann-socket")  # Ann waits at it, her page open
    left = table_opening.create_table(game_name="dragsaga", players=2, created_session="abc")
    club = table_opening.create_table(game_name="dragsaga", players=2)  # demo / league / script
    now = time.time()
    assert table_limits.expire_open_tables(now + 60) == 0
    assert table_limits.expire_open_tables(now + table_limits.EMPTY_MINUTES * 60 + 1) == 1
    assert not Table.objects.filter(pk=left.pk).exists()  # nobody sat at it
    later = now + table_limits.NEVER_STARTED_HOURS * 3600 + 1
    assert table_limits.expire_open_tables(later) == 1
    assert not Table.objects.filter(pk=waiting.pk).exists()
    assert Table.objects.filter(pk=club.pk).exists()


def test_the_lobby_lists_open_tables_first_and_spam_cannot_bury_them(client):
    real = Player.objects.create(display_name="Real Host")
    real_table = table_opening.create_table(game_name="dragsaga", players=2, created_by=real)
    spammer = Player.objects.create(display_name="Spammer")
    for _ in range(50):  # made behind the limits' back, as if by many requests at once
        table_opening.create_table(game_name="dragsaga", players=2, created_by=spammer)
    running = table_opening.create_table(game_name="dragsaga", players=2, created_by=real)
    seating.sit(running, Player.objects.create(display_name="Ben"))
    starting.start(running, real)
    df = table_opening.create_table(game_name="dragonformula", players=2, created_by=real)

    listed = table_limits.lobby_tables()
    saga = listed["dragsaga"]
    assert real_table in saga and running in saga and df in listed["dragonformula"]
    assert sum(t.created_by_id == spammer.pk for t in saga) == table_limits.MAX_OPEN_PER_PLAYER
    statuses = [t.status for t in saga]
    assert statuses == sorted(statuses, key=lambda s: s != Table.Status.OPEN)  # open first
    page = client.get("/").content.decode()
    assert real_table.code in page and df.code in page


def test_a_flood_of_refused_new_tables_sweeps_the_lobby_once():
    """A client opening table after table past its limit is refused each time, but the
    sweep of tables left waiting (a query of every table socket) runs once per
    table_limits.EXPIRY_EVERY_SECONDS, not on every refused request."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    ann = Player.objects.create(display_name="Ann")
    browser = browser_of(ann, csrf=False)
    for _ in range(table_limits.MAX_OPEN_PER_PLAYER):
        open_from_lobby(browser)
    with CaptureQueriesContext(connection) as queries:
        statuses = [open_from_lobby(browser).status_code for _ in range(20)]
        browser.get("/")
    assert statuses == [429] * 20
    # (Each request's own count of this client's tables left playing reads the sockets too.)
    sweeps = [
        q
        for q in queries.captured_queries
        if "games_seatconnection" in q["sql"] and "'playing'" not in q["sql"]
    ]
    assert len(sweeps) <= 1
    assert Table.objects.count() == table_limits.MAX_OPEN_PER_PLAYER


def test_a_guest_refused_for_the_address_gets_a_short_page_with_the_way_back():
    from games.tables import client_limits

    for _ in range(client_limits.GUESTS_PER_ADDRESS.limit):
        client_limits.take(client_limits.GUESTS_PER_ADDRESS, "10.0.0.66")
    refused = Client(REMOTE_ADDR="10.0.0.66").post("/guest/", {"display_name": "Ann"})
    assert refused.status_code == 429
    page = refused.content.decode()
    assert "Too many guests were named from your network" in page
    assert 'href="/"' in page  # back to the lobby
    assert "display_name" not in page  # not the whole lobby with its forms again
    assert not Player.objects.exists()
