"""DragSaga's guided first game: the lobby links it, a player starts it (a real table of
their own, never listed in the lobby, dealt short so the game ends after two rounds), and
every step of it follows the real game as the player does what it says (keep a dragon,
place two cards, flip an attack, end the turn, guard, the cost limit, the end and its hand
penalty); at its end the player is offered a real game against bots."""

import pytest
from django.test import Client

from dragsaga.learn import GUIDED, guided_step
from games.learn.models import GuidedGame
from games.registry import game_kind
from games.tables.actions import playing
from games.tables.actions.refused import IllegalMove
from games.tables.models import Player, Table
from games.trust.fairness import replay_reaches_record
from tests.web.tables import browser_of

pytestmark = pytest.mark.django_db

ENGINE = game_kind("dragsaga").engine


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
    assert 'data-step="dragon"' in page and "Step 1 of 14" in page
    assert table.code not in Client().get("/").content.decode()  # not in the lobby
    intro = browser.get("/learn/dragsaga/").content.decode()
    assert f'href="/dragsaga/{table.code}/"' in intro
    assert (
        "dealt so that it ends after three rounds" in intro
    )  # its own words, not Dragon Formula's
    browser.post("/learn/dragsaga/start")  # again: the earlier table goes
    assert Table.objects.count() == 1 and GuidedGame.objects.get().table_id != table.pk


def test_every_step_follows_the_game_to_its_end_and_a_real_game_is_offered():
    ann, browser, table = _started()
    game = table.games.get()
    steps = []

    def step():
        shown = guided_step(ENGINE.view(game.state, 0))
        if shown.key != "wait":
            steps.append(shown.key)
        return shown

    def act(kind, **extra):
        nonlocal game
        game = playing.apply_action(game, ann, {"type": kind, **extra}, game.version)

    def bots():
        nonlocal game
        while not game.is_finished and {1, 2} & set(ENGINE.waiting_for(game.state)):
            game = playing.advance(game.pk, game.version, now=game.created.timestamp() + 1)

    assert "Divine Storm" in step().do
    act("choose_dragon", card="divine_storm")
    bots()
    shown = step()
    assert "Fang and Wing Shield" in shown.do
    assert "their left neighbour: yours is Bot 2 (tactical)" in shown.why
    act("place", cards=["fang", "wing_shield"])
    bots()
    assert step().do == "Press Flip Fang: 2 damage to Bot 2 (tactical)."
    act("flip", card="fang")
    waiting = guided_step(ENGINE.view(game.state, 0))  # a bot answers the attack
    assert (waiting.key, waiting.number) == ("wait", 0)
    page = browser.get(f"/dragsaga/{table.code}/").content.decode()
    assert "Wait: the bots decide whether to guard." in page and "Step 0" not in page
    bots()
    step()
    act("end_turn")
    bots()  # Bot 2 flips its Divine Blaze at everyone
    shown = step()
    assert shown.do == (
        "Bot 2 (tactical) attacks you with Divine Blaze: press Guard with Wing Shield."
    )
    assert "all 4 of its damage, for a guard that costs 2" in shown.why
    act("guard", card="wing_shield")
    bots()
    shown = step()  # round 2: you choose a target, the one with the least damage
    assert "choose the target Bot 3 (tactical)" in shown.do
    assert "These" not in shown.why and "more than 6" in shown.why
    act("place", cards=["dragonscale_ward", "divine_storm"], target=2)  # as the hand lists them
    bots()  # Bot 3 attacks you twice: Charge, then Wind Blade
    shown = step()
    assert shown.do == "Bot 3 (tactical) attacks you with Charge: press No guard."
    assert "with Dragonscale Ward (3) flipped, Divine Storm (6) could not be flipped" in shown.why
    act("no_guard")
    bots()
    assert step().number == 8
    act("no_guard")
    bots()
    shown = step()  # the lead has changed: as the round's last player, change target
    assert shown.do == (
        "Change target to Bot 2 (tactical): discard Claw, then press Change target."
    )
    act("change_target", discard="claw", target=1)
    shown = step()
    assert shown.do == "Press Flip Divine Storm: 7 damage to Bot 2 (tactical)."
    act("flip", card="divine_storm")
    bots()
    assert "flip" not in {a["type"] for a in ENGINE.legal_actions(game.state, 0)}
    step()
    act("end_turn")
    bots()
    assert "Scale Shield and Dragonscale Ward" in step().do
    act("place", cards=["scale_shield", "dragonscale_ward"], target=1)
    bots()
    shown = step()
    assert shown.do == "Press Pass." and "both placed cards are discarded" in shown.why
    act("pass")
    bots()
    shown = step()
    assert game.is_finished
    assert steps == [
        "dragon", "place", "flip", "end_turn", "guard", "place_again", "no_guard",
        "no_guard_again", "change_target", "flip_limit", "end_turn_again", "place_last", "pass",
        "done",
    ]  # fmt: skip
    # You passed with both cards face down: both discarded, your hand empty, the game over.
    assert shown.do == "The game is over: you win with the least damage."
    placings = game.state["result"]["placings"]
    mine = next(row for row in placings if row["seat"] == 0)
    assert mine["hand"] == [] and mine["penalty"] == 0 and mine["rank"] == 1
    assert f"= {mine['final_damage']}. That is DragSaga." in shown.why
    assert "with you holding one card or none" in shown.why
    # Its replay rebuilds the short deal from the seed and the log, as for any game.
    assert replay_reaches_record(game)
    assert browser.get(f"/games/{game.pk}/replay/").status_code == 200
    offer = browser.get("/learn/dragsaga/").content.decode()
    assert "Play a real game against bots" in offer
    assert 'name="dragsaga-bot_level" value="heuristic"' in offer
    assert GUIDED.options["turn_seconds"] == 0  # a first game is read, not raced


def test_a_tap_off_the_script_is_refused_with_the_step_to_take():
    ann, browser, table = _started()
    game = table.games.get()
    try:
        playing.apply_action(
            game, ann, {"type": "choose_dragon", "card": "divine_aegis"}, game.version
        )
    except IllegalMove as refusal:
        assert refusal.message.endswith("Keep Divine Storm: tap it.")
    else:
        raise AssertionError("a dragon other than the step's was kept")
    assert guided_step(ENGINE.view(table.games.get().state, 0)).key == "dragon"
