"""The guided first game of DragSaga, from the lobby's "First time? Learn in five minutes"
link to a real game against bots: every step shown, waited for and done at the real table
page (the real engine, a short fixed deal against a bot), on a phone in Japanese and on a
laptop in English; left half way and resumed. A screenshot of every step at both sizes goes
to the artifacts (guided-dragsaga-<size>-<n>-<step>.png)."""

import time

import pytest

from games.models import Seat, Table
from tests.browser.tables import off_the_browser_loop, version, wait_for_new_version

PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1366, "height": 768}


def _shot(page, artifacts_dir, size, step, taken):
    page.wait_for_selector(f".guide-step[data-step='{step}']", timeout=30_000)
    taken.append(step)
    page.screenshot(path=artifacts_dir / f"guided-dragsaga-{size}-{len(taken)}-{step}.png")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"step {step} scrolls sideways"
    # The step and what it asks for are on the screen together, without scrolling.
    box = page.locator(".guide-step").bounding_box()
    assert box["y"] >= 0 and box["y"] + box["height"] <= page.viewport_size["height"], step


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


def _from_the_lobby(page, name):
    page.goto("/")
    page.click("#tables-dragsaga .learn-link a")
    page.fill("input[name=display_name]", name)
    page.click(".guided-intro form.inline button")
    page.click(".guided-intro form[action$='/start'] button")


def _first_half(page, artifacts_dir, size, taken):
    _shot(page, artifacts_dir, size, "dragon", taken)
    page.click("#prompt .card-button:has([data-card='divine_storm'])")
    _shot(page, artifacts_dir, size, "place", taken)
    _place(page, artifacts_dir, size, "fang", "scale_shield")
    _shot(page, artifacts_dir, size, "flip", taken)
    _press(page, "flip", "fang")
    _shot(page, artifacts_dir, size, "end_turn", taken)
    _press(page, "end_turn")


def _second_half(page, artifacts_dir, size, taken):
    _shot(page, artifacts_dir, size, "guard", taken)
    assert page.locator(".hint-guard").count() == 1  # the hints say which card blocks it
    _press(page, "guard", "scale_shield")
    _shot(page, artifacts_dir, size, "place_again", taken)
    _place(page, artifacts_dir, size, "divine_storm", "charge")
    for _attack in range(2):  # the bot's two attacks, neither of which you can block
        _shot(page, artifacts_dir, size, "no_guard", taken)
        _press(page, "no_guard")
    _shot(page, artifacts_dir, size, "flip_limit", taken)
    _press(page, "flip", "divine_storm")
    _shot(page, artifacts_dir, size, "end_turn_again", taken)
    _press(page, "end_turn")
    _shot(page, artifacts_dir, size, "done", taken)


def _then_a_real_game(page):
    page.goto(page.locator(".guide-step a.button").get_attribute("href"))
    page.click(".guided-intro form button.primary")
    page.wait_for_selector("#prompt button:has-text('Start'), #prompt button:has-text('開始')")
    code = page.locator(".join-code strong").inner_text().strip()
    seats = off_the_browser_loop(
        lambda: list(Seat.objects.filter(table__code=code).values_list("bot_level", flat=True))
    )
    assert seats[0] == "" and all(seats[1:])  # the newcomer and bots in every other seat


STEPS = ["dragon", "place", "flip", "end_turn", "guard", "place_again", "no_guard", "no_guard",
         "flip_limit", "end_turn_again", "done"]  # fmt: skip


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
    print(f"guided DragSaga, {size}: {time.monotonic() - began:.1f} s scripted")
    assert taken == STEPS
    step = page.locator(".guide-step").inner_text()
    if locale == "ja-JP":
        assert "ステップ 10 / 10" in step and "ダメージが最も少ないあなたの勝ち" in step
    else:
        assert "Step 10 of 10" in step and "you win with the least damage" in step
    assert ("2＝5" if locale == "ja-JP" else "2 = 5") in step  # damage 3 + half of Charge (4)
    _then_a_real_game(page)


def test_a_guided_game_left_half_way_resumes_where_it_was(new_page, artifacts_dir):
    page = new_page(viewport=PHONE, locale="ja-JP")
    _from_the_lobby(page, "Leaver")
    taken: list[str] = []
    _first_half(page, artifacts_dir, "resume", taken)
    page.goto("/")  # off to the lobby; the guided table is nobody else's business there
    guided = off_the_browser_loop(lambda: Table.objects.get(created_session="guided").code)
    assert guided not in page.content()
    page.click("#tables-dragsaga .learn-link a")
    page.click(".guided-intro a.button")
    _second_half(page, artifacts_dir, "resume", taken)
    assert taken == STEPS
