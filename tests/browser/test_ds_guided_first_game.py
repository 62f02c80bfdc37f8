"""The guided first game of DragSaga, from the lobby's "First time? Learn in five minutes"
link to a real game against bots: every step shown, waited for and done at the real table
page (the real engine, a short fixed deal against two bots: a target change and a pass
among its steps), on a phone and a laptop in Japanese and in English, with a wrong tap at
every step where the table offers one (refused with the step's own words, the game still
on its script); left half way and resumed. A screenshot of every step at both sizes goes
to the artifacts (guided-dragsaga-<size>-<n>-<step>.png, and -refused-<step>.png)."""

import time

import pytest
from playwright.sync_api import expect

from tests.browser.guided import (
    LAPTOP,
    PHONE,
    from_the_lobby,
    leave_and_come_back,
    refused,
    shot,
    then_a_real_game,
)
from tests.browser.tables import version, wait_for_new_version

# Bot 2 (seat 1) is your left neighbour, Bot 3 (seat 2) your right.
LEFT, RIGHT = 1, 2


def _shot(page, artifacts_dir, size, step, taken):
    shot(page, artifacts_dir, "dragsaga", size, step, taken)
    # The step and what it asks for are on the screen together, without scrolling. (The
    # assertion retries: a push may be swapping the step's region in at that moment.)
    expect(page.locator(".guide-step")).to_be_in_viewport(ratio=1)


def _names(page, *cards):
    """The step's words name the cards it asks for (as the cards on the table call them,
    in the page's language)."""
    told = page.locator(".guide-step .guide-do").inner_text()
    for card in cards:
        assert (
            page.locator(f".ds-card[data-card='{card}']").first.get_attribute("data-name") in told
        )


def _press(page, kind, card=None, moves=True):
    """Press the prompt's button for an action (``kind``, on ``card``); unless it is to be
    refused, wait for the table to move on."""
    seen = version(page)
    chosen = f"#prompt button[name=action][value*='\"{kind}\"']"
    if card:
        chosen += f"[value*='\"{card}\"']"
    page.click(chosen)
    if moves:
        wait_for_new_version(page, seen)


def _place(page, artifacts_dir, size, first, second, target=None, moves=True):
    # Exactly these two chosen (a refused placing may have left its own two chosen).
    chosen = page.eval_on_selector_all(
        "#hand .pickable input:checked", "inputs => inputs.map(i => i.value)"
    )
    for card in chosen:
        if card not in (first, second):
            page.click(f"#hand .pickable:has(input[value='{card}'])")
    for card in (first, second):
        if not page.locator(f"#hand .pickable input[value='{card}']").is_checked():
            page.click(f"#hand .pickable:has(input[value='{card}'])")
    if target is not None:
        page.check(f"#place-form input[name=target][value='{target}']")
    page.screenshot(path=artifacts_dir / f"guided-dragsaga-{size}-placing-{first}.png")
    seen = version(page)
    page.click("#place-form button.primary")
    if moves:
        wait_for_new_version(page, seen)


def _change_target(page, discard, target, moves=True):
    seen = version(page)
    page.select_option("#prompt .change-target select[name=discard]", discard)
    page.select_option("#prompt .change-target select[name=target]", str(target))
    page.click("#prompt .change-target button")
    if moves:
        wait_for_new_version(page, seen)


