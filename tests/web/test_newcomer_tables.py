"""A newcomer alone at a new table: bots sit in the other seats unless the creator says
otherwise, the creator (and nobody else) adds or removes them before the start, a person
joining takes a bot's seat, a table left waiting leaves the lobby after ten minutes, and
a casual Dragon Formula table starts its people with "pass automatically" on."""

import time

import pytest
from django.test import Client

from games.presence import leavers
from games.tables import limits as table_limits
from games.tables.actions import opening, seating, starting
from games.tables.models import Game, Player, Seat, Table
from tests.web.tables import browser_of, htmx_post
from tests.web.test_leavers import lobby_post

pytestmark = pytest.mark.django_db


def _bots(table):
    return [seat.bot_level for seat in Seat.objects.filter(table=table).order_by("number")]


@pytest.fixture
def ann():
    return Player.objects.create(display_name="Ann")


@pytest.mark.parametrize("game", ["dragonformula", "dragsaga"])
def test_a_new_table_comes_with_bots_and_a_start_button(ann, game):
    browser = browser_of(ann, csrf=False)
    response = browser.post(f"/new/{game}/", lobby_post(game))
    table = Table.objects.get()
    assert response.status_code == 302
    sensible = {"dragonformula": "smart", "dragsaga": "heuristic"}[game]
    assert _bots(table)[0] == "" and all(level == sensible for level in _bots(table)[1:])
    page = browser.get(f"/{game}/{table.code}/").content.decode()
    assert "Start</button>" in page
    assert page.count("Remove the bot") == table.players - 1
    browser.post(f"/{game}/{table.code}/start")
    assert Game.objects.filter(table=table).exists()


def test_the_creator_may_still_ask_for_no_bots(ann):
    browser_of(ann, csrf=False).post("/new/dragsaga/", lobby_post("dragsaga", bot_level=""))
    table = Table.objects.get()
    assert _bots(table) == ["", "", "", ""][: table.players]


def test_the_creator_removes_and_adds_bots_before_the_start(ann):
    browser = browser_of(ann)
    browser.get("/")
    htmx_post(browser, "/new/dragsaga/", lobby_post("dragsaga", players=3))
    table = Table.objects.get()
    removed = htmx_post(browser, f"/dragsaga/{table.code}/remove_bot", {"seat": "2"})
    assert removed.status_code == 200
    assert _bots(table) == ["", "heuristic", ""]
    assert "Add a bot" in removed.content.decode()
    assert htmx_post(browser, f"/dragsaga/{table.code}/add_bot", {"seat": "2"}).status_code == 200
    assert _bots(table) == ["", "heuristic", "heuristic"]
    # A seat a person holds is no place for a bot; nor is a seat that is not there.
    assert htmx_post(browser, f"/dragsaga/{table.code}/add_bot", {"seat": "0"}).status_code == 400
    for seat in ("9", "-1", "x", ""):
        refused = htmx_post(browser, f"/dragsaga/{table.code}/remove_bot", {"seat": seat})
        assert refused.status_code == 400
    assert _bots(table) == ["", "heuristic", "heuristic"]


def test_only_the_creator_adds_or_removes_bots(ann):
    browser_of(ann, csrf=False).post("/new/dragsaga/", lobby_post("dragsaga", players=3))
    table = Table.objects.get()
    ben = Player.objects.create(display_name="Ben")
    ben_browser = browser_of(ben)
    htmx_post(ben_browser, f"/dragsaga/{table.code}/sit", {})  # seated, but not the creator
    assert _bots(table) == ["", "", "heuristic"]  # Ben took the first bot's seat
    signed_out = Client()
    for browser, status in ((ben_browser, 403), (signed_out, 403)):
        for what in ("remove_bot", "add_bot"):
            seat = "2" if what == "remove_bot" else "1"
            refused = htmx_post(browser, f"/dragsaga/{table.code}/{what}", {"seat": seat})
            assert refused.status_code == status
    assert _bots(table) == ["", "", "heuristic"]
    page = ben_browser.get(f"/dragsaga/{table.code}/").content.decode()
    assert "Remove the bot" not in page and "Add a bot" not in page


def test_bots_stay_once_the_game_has_started(ann):
    browser = browser_of(ann)
    htmx_post(browser, "/new/dragsaga/", lobby_post("dragsaga", players=2))
    table = Table.objects.get()
    htmx_post(browser, f"/dragsaga/{table.code}/start", {})
    refused = htmx_post(browser, f"/dragsaga/{table.code}/remove_bot", {"seat": "1"})
    assert refused.status_code == 400 and "already started" in refused.content.decode()
    assert _bots(table) == ["", "heuristic"]


def test_a_table_left_waiting_leaves_the_lobby_after_ten_minutes(ann):
    assert table_limits.EMPTY_MINUTES == 10
    browser_of(ann, csrf=False).post("/new/dragsaga/", lobby_post("dragsaga"))
    left = Table.objects.get()
    ben = Player.objects.create(display_name="Ben")
    browser_of(ben, csrf=False).post("/new/dragonformula/", lobby_post("dragonformula"))
    attended = Table.objects.get(created_by=ben)
    leavers.connected(attended, ben, "ben-socket")  # Ben's page is open at his table
    now = time.time()
    assert table_limits.expire_open_tables(now + 9 * 60) == 0
    assert table_limits.expire_open_tables(now + 10 * 60 + 1) == 1
    assert not Table.objects.filter(pk=left.pk).exists()
    assert Table.objects.filter(pk=attended.pk).exists()
    page = Client().get("/").content.decode()
    assert left.code not in page and attended.code in page


def test_a_casual_dragon_formula_table_passes_automatically_for_its_people_only(ann):
    browser = browser_of(ann, csrf=False)
    browser.post("/new/dragonformula/", lobby_post("dragonformula", players=3))
    table = Table.objects.get()
    browser.post(f"/dragonformula/{table.code}/start")
    state = Game.objects.get(table=table).state
    assert state["auto_pass"] == [True, False, False]  # the bots answer for themselves
    page = browser.get(f"/dragonformula/{table.code}/").content.decode()
    assert "Pass automatically: on" in page


def test_a_league_like_table_keeps_the_engine_default_off(ann):
    table = opening.create_table(game_name="dragonformula", players=2, created_by=ann)
    seating.sit(table, Player.objects.create(display_name="Ben"))
    game = starting.start(table, ann)
    assert game.state["auto_pass"] == [False, False] and game.version == 0
