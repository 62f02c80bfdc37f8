"""What a newcomer does around a guided first game, for the browser tests: open it from
the lobby's link, screenshot each step as it shows, and go on to a real game."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page, expect

from games.tables.models import Seat, Table
from tests.browser.tables import COUNT_FRAMES, at_the_live_table, off_the_browser_loop

PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1366, "height": 768}


def from_the_lobby(page: Page, game_name: str, name: str) -> None:
    """The lobby's "First time? Learn in five minutes", a name, then the start: at the
    guided table, its socket live."""
    page.add_init_script(COUNT_FRAMES)
    page.goto("/")
    page.click(f"#tables-{game_name} .learn-link a")
    page.fill("input[name=display_name]", name)
    page.click(".guided-intro form.inline button")
    page.click(".guided-intro form[action$='/start'] button")
    at_the_live_table(page)


def shot(
    page: Page, artifacts: Path, game_name: str, size: str, step: str, taken: list[str]
) -> None:
    """Wait for ``step`` to show, note it in ``taken`` and keep a screenshot of it
    (guided-<game>-<size>-<n>-<step>.png); nothing scrolls sideways."""
    page.wait_for_selector(f".guide-step[data-step='{step}']", timeout=30_000)
    taken.append(step)
    page.screenshot(path=artifacts / f"guided-{game_name}-{size}-{len(taken)}-{step}.png")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"step {step} scrolls sideways"


def leave_and_come_back(page: Page, game_name: str) -> None:
    """Off to the lobby (where the guided table is not listed), then back to the guided
    game through the lobby's link."""
    page.goto("/")
    guided = off_the_browser_loop(lambda: Table.objects.get(created_session="guided").code)
    assert guided not in page.content()
    page.click(f"#tables-{game_name} .learn-link a")
    page.click(".guided-intro a.button")
    at_the_live_table(page)


def refused(page: Page, artifacts: Path, game_name: str, size: str, step: str) -> None:
    """A wrong tap has been made at ``step``: the table says no, with what to do (the step's
    own words), and the step is still the one shown (a screenshot of the refusal is kept)."""
    told = page.locator(".guide-step .guide-do").inner_text()
    refusal = page.locator("#prompt .refusal")
    refusal.wait_for()
    assert told in refusal.inner_text(), (step, refusal.inner_text())
    page.screenshot(path=artifacts / f"guided-{game_name}-{size}-refused-{step}.png")
    assert page.locator(f".guide-step[data-step='{step}']").count() == 1


def then_a_real_game(page: Page, artifacts: Path, game_name: str, size: str) -> None:
    """The last step's "Play a real game against bots", in view on the screen: one tap opens
    a new table, the newcomer and bots in every other seat, ready to start."""
    # Over a result (Dragon Formula's dialog) its own button, else the last step's.
    button = page.locator(".overlay.result [data-action='real_game']")
    if not button.count():
        button = page.locator(".guide-step [data-action='real_game']")
    # The way to a real game is wholly on the screen (retried while a push swaps it in).
    expect(button).to_be_in_viewport(ratio=1)
    page.screenshot(path=artifacts / f"guided-{game_name}-{size}-last-step.png")
    button.click()
    page.wait_for_selector("#prompt button:has-text('Start'), #prompt button:has-text('開始')")
    code = page.locator(".join-code strong").inner_text().strip()
    seats = off_the_browser_loop(
        lambda: list(Seat.objects.filter(table__code=code).values_list("bot_level", flat=True))
    )
    assert seats[0] == "" and all(seats[1:])
