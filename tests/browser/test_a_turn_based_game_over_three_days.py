"""Two members play a turn-based Dragon Formula table across two browsers (a laptop and a
phone) over "three days": the tests move the clock by moving every deadline a day back, and
the server's own scheduler plays what falls due, pushed to the open pages. Ben answers
pick windows by a standing answer; Ann is asked. The header counts the tables waiting on
each, and the "your move" page takes Ben to his table in one tap."""

from __future__ import annotations

import re
from datetime import timedelta

from django.contrib.auth import get_user_model
from django.db.models import F

from games.presence.models import StandIn
from games.tables.actions import guests
from games.tables.models import ActionLog, Game
from games.turns.models import Deadline
from tests.browser.tables import (
    PASS_DRAW_DISCARD,
    mark_page,
    never_reloaded,
    off_the_browser_loop,
    play_dragon_formula_until,
    take_dragon_formula_step,
    version,
    wait_for_new_version,
)
from tests.browser.test_a_whole_club_night import log_in, no_sideways_scroll

PASSWORD = "pw-turns-12345"
PHONE = {"width": 390, "height": 844}


def _members():
    users = get_user_model().objects
    return [guests.player_for_user(users.create_user(n, password=PASSWORD)) for n in ("ann", "ben")]


def _a_day_passes():
    Deadline.objects.update(due=F("due") - timedelta(days=1))


def _state(table_code):
    return Game.objects.filter(table__code=table_code).latest("created")


def _header_count(page) -> int:
    return int(page.locator("header.site .move-count").inner_text())


