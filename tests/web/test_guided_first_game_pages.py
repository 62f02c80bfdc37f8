"""The guided first game's pages: the lobby links them, a player names themselves, starts
it (a real table, their own, never listed in the lobby), comes back to it, starts it again
(the earlier one goes), and once it is won is offered a real game against bots."""

import pytest
from django.test import Client

from dragonformula.learn import GUIDED, guided_step
from games.learn.models import GuidedGame
from games.registry import game_kind
from games.tables.actions import playing
from games.tables.models import Player, Table
from tests.web.tables import browser_of

pytestmark = pytest.mark.django_db


def test_the_lobby_links_the_guided_game_to_learn_in_five_minutes(client):
    body = client.get("/", headers={"Accept-Language": "en"}).content.decode()
    assert 'href="/learn/dragonformula/"' in body
    # A game without learning pages has no guided game: its page is not there.
    assert client.get("/learn/nosuchgame/").status_code == 404
    assert client.post("/learn/nosuchgame/start").status_code == 404


def test_a_signed_out_visitor_is_asked_to_name_themselves_and_cannot_start():
    page = Client().get("/learn/dragonformula/").content.decode()
    assert 'name="display_name"' in page and 'value="/learn/dragonformula/"' in page
    assert Client().post("/learn/dragonformula/start").status_code == 403
    assert not Table.objects.exists()


def test_starting_opens_a_private_table_at_its_first_step_and_resuming_finds_it():
    ann = Player.objects.create(display_name="Ann")
    browser = browser_of(ann, csrf=False)
    started = browser.post("/learn/dragonformula/start")
    table = Table.objects.get()
    assert started.url == f"/dragonformula/{table.code}/"
    page = browser.get(started.url).content.decode()
    assert 'data-step="draw"' in page
    assert table.code not in Client().get("/").content.decode()  # not in the lobby
    assert (
        f'href="/dragonformula/{table.code}/"'
        in browser.get("/learn/dragonformula/").content.decode()
    )
    browser.post("/learn/dragonformula/start")  # again: the earlier table goes
    assert Table.objects.count() == 1 and GuidedGame.objects.get().table_id != table.pk


def test_the_steps_follow_the_game_and_a_win_offers_a_real_game():
    ann = Player.objects.create(display_name="Ann")
    browser = browser_of(ann, csrf=False)
    browser.post("/learn/dragonformula/start")
    table = Table.objects.get()
    game = table.games.get()
    steps = []

    def step():
        view = game_kind("dragonformula").engine.view(game.state, 0)
        steps.append(guided_step(view).key)

    def act(kind, **extra):
        nonlocal game
        game = playing.apply_action(game, ann, {"type": kind, **extra}, game.version)

    def bots():
        nonlocal game
        while game.state["phase"] in ("draw", "discard", "window") and 1 in game_kind(
            "dragonformula"
        ).engine.waiting_for(game.state):
            game = playing.advance(game.pk, game.version, now=game.created.timestamp() + 1)

    step()
    act("draw")
    step()
    act("discard", card="P10")
    step()
    bots()
    step()
    act("pick")
    step()
    act("discard_major", card="M20")
    step()
    bots()
    step()
    act("pick_and_dan")
    step()
    assert steps == [
        "draw", "discard", "wait_bot", "pick", "give_back", "wait_win", "pick_and_dan", "done"
    ]  # fmt: skip
    offer = browser.get("/learn/dragonformula/").content.decode()
    assert "Play a real game against bots" in offer
    assert 'name="dragonformula-bot_level" value="smart"' in offer
    assert GUIDED.options["turn_seconds"] == 0  # a first game is read, not raced
