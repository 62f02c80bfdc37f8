"""The guided first game of DragSaga, from the lobby's "First time? Learn in five minutes"
link to a real game against bots: every step shown, waited for and done at the real table
page (the real engine, a short fixed deal against a bot), on a phone in Japanese and on a
laptop in English; left half way and resumed. A screenshot of every step at both sizes goes
to the artifacts (guided-dragsaga-<size>-<n>-<step>.png)."""

import time

import pytest

from tests.browser.guided import (
    LAPTOP,
    PHONE,
    from_the_lobby,
    leave_and_come_back,
    shot,
    then_a_real_game,
)
from tests.browser.tables import version, wait_for_new_version


def _shot(page, artifacts_dir, size, step, taken):
    shot(page, artifacts_dir, "dragsaga", size, step, taken)
    # The step and what it asks for are on the screen together, without scrolling.
    box = page.locator(".guide-step").bounding_box()
    assert box["y"] >= 0 and box["y"] + box["height"] <= page.viewport_size["height"], step


def _names(page, *cards):
    """The step's words name the cards it asks for (as the cards on the table call them,
    in the page's language)."""
    told = page.locator(".guide-step .guide-do").inner_text()
    for card in cards:
        assert (
            page.locator(f".ds-card[data-card='{card}']").first.get_attribute("data-name") in told
        )


def _press(page, kind, card=None):
    """Press the prompt's button for an action (``kind``, on ``card``) and wait for the
    table to move on."""
    seen = version(page)
    chosen = f"#prompt button[name=action][value*='\"{kind}\"']"
    if card:
        chosen += f"[value*='\"{card}\"']"
    page.click(chosen)
    wait_for_new_version(page, seen)


def _place(page, artifacts_dir, size, first, second):
    for card in (first, second):
        page.click(f"#hand .pickable:has(input[value='{card}'])")
    page.screenshot(path=artifacts_dir / f"guided-dragsaga-{size}-placing-{first}.png")
    seen = version(page)
    page.click("#place-form button.primary")
    wait_for_new_version(page, seen)


def _first_half(page, artifacts_dir, size, taken):
    _shot(page, artifacts_dir, size, "dragon", taken)
    _names(page, "divine_storm")
    page.click("#prompt .card-button:has([data-card='divine_storm'])")
    _shot(page, artifacts_dir, size, "place", taken)
    _names(page, "fang", "scale_shield")
    _place(page, artifacts_dir, size, "fang", "scale_shield")
    _shot(page, artifacts_dir, size, "flip", taken)
    _names(page, "fang")
    _press(page, "flip", "fang")
    _shot(page, artifacts_dir, size, "end_turn", taken)
    _press(page, "end_turn")


def _second_half(page, artifacts_dir, size, taken):
    _shot(page, artifacts_dir, size, "guard", taken)
    _names(page, "divine_storm", "scale_shield")
    assert page.locator(".hint-guard").count() == 1  # the hints say which card blocks it
    _press(page, "guard", "scale_shield")
    _shot(page, artifacts_dir, size, "place_again", taken)
    _names(page, "divine_storm", "charge")
    _place(page, artifacts_dir, size, "divine_storm", "charge")
    for _attack in range(2):  # the bot's two attacks, neither of which you can block
        _shot(page, artifacts_dir, size, "no_guard", taken)
        _press(page, "no_guard")
    _shot(page, artifacts_dir, size, "flip_limit", taken)
    _names(page, "divine_storm")
    _press(page, "flip", "divine_storm")
    _shot(page, artifacts_dir, size, "end_turn_again", taken)
    _press(page, "end_turn")
    _shot(page, artifacts_dir, size, "done", taken)


STEPS = ["dragon", "place", "flip", "end_turn", "guard", "place_again", "no_guard", "no_guard",
         "flip_limit", "end_turn_again", "done"]  # fmt: skip


@pytest.mark.parametrize(
    ("viewport", "locale", "size"), [(PHONE, "ja-JP", "phone"), (LAPTOP, "en-US", "laptop")]
)
def test_a_newcomer_completes_the_guided_game(new_page, artifacts_dir, viewport, locale, size):
    page = new_page(viewport=viewport, locale=locale)
    began = time.monotonic()
    from_the_lobby(page, "dragsaga", "Newcomer")
    taken: list[str] = []
    _first_half(page, artifacts_dir, size, taken)
    _second_half(page, artifacts_dir, size, taken)
    print(f"guided DragSaga, {size}: {time.monotonic() - began:.1f} s scripted")
    assert taken == STEPS
    step = page.locator(".guide-step").inner_text()
    if locale == "ja-JP":
        assert "ステップ 10 / 10" in step and "ダメージが最も少ないあなたの勝ち" in step
    else:
        assert "Step 10 of 10" in step and "you win with the least damage" in step
    assert ("2＝5" if locale == "ja-JP" else "2 = 5") in step  # damage 3 + half of Charge (4)
    then_a_real_game(page)


def test_a_guided_game_left_half_way_resumes_where_it_was(new_page, artifacts_dir):
    page = new_page(viewport=PHONE, locale="ja-JP")
    from_the_lobby(page, "dragsaga", "Leaver")
    taken: list[str] = []
    _first_half(page, artifacts_dir, "resume", taken)
    leave_and_come_back(page, "dragsaga")
    _second_half(page, artifacts_dir, "resume", taken)
    assert taken == STEPS
