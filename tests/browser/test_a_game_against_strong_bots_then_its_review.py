"""A member plays a whole game of each kind against a strong bot, then opens the coach's
review of it from where the game ends ("Review my game", with the coach's progress beside
it): it shows each decision with the coach's, the three costliest marked with their cards
named and one sentence of why, and a step opens the replay at the same step number. Each
game is played once (they are slow) and its ending and review are looked at on a laptop
and on a phone."""

from __future__ import annotations

import contextlib
import re
import time

from playwright.sync_api import Error, Page

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
SIZES = {"laptop": LAPTOP, "phone": PHONE}


def _offered_review(page: Page, ending: str, artifacts_dir, name: str, played_on: str) -> None:
    """The ending (``ending``: its selector) offers "Review my game" with the coach's
    progress; looked at on both sizes, then opened."""
    link = page.locator(f"{ending} a.review-link")
    link.wait_for()
    assert link.inner_text().strip() == "Review my game"
    status = page.locator(f"{ending} .review-status[role='status']")
    status.wait_for(timeout=30_000)  # the coach's progress, or "ready"
    assert re.search(r"decisions weighed|is ready|is starting", status.inner_text())
    for size_name in (played_on, *(other for other in SIZES if other != played_on)):
        page.set_viewport_size(SIZES[size_name])
        link.scroll_into_view_if_needed()
        # On top where it shows: a tap on it lands on it, nothing covers it.
        assert link.evaluate(
            "a => { const r = a.getBoundingClientRect();"
            " const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);"
            " return a === hit || a.contains(hit); }"
        )
        page.screenshot(path=artifacts_dir / f"strong_bot_{name}_ending_{size_name}.png")
    link.click()


def _review_read(page: Page, artifacts_dir, name: str) -> None:
    page.wait_for_selector("h1:has-text('Your game, reviewed')")
    page.wait_for_selector("table.review tbody tr", timeout=300_000)
    page.wait_for_selector(".review-progress", state="detached", timeout=300_000)
    rows = page.locator("table.review tbody tr")
    assert rows.count() > 0
    assert "%" in rows.first.inner_text()
    costly = page.locator(".review-costliest li")
    assert costly.count() <= 3
    assert page.locator(".review-mark").count() == costly.count()
    for index in range(costly.count()):
        why = costly.nth(index).locator(".review-why").inner_text().strip()
        assert why.endswith(".") and len(why.split()) >= 6, why  # one sentence of why
    for size_name, size in SIZES.items():
        page.set_viewport_size(size)
        assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]
        shot = artifacts_dir / f"strong_bot_{name}_review_{size_name}.png"
        page.screenshot(path=shot, full_page=True)
    # A step of the review opens the replay at the same step number.
    step_link = (costly if costly.count() else rows).first.locator("a").first
    number = re.search(r"\d+", step_link.inner_text()).group(0)
    step_link.click()
    page.wait_for_selector(".replay-position")
    assert page.locator(".replay-position").inner_text().startswith(f"Step {number} of ")
    page.screenshot(path=artifacts_dir / f"strong_bot_{name}_review_step_in_replay.png")


def test_a_dragsaga_game_against_a_strong_bot_then_its_review(new_page, artifacts_dir):
    page = new_page(viewport=LAPTOP)
    as_guest(page, "Ann")
    open_dragsaga_table(page, 2, "strong", pace="quick")
    mark_page(page)
    page.click("#prompt button:has-text('Start')")
    page.wait_for_selector("#prompt .card-button")
    assert page.locator(".ds-seat .seat-name", has_text="Bot").count() == 1

    play_dragsaga_until_the_end(page, limit_seconds=400)
    assert never_reloaded(page)
    page.screenshot(path=artifacts_dir / "strong_bot_game_laptop.png")
    _offered_review(page, "#prompt", artifacts_dir, "ds", "laptop")
    _review_read(page, artifacts_dir, "ds")


def test_a_dragon_formula_match_against_a_strong_bot_then_its_review(new_page, artifacts_dir):
    page = new_page(viewport=PHONE)
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
    page.screenshot(path=artifacts_dir / "strong_bot_df_match_phone.png")
    _offered_review(page, ".match-end", artifacts_dir, "df", "phone")
    _review_read(page, artifacts_dir, "df")