class Newcomer:
    """The newcomer at the table, making a wrong tap before each step's own when ``wrong``."""

    def __init__(self, page, artifacts_dir, size, wrong):
        self.page, self.artifacts_dir, self.size, self.wrong = page, artifacts_dir, size, wrong
        self.taken: list[str] = []

    def step(self, key):
        _shot(self.page, self.artifacts_dir, self.size, key, self.taken)

    def wrong_tap(self, key, tap):
        if self.wrong:
            tap()
            refused(self.page, self.artifacts_dir, "dragsaga", self.size, key)

    def first_half(self):
        page = self.page
        self.step("dragon")
        _names(page, "divine_storm")
        self.wrong_tap(
            "dragon", lambda: page.click("#prompt .card-button:has([data-card='divine_aegis'])")
        )
        page.click("#prompt .card-button:has([data-card='divine_storm'])")
        self.step("place")
        _names(page, "fang", "wing_shield")
        self.wrong_tap(
            "place",
            lambda: _place(page, self.artifacts_dir, self.size, "claw", "fang", moves=False),
        )
        _place(page, self.artifacts_dir, self.size, "fang", "wing_shield")
        self.step("flip")
        _names(page, "fang")
        self.wrong_tap("flip", lambda: _press(page, "pass", moves=False))
        _press(page, "flip", "fang")
        self.step("end_turn")
        _press(page, "end_turn")
        self.step("guard")  # the left neighbour's Divine Blaze hits everyone
        _names(page, "divine_blaze", "wing_shield")
        self.wrong_tap("guard", lambda: _press(page, "no_guard", moves=False))
        _press(page, "guard", "wing_shield")

    def second_half(self):
        page = self.page
        self.step("place_again")
        _names(page, "divine_storm", "dragonscale_ward")
        # Ready with the first target the form offers, not the one the step names: refused.
        self.wrong_tap(
            "place_again",
            lambda: _place(
                page, self.artifacts_dir, self.size, "divine_storm", "dragonscale_ward",
                target=LEFT, moves=False,
            ),
        )  # fmt: skip
        _place(
            page, self.artifacts_dir, self.size, "divine_storm", "dragonscale_ward", target=RIGHT
        )
        for key in ("no_guard", "no_guard_again"):  # the right neighbour's two attacks
            self.step(key)
            self.wrong_tap(key, lambda: _press(page, "guard", "dragonscale_ward", moves=False))
            _press(page, "no_guard")
        self.step("change_target")  # the lead has changed: as the round's last player
        _names(page, "claw")
        self.wrong_tap("change_target", lambda: _press(page, "flip", "divine_storm", moves=False))
        _change_target(page, "claw", LEFT)
        self.step("flip_limit")
        self.wrong_tap("flip_limit", lambda: _press(page, "pass", moves=False))
        _press(page, "flip", "divine_storm")
        self.step("end_turn_again")
        _press(page, "end_turn")
        self.step("place_last")
        _names(page, "scale_shield", "dragonscale_ward")
        _place(page, self.artifacts_dir, self.size, "scale_shield", "dragonscale_ward")
        self.step("pass")
        _press(page, "pass")
        self.step("done")


STEPS = ["dragon", "place", "flip", "end_turn", "guard", "place_again", "no_guard",
         "no_guard_again", "change_target", "flip_limit", "end_turn_again", "place_last",
         "pass", "done"]  # fmt: skip


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
    from_the_lobby(page, "dragsaga", "Newcomer")
    newcomer = Newcomer(page, artifacts_dir, size, wrong=size in ("phone-ja", "laptop-en"))
    newcomer.first_half()
    newcomer.second_half()
    print(f"guided DragSaga, {size}: {time.monotonic() - began:.1f} s scripted")
    assert newcomer.taken == STEPS
    step = page.locator(".guide-step").inner_text()
    if locale == "ja-JP":
        assert "ステップ 14 / 14" in step and "ダメージが最も少ないあなたの勝ち" in step
        assert "コストの半分0＝" in step  # both placed cards discarded: nothing left in hand
    else:
        assert "Step 14 of 14" in step and "you win with the least damage" in step
        assert "(none) 0 = " in step
    then_a_real_game(page, artifacts_dir, "dragsaga", size)


def test_a_guided_game_left_half_way_resumes_where_it_was(new_page, artifacts_dir):
    page = new_page(viewport=PHONE, locale="ja-JP")
    from_the_lobby(page, "dragsaga", "Leaver")
    newcomer = Newcomer(page, artifacts_dir, "resume", wrong=False)
    newcomer.first_half()
    leave_and_come_back(page, "dragsaga")
    newcomer.second_half()
    assert newcomer.taken == STEPS
