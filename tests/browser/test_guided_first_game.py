"""The guided first game of Dragon Formula, from the lobby's "First time? Learn in five
minutes" link to a real game against bots: every step shown, waited for and done at the
real table page (the real engine, a fixed deal against a bot), on a phone in Japanese and
on a laptop in English; left half way and resumed. A screenshot of every step at both
sizes goes to the artifacts (guided-dragonformula-<size>-<n>-<step>.png)."""

import time

import pytest

from games.models import Seat, Table
from tests.browser.tables import off_the_browser_loop

PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1366, "height": 768}


def _shot(page, artifacts_dir, size, step, taken):
    page.wait_for_selector(f".guide-step[data-step='{step}']", timeout=30_000)
    taken.append(step)
    page.screenshot(path=artifacts_dir / f"guided-dragonformula-{size}-{len(taken)}-{step}.png")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"step {step} scrolls sideways"


def _two_taps(page, code):
    card = page.locator(f"#hand button:has([data-card='{code}'])")
    card.click()
    page.wait_for_selector("#prompt [data-confirm-discard]:not([hidden])")
    card.click()


def _from_the_lobby(page, name):
    page.goto("/")
    page.click("#tables-dragonformula .learn-link a")
    page.fill("input[name=display_name]", name)
    page.click(".guided-intro form.inline button")
    page.click(".guided-intro form[action$='/start'] button")


def _first_half(page, artifacts_dir, size, taken):
    _shot(page, artifacts_dir, size, "draw", taken)
    # The cheat sheet drawer at the table: fetched as it opens, closed again.
    page.click("#cheat-sheet summary")
    page.wait_for_selector("#cheat-sheet .cheat-sheet-body")
    page.screenshot(path=artifacts_dir / f"guided-dragonformula-{size}-cheat-sheet.png")
    page.click("#cheat-sheet summary")
    page.click("#prompt button[data-action='draw']")
    _shot(page, artifacts_dir, size, "discard", taken)
    _two_taps(page, "P10")
    _shot(page, artifacts_dir, size, "wait_bot", taken)


def _second_half(page, artifacts_dir, size, taken):
    _shot(page, artifacts_dir, size, "pick", taken)
    page.click("#prompt button[data-action='pick']")
    _shot(page, artifacts_dir, size, "give_back", taken)
    _two_taps(page, "M20")
    _shot(page, artifacts_dir, size, "wait_win", taken)
    _shot(page, artifacts_dir, size, "pick_and_dan", taken)
    page.click("#prompt button[data-action='pick_and_dan']")
    page.wait_for_selector(".overlay.result")
    page.click(".overlay .close")
    _shot(page, artifacts_dir, size, "done", taken)


def _then_a_real_game(page):
    # The link, followed as it is written: a push (the bot's "Next game") may raise the
    # result screen over the table again.
    page.goto(page.locator(".guide-step a.button").get_attribute("href"))
    page.click(".guided-intro form button.primary")
    page.wait_for_selector("#prompt button:has-text('Start'), #prompt button:has-text('開始')")
    code = page.locator(".join-code strong").inner_text().strip()
    seats = off_the_browser_loop(
        lambda: list(Seat.objects.filter(table__code=code).values_list("bot_level", flat=True))
    )
    assert seats[0] == "" and all(seats[1:])  # the newcomer and bots in every other seat


@pytest.mark.parametrize(
    ("viewport", "locale", "size"), [(PHONE, "ja-JP", "phone"), (LAPTOP, "en-US", "laptop")]
)
def test_a_newcomer_completes_the_guided_game(new_page, artifacts_dir, viewport, locale, size):
    page = new_page(viewport=viewport, locale=locale)
    began = time.monotonic()
    _from_the_lobby(page, "Newcomer")
    taken: list[str] = []
    _first_half(page, artifacts_dir, size, taken)
    _second_half(page, artifacts_dir, size, taken)
    print(f"guided Dragon Formula, {size}: {time.monotonic() - began:.1f} s scripted")
    assert taken == ["draw", "discard", "wait_bot", "pick", "give_back", "wait_win",
                     "pick_and_dan", "done"]  # fmt: skip
    if locale == "ja-JP":
        assert "ステップ 8 / 8" in page.locator(".guide-step").inner_text()
    else:
        assert "Step 8 of 8" in page.locator(".guide-step").inner_text()
    _then_a_real_game(page)


def test_a_guided_game_left_half_way_resumes_where_it_was(new_page, artifacts_dir):
    page = new_page(viewport=PHONE, locale="ja-JP")
    _from_the_lobby(page, "Leaver")
    taken: list[str] = []
    _first_half(page, artifacts_dir, "resume", taken)
    page.goto("/")  # off to the lobby; the guided table is nobody else's business there
    guided = off_the_browser_loop(lambda: Table.objects.get(created_session="guided").code)
    assert guided not in page.content()
    page.click("#tables-dragonformula .learn-link a")
    page.click(".guided-intro a.button")
    _second_half(page, artifacts_dir, "resume", taken)
