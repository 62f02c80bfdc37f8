"""DragSaga's guided first game: the lobby links it, a player starts it (a real table of
their own, never listed in the lobby, dealt short so the game ends after two rounds), and
every step of it follows the real game as the player does what it says (keep a dragon,
place two cards, flip an attack, end the turn, guard, the cost limit, the end and its hand
penalty); at its end the player is offered a real game against bots."""

import pytest
from django.test import Client

from dragsaga.learn import GUIDED, guided_step
from games.learn.models import GuidedGame
from games.models import Player, Table
from games.tables import services
from games.trust.fairness import replay_reaches_record
from tests.web.tables import browser_of

pytestmark = pytest.mark.django_db

ENGINE = services.game_kind("dragsaga").engine


def _started():
    ann = Player.objects.create(display_name="Ann")
    browser = browser_of(ann, csrf=False)
    started = browser.post("/learn/dragsaga/start")
    table = Table.objects.get()
    assert started.url == f"/dragsaga/{table.code}/"
    return ann, browser, table


def test_the_lobby_links_both_guided_games():
    body = Client().get("/", headers={"Accept-Language": "en"}).content.decode()
    assert body.count("First time? Learn in five minutes") == 2
    assert 'href="/learn/dragsaga/"' in body and 'href="/learn/dragonformula/"' in body
    assert Client().post("/learn/dragsaga/start").status_code == 403  # name yourself first
    assert not Table.objects.exists()


def test_starting_opens_a_private_table_at_its_first_step_and_resuming_finds_it():
    ann, browser, table = _started()
    page = browser.get(f"/dragsaga/{table.code}/").content.decode()
    assert 'data-step="dragon"' in page and "Step 1 of 10" in page
    assert table.code not in Client().get("/").content.decode()  # not in the lobby
    intro = browser.get("/learn/dragsaga/").content.decode()
    assert f'href="/dragsaga/{table.code}/"' in intro
    assert "dealt so that it ends after two rounds" in intro  # its own words, not Dragon Formula's
    browser.post("/learn/dragsaga/start")  # again: the earlier table goes
    assert Table.objects.count() == 1 and GuidedGame.objects.get().table_id != table.pk


def test_every_step_follows_the_game_to_its_end_and_a_real_game_is_offered():
    ann, browser, table = _started()
    game = table.games.get()
    steps = []

    def step():
        shown = guided_step(ENGINE.view(game.state, 0))
        steps.append(shown.key)
        return shown

    def act(kind, **extra):
        nonlocal game
        game = services.apply_action(game, ann, {"type": kind, **extra}, game.version)

    def bots():
        nonlocal game
        while not game.is_finished and 1 in ENGINE.waiting_for(game.state):
            game = services.advance(game.pk, game.version, now=game.created.timestamp() + 1)

    assert "Divine Storm" in step().do
    act("choose_dragon", card="divine_storm")
    bots()
    assert "Fang and Scale Shield" in step().do
    act("place", cards=["fang", "scale_shield"])
    bots()
    assert step().do == "Press Flip Fang: 2 damage to the bot."
    act("flip", card="fang")
    waiting = guided_step(ENGINE.view(game.state, 0))  # the bot answers the attack
    assert (waiting.key, waiting.number) == ("wait", 0)
    page = browser.get(f"/dragsaga/{table.code}/").content.decode()
    assert "Wait: the bot decides whether to guard." in page and "Step 0" not in page
    bots()
    step()
    act("end_turn")
    bots()  # the bot flips its Divine Storm at you
    shown = step()
    assert shown.do == "The bot attacks you with Divine Storm: press Guard with Scale Shield."
    assert "all 7 of its damage, for a guard that costs 1" in shown.why
    act("guard", card="scale_shield")
    bots()
    shown = step()
    assert "These two cost 10 together, more than 6" in shown.why
    act("place", cards=["charge", "divine_storm"])  # as the hand lists them
    bots()  # the bot starts round 2: Wind Blade, then Tail Sweep, at you
    step()
    act("no_guard")
    bots()
    step()
    act("no_guard")
    bots()
    shown = step()
    assert shown.do == "Press Flip Divine Storm: 7 damage to the bot."  # the harder hit
    assert "Charge would add 4, over the limit of 6" in shown.why
    act("flip", card="divine_storm")
    bots()
    assert "flip" not in {a["type"] for a in ENGINE.legal_actions(game.state, 0)}
    step()
    act("end_turn")
    shown = step()
    assert game.is_finished
    assert steps == [
        "dragon", "place", "flip", "end_turn", "guard", "place_again", "no_guard", "no_guard",
        "flip_limit", "end_turn_again", "done",
    ]  # fmt: skip
    # You hold Charge alone: the game ends; half its cost (4) is your penalty.
    assert shown.do == "The game is over: you win with the least damage."
    assert "Your damage 3 + half the cost of your hand (Charge) 2 = 5." in shown.why
    # Its replay rebuilds the short deal from the seed and the log, as for any game.
    assert replay_reaches_record(game)
    assert browser.get(f"/games/{game.pk}/replay/").status_code == 200
    offer = browser.get("/learn/dragsaga/").content.decode()
    assert "Play a real game against bots" in offer
    assert 'name="dragsaga-bot_level" value="heuristic"' in offer
    assert GUIDED.options["turn_seconds"] == 0  # a first game is read, not raced


def test_a_player_who_strays_from_the_script_is_still_told_what_to_do():
    ann, browser, table = _started()
    game = table.games.get()
    game = services.apply_action(
        game, ann, {"type": "choose_dragon", "card": "divine_aegis"}, game.version
    )
    while 1 in ENGINE.waiting_for(game.state):
        game = services.advance(game.pk, game.version, now=game.created.timestamp() + 1)
    game = services.apply_action(
        game, ann, {"type": "place", "cards": ["fang", "charge"]}, game.version
    )
    while 1 in ENGINE.waiting_for(game.state):
        game = services.advance(game.pk, game.version, now=game.created.timestamp() + 1)
    shown = guided_step(ENGINE.view(game.state, 0))
    assert shown.key == "flip" and shown.do.startswith("Press Flip ")