def test_a_turn_based_dragon_formula_game_over_three_days(new_page, artifacts_dir):
    ann_player, ben_player = off_the_browser_loop(_members)
    ann = new_page()
    ben = new_page(viewport=PHONE)
    log_in(ann, "ann", PASSWORD, "/")
    # Ann opens a turn-based table from the lobby: a day a move.
    ann.click("#tables-dragonformula summary")
    ann.select_option("#id_dragonformula-players", "2")
    ann.select_option("#id_dragonformula-bot_level", "")
    ann.select_option("#id_dragonformula-move_deadline", "86400")
    ann.screenshot(path=artifacts_dir / "turn-based-lobby-laptop.png")
    ann.click("#tables-dragonformula button:has-text('Open the table')")
    ann.wait_for_url(re.compile(r"/dragonformula/[A-Z0-9]+/$"))
    code = ann.url.rstrip("/").rsplit("/", 1)[1]
    log_in(ben, "ben", PASSWORD, f"/dragonformula/{code}/")
    ben.get_by_role("button", name="Sit here").first.click()
    ann.locator("#prompt button:has-text('Start')").click()
    for page in (ann, ben):
        page.locator("#hand .tarot-card").first.wait_for()
        mark_page(page)
    assert "Turn-based: 1 day a move" in ann.locator("#clock").inner_text()

    # Ben chooses his standing answer to every pick window; Ann keeps "Always ask me".
    seen = version(ben)
    ben.get_by_role("button", name="Pass unless I can Dan").click()
    wait_for_new_version(ben, seen)
    assert (
        ben.get_by_role("button", name="Pass unless I can Dan").get_attribute("aria-pressed")
        == "true"
    )
    ben.screenshot(path=artifacts_dir / "turn-based-standing-answer-phone.png")

    # Both online: the table plays live until Ann has been asked about one of Ben's discards.
    asked = False
    for _step in range(12):
        if ann.locator('#prompt button[data-action="pass"]').count():
            asked = True
            ann.screenshot(path=artifacts_dir / "turn-based-pick-asked-laptop.png")
        assert play_dragon_formula_until([ann, ben], seconds=15)  # one of them moves
        game = off_the_browser_loop(_state, code)
        if asked and game.state["phase"] == "draw" and game.state["turn"] == 0:
            break
    assert asked and game.state["turn"] == 0  # Ann (seat 0, the creator) is to draw
    assert never_reloaded(ann) and never_reloaded(ben)  # every move came as a push
    # Ben was never asked: the windows on Ann's discards closed on his standing answer.
    assert not off_the_browser_loop(
        lambda: ActionLog.objects.filter(game=game, seat=1, action__type="pass").exists()
    )

    # The header: Ann's move, none of Ben's.
    ann.goto("/your-move/")
    ben.goto("/")
    assert _header_count(ann) == 1 and _header_count(ben) == 0
    assert f"/dragonformula/{code}/" in ann.content()
    ann.screenshot(path=artifacts_dir / "turn-based-your-move-laptop.png")
    ann.goto(f"/dragonformula/{code}/")
    ann.locator("#hand .tarot-card").first.wait_for()
    ben.goto(f"/dragonformula/{code}/")
    ben.locator("#hand .tarot-card").first.wait_for()

    # Day 1: Ann lets her day pass. The server draws and discards for her; Ben's standing
    # answer closes the window at once; Ben's turn comes to his open page.
    seen = version(ben)
    off_the_browser_loop(_a_day_passes)
    wait_for_new_version(ben, seen, timeout=30_000)
    ben.locator('#prompt button[data-action="draw"]').wait_for(timeout=30_000)
    # His header, loaded while it was Ann's move, counts his table without a reload once
    # his tab comes back into view (it asks every minute too).
    assert _header_count(ben) == 0
    ben.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    ben.locator("header.site .has-moves .move-count", has_text=re.compile(r"^1$")).wait_for()
    ben.screenshot(path=artifacts_dir / "turn-based-day-1-phone.png")
    # Day 2: Ben's day passes too: his turn is played, Ann is asked about his discard.
    seen = version(ann)
    off_the_browser_loop(_a_day_passes)
    wait_for_new_version(ann, seen, timeout=30_000)
    ann.locator('#prompt button[data-action="pass"]').wait_for(timeout=30_000)
    # Day 3: Ann does not answer: out of time twice in a row, a bot stands in for her.
    off_the_browser_loop(_a_day_passes)
    notice = ann.locator("#prompt .away-notice")
    notice.wait_for(timeout=30_000)
    assert "a bot plays for you" in notice.inner_text()
    ann.screenshot(path=artifacts_dir / "turn-based-day-3-bot-laptop.png")
    assert (
        off_the_browser_loop(
            lambda: StandIn.objects.filter(player=ann_player, reason="out_of_time").count()
        )
        == 1
    )
    ann.locator('#prompt button[data-action="back"]').click()
    ann.locator("#hand .tarot-card").first.wait_for()
    # Back in her seat: if the bot had not finished her turn, she finishes it herself.
    for _step in range(6):
        if ben.locator('#prompt button[data-action="draw"]').count():
            break
        if not take_dragon_formula_step(ann, PASS_DRAW_DISCARD):
            ben.wait_for_timeout(1000)  # the bot's move, a second away

    # Ben's phone: the inbox counts his table, lists it, and one tap opens it.
    ben.locator('#prompt button[data-action="draw"]').wait_for(timeout=30_000)
    ben.goto("/your-move/")
    assert _header_count(ben) == 1
    row = ben.locator("ol.your-move li").first
    assert "left" in row.inner_text()
    no_sideways_scroll(ben)
    ben.screenshot(path=artifacts_dir / "turn-based-your-move-phone.png")
    row.locator("a").click()
    ben.wait_for_url(f"**/dragonformula/{code}/")
    ben.locator('#prompt button[data-action="draw"]').wait_for()
    no_sideways_scroll(ben)
    ben.screenshot(path=artifacts_dir / "turn-based-back-at-the-table-phone.png")
    ann.screenshot(path=artifacts_dir / "turn-based-back-laptop.png")
    # The same page in Japanese, the club's own language.
    ben.goto("/your-move/")
    ben.get_by_role("button", name="日本語").click()
    ben.wait_for_load_state()
    assert "あなたの手番" in ben.content() and "休暇" in ben.content()
    no_sideways_scroll(ben)
    ben.screenshot(path=artifacts_dir / "turn-based-your-move-phone-ja.png")
