"""A whole game of High Card, the reference game, in Chromium: Ann at a laptop (1366×768, in
English) and Ben on a phone (390×844, in Japanese, the site's default) each lay their cards from the prompt; every card laid reaches the
other's screen over the table's socket face down, without a reload, and is turned up with
the round; at the end both read the same placings, and the replay and the shuffle check of
the game open. Served by a Daphne of its own with the example game turned on
(``EXAMPLE_GAMES``)."""

from __future__ import annotations

import random
import re

import pytest
from django.conf import settings
from django.db import connection

from games.tables.actions import opening, seating, starting
from games.tables.models import Game, Player, Table
from tests.browser.conftest import csp_violations
from tests.browser.tables import (
    mark_page,
    never_reloaded,
    off_the_browser_loop,
    version,
    wait_for_new_version,
)
from tests.support.servers import daphne
from tests.support.sessions import session_key_for

LAPTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="module")
def highcard_server(django_db_setup, django_db_blocker, artifacts_dir):
    """A Daphne process with High Card installed, serving the test database."""
    db = settings.DATABASES["default"]
    env = {"EXAMPLE_GAMES": "examples.highcard"}
    if connection.vendor == "sqlite":
        env["DATABASE_URL"] = f"sqlite:///{db['NAME']}"
    port = random.randint(20000, 29999)
    with daphne(port=port, env=env, log=artifacts_dir / "highcard-server.log") as url:
        yield url


def open_as(browser, url, player, viewport, errors, locale="en-US"):
    context = browser.new_context(base_url=url, viewport=viewport, locale=locale)
    context.add_cookies(
        [{"name": settings.SESSION_COOKIE_NAME, "value": session_key_for(player), "url": url}]
    )
    page = context.new_page()
    page.set_default_timeout(15_000)
    page.on("console", lambda message: message.type == "error" and errors.append(message.text))
    return page


def a_started_table(names):
    players = [Player.objects.create(display_name=name) for name in names]
    table = opening.create_table(
        game_name="highcard",
        players=len(players),
        options={"turn_seconds": 600},
        created_by=players[0],
    )
    for player in players[1:]:
        seating.sit(table, player)
    starting.start(table, players[0], seed=4)
    return table, players


def test_ann_on_a_laptop_and_ben_on_a_phone_play_a_whole_game(
    highcard, highcard_server, browser, transactional_db, artifacts_dir
):
    table, (ann, ben) = off_the_browser_loop(a_started_table, ["Ann", "Ben"])
    errors: list[str] = []
    pages = [
        open_as(browser, highcard_server, ann, LAPTOP, errors),
        open_as(browser, highcard_server, ben, PHONE, errors, locale="ja-JP"),
    ]
    for page in pages:
        page.goto(f"/highcard/{table.code}/")
        page.wait_for_selector("#board .hc-seat")
        mark_page(page)
    dealt = Game.objects.get(table=table).state["hands"]
    # Each sees its own three cards, never the other's.
    for seat, page in enumerate(pages):
        hand = page.locator("#hand .hc-card")
        assert sorted(hand.evaluate_all("cards => cards.map(c => c.dataset.card)")) == sorted(
            dealt[seat]
        )
        assert page.locator(f'[data-card="{dealt[1 - seat][0]}"]').count() == 0

    for move in range(6):
        seat = move % 2
        mover, other = pages[seat], pages[1 - seat]
        seen = version(other)
        button = mover.locator("#prompt .card-button").first
        button.wait_for()
        laid = button.locator(".hc-card").get_attribute("data-card")
        button.click()
        wait_for_new_version(other, seen)
        if seat == 0:  # the other seat is pushed Ann's card face down, and only that
            row = other.locator('.hc-seat[data-seat="0"]')
            row.locator(".hc-back").wait_for()
            assert other.locator(f'[data-card="{laid}"]').count() == 0
            if move == 2:
                pages[0].screenshot(path=artifacts_dir / "highcard_laptop_mid_game.png")
                pages[1].screenshot(path=artifacts_dir / "highcard_phone_mid_game.png")
        else:  # Ben's card ends the round: both cards are turned up on both screens
            for page in pages:
                page.locator(f'#board [data-card="{laid}"]').wait_for()
    for page, over in zip(pages, ("The game is over.", "ゲームは終了しました。"), strict=True):
        page.locator("#prompt", has_text=over).wait_for()
    shots = {"laptop": pages[0], "phone": pages[1]}
    for name, page in shots.items():
        page.screenshot(path=artifacts_dir / f"highcard_{name}_game_over.png", full_page=True)
    game = Game.objects.get(table=table)
    assert game.is_finished and game.table.status == Table.Status.FINISHED
    placed = sorted(game.outcome["placings"], key=lambda p: (p["rank"], p["seat"]))
    names = ["Ann", "Ben"]
    english = [
        f"{p['rank']}. {names[p['seat']]}: {p['rounds_won']} "
        + ("round won" if p["rounds_won"] == 1 else "rounds won")
        for p in placed
    ]
    japanese = [
        f"{p['rank']} 位 {names[p['seat']]}：{p['rounds_won']} ラウンド勝ち" for p in placed
    ]
    for page, expected in zip(pages, (english, japanese), strict=True):
        placings = page.locator(".hc-placings li").all_inner_texts()
        assert [re.sub(r"\s+", " ", text).strip() for text in placings] == expected
        assert never_reloaded(page)

    # The phone's table fits its width: nothing to scroll sideways.
    assert pages[1].evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

    replay = pages[1]
    replay.goto(f"/games/{game.pk}/replay/?step=end")
    replay.locator(".replay-hands").wait_for()
    replay.screenshot(path=artifacts_dir / "highcard_phone_replay.png", full_page=True)
    verify = pages[0]
    verify.goto(f"/tables/{table.code}/verify/")
    assert verify.locator("#verification").get_attribute("data-matches") == "true"
    for hand in dealt:
        for card in hand:
            assert verify.locator(f'#verification [data-card="{card}"]').count() >= 1
    verify.screenshot(path=artifacts_dir / "highcard_laptop_verify.png", full_page=True)
    assert csp_violations(errors) == [] and errors == []
