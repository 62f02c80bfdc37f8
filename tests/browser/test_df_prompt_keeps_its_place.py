"""Choosing a card to discard shows "Discard …" and "Cancel" in the prompt bar without
moving the hand under the player's thumb, on a phone and a laptop, in both languages."""

import pytest
from django.utils import translation
from django.utils.translation import gettext

from dragonformula.rules.cards import ALL_CARDS, card_name
from games.tables.actions import playing
from games.tables.models import Game
from tests.browser.tables import off_the_browser_loop
from tests.browser.test_leaver import browser_as
from tests.web.tables import seated_table

SIZES = {"laptop": {"width": 1366, "height": 768}, "phone": {"width": 390, "height": 844}}
HAND_TOP = "() => Math.round(document.querySelector('#hand').getBoundingClientRect().top)"


def a_table_where_someone_discards():
    table, game, players = seated_table("dragonformula", ["Ann", "Ben"], seed=3)
    mover = game.state["turn"]
    playing.apply_action(game, players[mover], {"type": "draw"}, game.version)
    return table, players[mover]


CASES = [(size, language) for size in SIZES for language in ("ja", "en")]
# Every label the confirm button can show: the box it sits in, and whether the label spills.
CONFIRM_BOX = """(labels) => {
  const button = document.querySelector('#prompt [data-confirm-discard]');
  const bar = button.closest('[data-selection]');
  const was = button.textContent;
  const boxes = labels.map((label) => {
    button.textContent = label;
    const box = bar.getBoundingClientRect();
    const spills = button.scrollWidth > button.clientWidth || button.scrollHeight > button.clientHeight;
    return [label, Math.round(box.width), Math.round(box.height), spills];
  });
  button.textContent = was;
  return boxes;
}"""


def every_confirm_label(language):
    with translation.override(language):
        return [
            gettext("Discard %(card)s") % {"card": card_name(code, language)} for code in ALL_CARDS
        ]


@pytest.mark.parametrize(("size", "language"), CASES)
def test_the_first_tap_does_not_move_the_hand(new_page, live_server_url, size, language):
    table, mover = off_the_browser_loop(a_table_where_someone_discards)
    page = browser_as(new_page, live_server_url, mover)
    page.context.add_cookies(
        [{"name": "django_language", "value": language, "url": live_server_url}]
    )
    page.set_viewport_size(SIZES[size])
    page.goto(f"/dragonformula/{table.code}/")
    cards = page.locator("#hand button[data-confirm]")
    cards.first.wait_for()
    page.locator(".pos-you .presence.online").wait_for()  # her socket is open: the seat is settled
    page.wait_for_timeout(300)
    before = page.evaluate(HAND_TOP)
    for i in (0, cards.count() - 1):  # a number card and the hand's last (a major, if any)
        cards.nth(i).click()
        page.locator("#prompt [data-confirm-discard]:not(:empty)").wait_for()
        assert page.locator("#prompt [data-selection]").is_visible()
        assert page.evaluate(HAND_TOP) == before
    page.keyboard.press("Escape")
    assert page.evaluate(HAND_TOP) == before
    assert Game.objects.get(table=table).state["phase"] == "discard"


@pytest.mark.parametrize(("size", "language"), CASES)
def test_the_confirm_button_is_one_size_for_every_card(new_page, live_server_url, size, language):
    """Whichever of the 78 cards is chosen, its "Discard …" fits its button, and the button's
    row keeps one size, so no card moves the hand more than another."""
    table, mover = off_the_browser_loop(a_table_where_someone_discards)
    page = browser_as(new_page, live_server_url, mover)
    page.context.add_cookies(
        [{"name": "django_language", "value": language, "url": live_server_url}]
    )
    page.set_viewport_size(SIZES[size])
    page.goto(f"/dragonformula/{table.code}/")
    page.locator("#hand button[data-confirm]").first.click()
    page.locator("#prompt [data-confirm-discard]:not(:empty)").wait_for()
    boxes = page.evaluate(CONFIRM_BOX, every_confirm_label(language))
    assert len(boxes) == len(ALL_CARDS)
    assert [label for label, _, _, spills in boxes if spills] == []
    assert len({(width, height) for _, width, height, _ in boxes}) == 1, boxes
