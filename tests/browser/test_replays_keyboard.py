"""A replay steps with its buttons and the arrow keys, without reloading the page."""

from tests.browser.tables import off_the_browser_loop
from tests.web.trust_helpers import bots_only_table, finish


def finished_game():
    _table, game = bots_only_table("dragsaga", 2, "random")
    return finish(game)


def test_the_arrow_keys_and_buttons_step_through_a_replay(new_page, artifacts_dir):
    game = off_the_browser_loop(finished_game)
    page = new_page()
    page.goto(f"/games/{game.pk}/replay/")
    replay = page.locator("#replay")
    assert replay.get_attribute("data-step") == "0"
    page.evaluate("window.notReloaded = true")

    page.keyboard.press("ArrowRight")
    page.locator('#replay[data-step="1"]').wait_for()
    page.keyboard.press("ArrowRight")
    page.locator('#replay[data-step="2"]').wait_for()
    page.keyboard.press("ArrowLeft")
    page.locator('#replay[data-step="1"]').wait_for()
    assert page.url.endswith("?step=1")

    page.locator("#replay .replay-last").click()
    page.locator(f'#replay[data-step="{game.version}"]').wait_for()
    assert page.locator("#replay .replay-next").count() == 0
    page.keyboard.press("ArrowRight")  # nothing after the end
    assert replay.get_attribute("data-step") == str(game.version)
    assert page.evaluate("window.notReloaded") is True
    page.screenshot(path=artifacts_dir / "replay-end.png")
