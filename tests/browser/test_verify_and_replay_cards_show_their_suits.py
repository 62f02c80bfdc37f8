"""The small cards of /verify/ (the deal a seed produces) and of replays draw their suit
symbols as the table's cards do, at laptop and phone sizes."""

import pytest

from games.tables.actions import opening, starting
from tests.browser.tables import off_the_browser_loop
from tests.web.trust_helpers import finish

SIZES = {"laptop": {"width": 1366, "height": 768}, "phone": {"width": 390, "height": 844}}


def finished_table():
    table = opening.create_table(game_name="dragonformula", players=2, bot_level="smart")
    finish(starting.start(table, None, seed=1))
    return table


def suit_widths(page, selector):
    return page.evaluate(
        "selector => [...document.querySelectorAll(selector + ' .suit-symbol use')]"
        ".map(use => use.getBBox().width)",
        selector,
    )


@pytest.mark.parametrize("locale", ["ja-JP", "en-US"])
@pytest.mark.parametrize("size", list(SIZES))
def test_the_verify_pages_cards_carry_their_suits(new_page, artifacts_dir, size, locale):
    table = off_the_browser_loop(finished_table)
    page = new_page(viewport=SIZES[size], locale=locale)
    page.goto(f"/tables/{table.code}/verify/")
    assert page.locator('#verification[data-matches="true"]').count() == 1
    page.screenshot(path=artifacts_dir / f"verify-{size}-{locale[:2]}.png", full_page=True)
    dealt = suit_widths(page, ".deal-rows")
    deck = suit_widths(page, ".deck-order")
    assert len(deck) == 78 - 22  # every minor card of the deck; majors have no suit
    assert dealt and min(dealt + deck) > 0
    page.screenshot(path=artifacts_dir / f"verify-{size}-{locale[:2]}.png", full_page=True)
