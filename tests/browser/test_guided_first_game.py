"""The guided first game of Dragon Formula, from the lobby's "First time? Learn in five
minutes" link to a real game against bots: every step shown, waited for and done at the
real table page (the real engine, a fixed deal against a bot), on a phone and a laptop in
Japanese and in English, with a wrong tap at every step where the table offers one (it is
refused with the step's own words, and the game stays on its script); left half way and
resumed. At the end the result stays with the last step and its way to a real game, in
view, and no other game is dealt. A screenshot of every step at both sizes goes to the
artifacts (guided-dragonformula-<size>-<n>-<step>.png, and -refused-<step>.png)."""

import time

import pytest

from tests.browser.guided import (
    LAPTOP,
    PHONE,
    from_the_lobby,
    leave_and_come_back,
    refused,
    shot,
    then_a_real_game,
)


def _shot(page, artifacts_dir, size, step, taken):
    shot(page, artifacts_dir, "dragonformula", size, step, taken)


def _two_taps(page, code):
    card = page.locator(f"#hand button:has([data-card='{code}'])")
    card.click()
    page.wait_for_selector("#prompt [data-confirm-discard]:not([hidden])")
    card.click()


def _wrong(page, artifacts_dir, size, step, tap, wrong):
    """A wrong tap at ``step`` (when ``wrong``): refused, the step still shown."""
    if wrong:
        tap()
        refused(page, artifacts_dir, "dragonformula", size, step)


def _first_half(page, artifacts_dir, size, taken, wrong=False):
    _shot(page, artifacts_dir, size, "draw", taken)
    _wrong(
        page, artifacts_dir, size, "draw", lambda: page.click("[data-action='auto_pass']"), wrong
    )
    # The cheat sheet drawer at the table: fetched as it opens, closed again.
    page.click("#cheat-sheet summary")
    page.wait_for_selector("#cheat-sheet .cheat-sheet-body")
    page.screenshot(path=artifacts_dir / f"guided-dragonformula-{size}-cheat-sheet.png")
    page.click("#cheat-sheet summary")
    page.click("#prompt button[data-action='draw']")
    _shot(page, artifacts_dir, size, "discard", taken)
    _wrong(page, artifacts_dir, size, "discard", lambda: _two_taps(page, "W1"), wrong)
    _two_taps(page, "P10")
    _shot(page, artifacts_dir, size, "wait_bot", taken)


def _second_half(page, artifacts_dir, size, taken, wrong=False):
    _shot(page, artifacts_dir, size, "pick", taken)
    _wrong(
        page, artifacts_dir, size, "pick", lambda: page.click("#prompt [data-action='pass']"), wrong
    )
    page.click("#prompt button[data-action='pick']")
    _shot(page, artifacts_dir, size, "give_back", taken)
    _wrong(page, artifacts_dir, size, "give_back", lambda: _two_taps(page, "M7"), wrong)
    _two_taps(page, "M20")
    _shot(page, artifacts_dir, size, "wait_win", taken)
    _shot(page, artifacts_dir, size, "pick_and_dan", taken)
    _wrong(
        page, artifacts_dir, size, "pick_and_dan",
        lambda: page.click("#prompt [data-action='pick']"), wrong,
    )  # fmt: skip
    page.click("#prompt button[data-action='pick_and_dan']")
    page.wait_for_selector(".overlay.result")
    _shot(page, artifacts_dir, size, "done", taken)
    # The result says the guided game is over and deals nothing: no "Next game", no countdown.
    assert page.locator(".overlay.result [data-action='next_game']").count() == 0
    assert page.locator(".overlay.result .countdown").count() == 0
    assert page.locator(".overlay.result .guide-end .guide-do").is_visible()


@pytest.mark.parametrize(
    ("viewport", "locale", "size"),
    [
        (PHONE, "ja-JP", "phone-ja"),
        (LAPTOP, "en-US", "laptop-en"),
        (PHONE, "en-US", "phone-en"),
        (LAPTOP, "ja-JP", "laptop-ja"),
    ],
)
def test_a_newcomer_completes_the_guided_game(new_page, artifacts_dir, viewport, locale, size):
    page = new_page(viewport=viewport, locale=locale)
    began = time.monotonic()
    from_the_lobby(page, "dragonformula", "Newcomer")
    taken: list[str] = []
    wrong = size in ("phone-ja", "laptop-en")  # a wrong tap at each step, once per size
    _first_half(page, artifacts_dir, size, taken, wrong)
    _second_half(page, artifacts_dir, size, taken, wrong)
    print(f"guided Dragon Formula, {size}: {time.monotonic() - began:.1f} s scripted")
    assert taken == ["draw", "discard", "wait_bot", "pick", "give_back", "wait_win",
                     "pick_and_dan", "done"]  # fmt: skip
    if locale == "ja-JP":
        assert "ステップ 8 / 8" in page.locator(".guide-step").inner_text()
    else:
        assert "Step 8 of 8" in page.locator(".guide-step").inner_text()
    then_a_real_game(page, artifacts_dir, "dragonformula", size)


def test_a_guided_game_left_half_way_resumes_where_it_was(new_page, artifacts_dir):
    page = new_page(viewport=PHONE, locale="ja-JP")
    from_the_lobby(page, "dragonformula", "Leaver")
    taken: list[str] = []
    _first_half(page, artifacts_dir, "resume", taken)
    leave_and_come_back(page, "dragonformula")
    _second_half(page, artifacts_dir, "resume", taken)
