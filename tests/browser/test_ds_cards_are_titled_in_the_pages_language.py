"""A DragSaga card in the hand is titled in the page's language: on an English laptop page
the English name is the card's first line (the narrow hand keeps no room for the Japanese
one); on a Japanese page the Japanese name, with the English one small below it."""

import pytest

from tests.browser.tables import off_the_browser_loop
from tests.browser.test_leaver import browser_as
from tests.web.tables import seated_table

# Each card in the hand: its visible names as (language, font size in px, top), first line first.
NAMES_SHOWN = """
() => [...document.querySelectorAll('#hand .ds-card')].map(card =>
  [...card.querySelectorAll('.ds-name, .ds-name-en')].filter(el => el.checkVisibility())
    .map(el => [el.lang, parseFloat(getComputedStyle(el).fontSize), el.getBoundingClientRect().top])
    .sort((a, b) => a[2] - b[2]))
"""


@pytest.mark.parametrize(("language", "other"), [("en", "ja"), ("ja", "en")])
def test_the_cards_title_is_in_the_pages_language(new_page, live_server_url, language, other):
    table, _, players = off_the_browser_loop(
        lambda: seated_table("dragsaga", ["Ann", "Ben"], seed=5)
    )
    page = browser_as(new_page, live_server_url, players[0])
    page.context.add_cookies(
        [{"name": "django_language", "value": language, "url": live_server_url}]
    )
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(f"/dragsaga/{table.code}/")
    page.locator("#hand .ds-card").first.wait_for()
    cards = page.evaluate(NAMES_SHOWN)
    assert len(cards) >= 5
    for names in cards:
        assert [name for name, _, _ in names] == (
            [language] if language == "en" else [language, other]
        )
        if len(names) == 2:
            assert names[0][1] > names[1][1]  # the title is the larger line
