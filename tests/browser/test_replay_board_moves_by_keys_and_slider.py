"""The replay board moves turn by turn without reloading the page: the arrow keys step back
and forward, Home goes to the deal and End to the last step, the slider to the turn it is
set to; at laptop and phone sizes, in both languages, for both games. Dragon Formula's small
cards draw their suit symbols as the table's do."""

import pytest

from games.tables.actions import opening, starting
from games.trust.replays import replay_of, replay_turns
from tests.browser.tables import off_the_browser_loop
from tests.web.trust_helpers import finish

SIZES = {"laptop": {"width": 1366, "height": 768}, "phone": {"width": 390, "height": 844}}


def finished_game(game_name, level):
    table = opening.create_table(game_name=game_name, players=2, bot_level=level)
    game = finish(starting.start(table, None, seed=1))
    return game, [turn.last for turn in replay_turns(replay_of(game).log)]


def at_step(page, step):
    page.locator(f'#replay[data-step="{step}"]').wait_for()


@pytest.mark.parametrize("locale", ["ja-JP", "en-US"])
@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize(
    ("game_name", "level"), [("dragonformula", "smart"), ("dragsaga", "random")]
)
def test_keys_and_slider_move_the_board_turn_by_turn(
    new_page, artifacts_dir, game_name, level, size, locale
):
    game, ends = off_the_browser_loop(finished_game, game_name, level)
    page = new_page(viewport=SIZES[size], locale=locale)
    page.goto(f"/games/{game.pk}/replay/")
    page.wait_for_function("window.htmx !== undefined")
    at_step(page, 0)
    page.evaluate("window.notReloaded = true")
    # htmx learns a swapped-in step a moment after the swap; widen that moment, so that a
    # key or the slider used at once (as a quick hand does) is checked to work in it.
    page.evaluate("htmx.config.defaultSettleDelay = 1000")

    page.keyboard.press("ArrowRight")
    at_step(page, ends[1])
    page.keyboard.press("ArrowRight")
    at_step(page, ends[2])
    page.keyboard.press("ArrowLeft")
    at_step(page, ends[1])
    assert page.url.endswith(f"?step={ends[1]}")
    page.keyboard.press("End")
    at_step(page, ends[-1])
    assert page.locator("#replay .replay-next").count() == 0
    page.keyboard.press("ArrowRight")  # nothing after the end
    assert page.locator("#replay").get_attribute("data-step") == str(ends[-1])
    page.keyboard.press("Home")
    at_step(page, 0)

    slider = page.locator("#replay-slider")
    assert slider.get_attribute("max") == str(len(ends) - 1)
    middle = len(ends) // 2
    slider.fill(str(middle))
    at_step(page, ends[middle])
    assert page.url.endswith(f"?step={ends[middle]}")
    assert page.locator("#replay").get_attribute("data-turn") == str(middle)
    # On the slider the arrows move a turn too, and it keeps the focus for the next press.
    page.locator("#replay-slider").focus()
    page.keyboard.press("ArrowRight")
    at_step(page, ends[middle + 1])
    assert page.evaluate("document.activeElement.id") == "replay-slider"
    page.keyboard.press("ArrowRight")
    at_step(page, ends[middle + 2])
    assert page.evaluate("window.notReloaded") is True
    no_sideways = page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    assert no_sideways, "the board fits the screen's width"

    if game_name == "dragonformula":  # the suits are drawn, not blank: their symbols are defined
        widths = page.evaluate(
            "[...document.querySelectorAll('#replay .tarot-card .suit-symbol use')]"
            ".map(use => use.getBBox().width)"
        )
        assert widths and min(widths) > 0
    page.screenshot(
        path=artifacts_dir / f"board-{game_name}-{size}-{locale[:2]}.png", full_page=True
    )
