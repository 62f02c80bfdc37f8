"""A member plays a whole game of each kind against a strong bot, on a laptop and on a
phone, then opens the coach's review of it from their list of games: it shows its progress
while the coach works, then each decision with the coach's and the three costliest marked."""

from __future__ import annotations

import contextlib
import time

import pytest
from playwright.sync_api import Error

from tests.browser.tables import (
    as_guest,
    mark_page,
    never_reloaded,
    open_dragsaga_table,
    play_dragsaga_until_the_end,
    take_dragon_formula_step,
    version,
    wait_for_new_version,
)

LAPTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}


@pytest.mark.parametrize(("size", "name"), [(LAPTOP, "laptop"), (PHONE, "phone")])
def test_a_game_against_a_strong_bot_then_its_review(new_page, artifacts_dir, size, name):
    page = new_page(viewport=size)
    as_guest(page, "Ann")
    open_dragsaga_table(page, 2, "strong", pace="quick")
    mark_page(page)
    page.click("#prompt button:has-text('Start')")
    page.wait_for_selector("#prompt .card-button")
    assert page.locator(".ds-seat .seat-name", has_text="Bot").count() == 1

    play_dragsaga_until_the_end(page, limit_seconds=400)
    assert never_reloaded(page)
    page.screenshot(path=artifacts_dir / f"strong_bot_game_{name}.png")

    page.goto("/me/")
    page.click("a.review-link")
    page.wait_for_selector("h1:has-text('Your game, reviewed')")
    page.wait_for_selector("table.review tbody tr", timeout=300_000)
    page.wait_for_selector(".review-progress", state="detached", timeout=300_000)
    rows = page.locator("table.review tbody tr")
    assert rows.count() > 0
    assert page.locator(".review-mark").count() == page.locator(".review-costliest li").count()
    assert page.locator(".review-costliest li").count() <= 3
    first = rows.first.inner_text()
    assert "%" in first
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= size["width"]  # nothing to scroll sideways, on a phone either
    page.screenshot(path=artifacts_dir / f"strong_bot_review_{name}.png", full_page=True)


@pytest.mark.parametrize(("size", "name"), [(LAPTOP, "laptop"), (PHONE, "phone")])
def test_a_dragon_formula_match_against_a_strong_bot_then_its_review(
    new_page, artifacts_dir, size, name
):
    page = new_page(viewport=size)
    as_guest(page, "Ann")
    page.click("#tables-dragonformula summary")
    page.select_option("#id_dragonformula-players", "2")
    page.select_option("#id_dragonformula-bot_level", "strong")
    page.select_option("#id_dragonformula-bot_pace", "quick")
    page.click("#tables-dragonformula button:has-text('Open the table')")
    mark_page(page)
    page.click("#prompt button:has-text('Start')")
    page.wait_for_selector("#hand .tarot-card")

    deadline = time.monotonic() + 400
    while not page.locator(".match-end").count():
        assert time.monotonic() < deadline, "the match did not finish in time"
        if not take_dragon_formula_step(page):
            with contextlib.suppress(Error):
                wait_for_new_version(page, version(page), timeout=5_000)
    assert never_reloaded(page)
    page.screenshot(path=artifacts_dir / f"strong_bot_df_match_{name}.png")

    page.goto("/me/")
    page.locator("a.review-link").first.click()
    page.wait_for_selector("h1:has-text('Your game, reviewed')")
    page.wait_for_selector(".review-progress", state="detached", timeout=300_000)
    rows = page.locator("table.review tbody tr")
    assert rows.count() > 0
    assert "%" in rows.first.inner_text()
    assert page.locator(".review-costliest li").count() <= 3
    assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]
    page.screenshot(path=artifacts_dir / f"strong_bot_df_review_{name}.png", full_page=True)
