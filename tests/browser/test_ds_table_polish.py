"""DragSaga table look (docs/ui.md): target arrows across the table, flips that turn face up
once with what they did, readiness shown as a tick, reduced motion respected."""

import contextlib
import time

from playwright.sync_api import Error

from tests.browser.tables import (
    as_guest,
    open_dragsaga_table,
    take_dragsaga_step,
    version,
    wait_for_new_version,
)

ARROWS = "#seats svg.ds-arrows path[data-from]"


def play_until(page, selector: str, limit_seconds: float = 120) -> None:
    deadline = time.monotonic() + limit_seconds
    while time.monotonic() < deadline:
        if page.locator(selector).count():
            return
        if not take_dragsaga_step(page):
            with contextlib.suppress(Error):
                wait_for_new_version(page, version(page), timeout=3_000)
    raise AssertionError(f"Nothing matched {selector} in time")


def test_arrows_flips_and_readiness_at_a_three_player_table(new_page, artifacts_dir):
    page = new_page()
    page.emulate_media(reduced_motion="no-preference")
    as_guest(page, "Ann")
    open_dragsaga_table(page, 3, "heuristic")
    page.click("#prompt button:has-text('Start')")
    page.wait_for_selector("#prompt .card-button")
    assert page.locator(".ds-card-list .ds-card").count() == 15  # the table's set

    page.locator("#prompt .card-button").first.click()
    page.wait_for_selector("#place-form")
    ready = page.locator("#seats .ready").all_inner_texts()
    assert len(ready) == 3 and all(t.startswith(("✓", "…")) for t in ready)

    play_until(page, ARROWS)
    arrows = page.locator(ARROWS)
    assert arrows.count() == 3  # round 1: everyone aims at the left neighbour
    pairs = {(a.get_attribute("data-from"), a.get_attribute("data-to")) for a in arrows.all()}
    assert pairs == {("0", "1"), ("1", "2"), ("2", "0")}

    play_until(page, "#seats .flipped-card.fresh .flip-outcome")
    page.screenshot(path=artifacts_dir / "dragsaga_arrows_and_flip.png", full_page=True)
    assert flip_animation(page) == "ds-flip"
    page.emulate_media(reduced_motion="reduce")
    assert flip_animation(page) == "none"


def flip_animation(page) -> str:
    """The animation a newly flipped card gets (pushes may replace the seats meanwhile,
    so this asks the page's styles with a card of its own)."""
    return page.evaluate(
        """() => {
            const flip = document.createElement("span");
            flip.className = "flipped-card fresh";
            flip.innerHTML = '<span class="ds-card kind-melee"></span>';
            document.querySelector(".placed").append(flip);
            const name = getComputedStyle(flip.firstChild).animationName;
            flip.remove();
            return name;
        }"""
    )
