"""A 3-player DragSaga table, one human and two bots, played to the end in Chromium."""

from games.tables.models import Game, Table
from tests.browser.tables import (
    as_guest,
    mark_page,
    never_reloaded,
    open_dragsaga_table,
    play_dragsaga_until_the_end,
)


def test_one_human_and_two_bots_play_a_whole_game(new_page, artifacts_dir):
    page = new_page()
    as_guest(page, "Ann")
    open_dragsaga_table(page, 3, "heuristic")
    mark_page(page)
    page.click("#prompt button:has-text('Start')")
    page.wait_for_selector("#prompt .card-button")
    assert page.locator(".ds-seat").count() == 3
    assert page.locator(".ds-seat .seat-name", has_text="Bot").count() == 2

    play_dragsaga_until_the_end(page)

    page.screenshot(path=artifacts_dir / "dragsaga_table.png", full_page=True)
    result = page.locator("#scores .result")
    assert "Final ranking" in result.inner_text()
    assert result.locator("tbody tr").count() == 3
    assert never_reloaded(page)
    code = page.url.rstrip("/").rsplit("/", 1)[-1]
    game = Game.objects.get(table__code=code)
    assert game.is_finished and game.table.status == Table.Status.FINISHED
    assert game.log.filter(seat=0).exists() and game.log.filter(seat=1).exists()
