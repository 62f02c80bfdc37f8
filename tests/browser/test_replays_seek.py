"""A long Dragon Formula replay is sought in place: pick a game and go (it lands on that
game's deal, not on the end of the game before), open the wins and jump to one (its reading
shows as the table shows it), jump to a set's end."""

import pytest

from games.tables.actions import opening, starting
from tests.browser.tables import off_the_browser_loop
from tests.web.trust_helpers import finish

SEED_WITH_WINS = 1  # a seed whose smart-bot match has Dragon Formula wins


def finished_match():
    table = opening.create_table(game_name="dragonformula", players=2, bot_level="smart")
    return finish(starting.start(table, None, seed=SEED_WITH_WINS))


@pytest.mark.parametrize(
    "viewport", [{"width": 390, "height": 844}, {"width": 1366, "height": 768}], ids=str
)
def test_a_replay_jumps_to_a_game_a_win_and_a_set_end(new_page, artifacts_dir, viewport):
    game = off_the_browser_loop(finished_match)
    page = new_page(viewport=viewport, locale="ja-JP")
    page.goto(f"/games/{game.pk}/replay/")
    page.wait_for_function("window.htmx !== undefined")
    page.evaluate("window.notReloaded = true")

    options = page.locator(".replay-jump-game option")
    assert options.nth(1).inner_text().startswith("第 1 セット・第 2 ゲーム")
    second = options.nth(1).get_attribute("value")
    page.locator(".replay-jump-game select").select_option(second)
    page.locator(".replay-jump-game button").click()
    page.locator(f'#replay[data-step="{second}"]').wait_for()
    assert page.url.endswith(f"?step={second}")
    # Game 2's deal: the pile names it, no result is up, every hand is dealt whole.
    assert "第 2 ゲーム" in page.locator("#replay #pile .set-game").inner_text()
    assert page.locator("#replay .overlay.result").count() == 0
    dealt = [row.locator(".tarot-card").count() for row in page.locator(".replay-hand").all()]
    assert dealt == [10, 10]
    size = "phone" if viewport["width"] < 500 else "laptop"
    page.screenshot(path=artifacts_dir / f"replay-game-2-deal-{size}.png", full_page=True)

    page.locator(".replay-wins summary").click()
    win = page.locator("a.replay-win").first
    step = win.get_attribute("href").rsplit("=", 1)[1]
    win.click()
    page.locator(f'#replay[data-step="{step}"]').wait_for()
    overlay = page.locator("#replay .overlay.result")
    assert overlay.is_visible()
    assert overlay.locator(".reading .tarot-card").count() >= 11
    page.screenshot(path=artifacts_dir / f"replay-win-{size}.png", full_page=True)

    page.locator("a.replay-set-end").last.click()
    page.locator(f'#replay[data-step="{game.version}"]').wait_for()
    assert page.evaluate("window.notReloaded") is True
