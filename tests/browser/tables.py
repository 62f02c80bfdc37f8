"""What a player does at a table page, for the browser tests (Playwright's sync API)."""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from django.db import connection
from playwright.sync_api import Error, Page

from games.tables.models import Player
from tests.support.sessions import session_key_for


def off_the_browser_loop(function: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    """Run ``function`` (a service call, a test's set-up) in a thread of its own and return
    what it returns: Playwright's event loop runs in the test's thread, and the services
    notify the table through ``async_to_sync`` after commit, which cannot run beside it."""

    def call() -> Any:
        try:
            return function(*args, **kwargs)
        finally:
            connection.close()  # the thread's own database connection

    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(call).result()


# The table's pushes wait while ``window.heldPushes`` is a list, and ``window.releasePushes()``
# hands them to the page at once: a push then lands in the very task a card is tapped in,
# before anything the tap left for later. ``window.heldVersion()``: the latest table version
# a held push brings (-1: none); each held push keeps its frame's text (``data``).
HOLD_PUSHES = """(() => {
  const Socket = window.WebSocket;
  const versionIn = (data) => {
    const match = /id="table-version"[^>]*value="(\\d+)"/.exec(typeof data === "string" ? data : "");
    return match ? Number(match[1]) : -1;
  };
  window.pushesSeen = 0;
  window.heldPushes = null;
  window.WebSocket = class extends Socket {
    addEventListener(type, listener, options) {
      if (type !== "message") return super.addEventListener(type, listener, options);
      return super.addEventListener(type, (event) => {
        window.pushesSeen += 1;
        const land = () => listener.call(this, event);
        if (window.heldPushes) window.heldPushes.push({ version: versionIn(event.data), data: event.data, land });
        else land();
      }, options);
    }
  };
  window.heldVersion = () => Math.max(-1, ...window.heldPushes.map((push) => push.version));
  window.releasePushes = () => {
    const held = window.heldPushes;
    window.heldPushes = null;
    for (const push of held) push.land();
  };
})();"""


def version(page: Page) -> str:
    return page.locator("#table-version").get_attribute("value") or ""


# Counts the frames the table's socket brings (htmx's ws extension announces each), from
# before the page's own scripts run.
COUNT_FRAMES = """document.addEventListener('htmx:wsAfterMessage', () => {
    window.framesHeard = (window.framesHeard || 0) + 1;
});"""


def at_the_live_table(page: Page) -> None:
    """Wait for the table socket's first frame (a busy machine may open the socket seconds
    after the page): from then on the page hears every push. The frame brings what differs
    from what the page was loaded with (``games.regions.page_load``), ``#seen`` always."""
    page.wait_for_function("() => window.framesHeard > 0", timeout=30_000)


def wait_for_new_version(page: Page, seen: str, timeout: float = 20_000) -> None:
    """Wait until a push or an answer brings a version other than ``seen``."""
    page.wait_for_function(
        "seen => document.querySelector('#table-version').value !== seen", arg=seen, timeout=timeout
    )


def as_guest(page: Page, name: str) -> None:
    """Name oneself in the lobby (a guest: no password)."""
    page.goto("/")
    page.fill("input[name=display_name]", name)
    page.click("button:has-text('Start playing')")
    page.wait_for_selector(f"text=Playing as {name}")


def sign_in_as(page: Page, player: Player) -> None:
    """Give this browser a session that knows ``player`` (for tables arranged by the test)."""
    from django.conf import settings

    base = page.context._impl_obj._options.get("baseURL")  # noqa: SLF001
    page.context.add_cookies(
        [{"name": settings.SESSION_COOKIE_NAME, "value": session_key_for(player), "url": base}]
    )


def open_dragsaga_table(page: Page, players: int, bot_level: str, pace: str = "") -> None:
    """Open a DragSaga table from the lobby (bots take the empty seats at the start, at
    ``pace`` if given, else the lobby's)."""
    page.click("#tables-dragsaga summary")
    page.select_option("#id_dragsaga-players", str(players))
    page.select_option("#id_dragsaga-bot_level", bot_level)
    if pace:
        page.select_option("#id_dragsaga-bot_pace", pace)
    page.click("#tables-dragsaga button:has-text('Open the table')")
    page.wait_for_selector("#prompt button:has-text('Start')")


def mark_page(page: Page) -> None:
    """Mark the page's window, to tell later that it was never reloaded."""
    page.evaluate("window.notReloaded = true")


def never_reloaded(page: Page) -> bool:
    return page.evaluate("window.notReloaded === true")


DRAGSAGA_PREFERENCES = ("Flip", "Guard with", "No guard", "End turn", "Pass")


def take_dragsaga_step(page: Page) -> bool:
    """Take one action the prompt offers (a simple player); ``False`` when nothing is offered."""
    seen = version(page)
    try:
        if page.locator("#prompt .card-button").count():
            page.locator("#prompt .card-button").first.click()
        elif page.locator("#place-form").count():
            cards = page.locator("#hand .pickable")
            cards.nth(0).click()
            cards.nth(1).click()
            page.click("#place-form button:has-text('Ready')")
        else:
            buttons = page.locator("#prompt button[name=action]")
            labels = [buttons.nth(i).inner_text().strip() for i in range(buttons.count())]
            choice = next(
                (
                    i
                    for word in DRAGSAGA_PREFERENCES
                    for i, t in enumerate(labels)
                    if t.startswith(word)
                ),
                None,
            )
            if choice is None:
                return False
            buttons.nth(choice).click()
    except Error:
        return True  # the region was replaced under the click by a push: look again
    with contextlib.suppress(Error):
        wait_for_new_version(page, seen, timeout=10_000)
    return True


DRAGON_FORMULA_STEPS = (
    '#prompt button[data-action="dan"]',
    '#prompt button[data-action="pick_and_dan"]',
    '#prompt button[data-action="pass"]',
    '#prompt button[data-action="draw"]',
    '#prompt button[data-action="next_game"]',
    "#hand .card-button",
)
"""What a simple Dragon Formula player clicks, first offered first: win when the table
offers it, else pass, draw, go on to the next game or discard the first card."""

PASS_DRAW_DISCARD = (
    '#prompt button[data-action="pass"]',
    '#prompt button[data-action="draw"]',
    "#hand .card-button",
)
"""A player who never declares: the game goes on as long as the other seats let it."""


def take_dragon_formula_step(page: Page, steps: tuple[str, ...] = DRAGON_FORMULA_STEPS) -> bool:
    """Click the first of ``steps`` the table offers this player now (a discard takes two
    taps) and wait for the table to move on; ``False`` when none is offered."""
    for selector in steps:
        button = page.locator(selector).first
        if button.count() and button.is_visible() and button.is_enabled():
            seen = version(page)
            try:
                button.click()
                if selector == "#hand .card-button":
                    button.click()  # a discard takes two taps: choose, then confirm
            except Error:
                return True  # the region was replaced under the click by a push: look again
            with contextlib.suppress(Error):
                wait_for_new_version(page, seen, timeout=10_000)
            return True
    return False


def play_dragon_formula_until(
    pages: list[Page], done: Callable[[], bool] | None = None, seconds: float = 45
) -> bool:
    """The ``pages`` take the steps their table offers them (:data:`PASS_DRAW_DISCARD`) until
    ``done()`` holds (``None``: until one of them has taken a step); ``False`` when that did not
    come within ``seconds``. A moment after a move no page may be offered a step yet (the
    move's push is on its way), or a bot or a countdown is moving the table: it looks again."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if done is not None and done():
            return True
        stepped = any(take_dragon_formula_step(page, PASS_DRAW_DISCARD) for page in pages)
        if stepped and done is None:
            return True
        if not stepped:
            time.sleep(0.2)
    return False


def play_dragsaga_until_the_end(page: Page, limit_seconds: float = 240) -> None:
    deadline = time.monotonic() + limit_seconds
    while time.monotonic() < deadline:
        if page.locator("#scores .result").count():
            return
        if not take_dragsaga_step(page):
            with contextlib.suppress(Error):
                wait_for_new_version(page, version(page), timeout=5_000)
    raise AssertionError("The DragSaga game did not finish in time")


def discard(page: Page, code: str | None = None) -> None:
    """Discard a Dragon Formula card as a player does: tap it (it rises and the prompt
    offers "Discard …"), then tap it again. ``None``: the first playable card."""
    card = (
        page.locator(f"#hand button:has([data-card='{code}'])")
        if code
        else page.locator("#hand button[data-confirm]").first
    )
    card.click()
    page.wait_for_selector("#prompt [data-confirm-discard]:not(:empty)", state="attached")
    card.click()
