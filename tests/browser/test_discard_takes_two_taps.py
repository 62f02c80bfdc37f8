"""Select, then confirm (docs/ui.md): a Dragon Formula discard takes two taps. The first raises
the card and the prompt offers "Discard <card>" (named as the table names it); a tap on
another card changes the choice, Escape or "Cancel" drops it; the second tap, or the
prompt's button, discards."""

from __future__ import annotations

from games.tables.models import Game
from tests.browser.tables import version, wait_for_new_version
from tests.browser.test_a11y import PHONE
from tests.browser.test_table_fits_one_screen import df_stacking, seated_guest


def discards_in_log(table) -> list[str]:
    game = Game.objects.filter(table=table).latest("pk")
    return [
        entry.action["card"]
        for entry in game.log.order_by("pk")
        if entry.seat == 0 and entry.action.get("type") == "discard"
    ]


def test_a_discard_needs_two_taps(new_page):
    page, table = seated_guest(
        new_page, "dragonformula", 4, "random", {"pick_seconds": 60}, df_stacking("WK")
    )
    page.set_viewport_size(PHONE)
    page.click("#prompt button[data-action='draw']")
    page.wait_for_selector("#hand [data-card='WK']")
    king = page.locator("#hand button:has([data-card='WK'])")
    ace = page.locator("#hand button:has([data-card='W1'])")
    confirm = page.locator("#prompt [data-confirm-discard]")

    king.click()
    assert king.get_attribute("aria-pressed") == "true"
    assert confirm.is_visible() and confirm.inner_text() == "Discard King of Wands"
    raised = page.evaluate(
        "() => getComputedStyle(document.querySelector('#hand .is-selected .tarot-card')).transform"
    )
    assert raised != "none", "the chosen card rises"

    ace.click()  # another card: the choice moves to it
    assert confirm.inner_text() == "Discard Ace of Wands"
    assert king.get_attribute("aria-pressed") == "false"
    page.keyboard.press("Escape")
    assert not confirm.is_visible()
    ace.click()
    page.click("#prompt [data-cancel-selection]")
    assert not confirm.is_visible()
    page.wait_for_timeout(300)
    assert page.locator("#hand [data-card]").count() == 11
    assert discards_in_log(table) == [], "no single tap discarded anything"

    # Choose, then the prompt's button.
    king.click()
    seen = version(page)
    confirm.click()
    wait_for_new_version(page, seen)
    page.wait_for_function("() => !document.querySelector(\"#hand [data-card='WK']\")")
    assert discards_in_log(table) == ["WK"]
    assert page.locator("#hand [data-card]").count() == 10


def test_the_confirm_button_names_the_card_in_japanese(new_page):
    page, table = seated_guest(
        new_page,
        "dragonformula",
        4,
        "random",
        {"pick_seconds": 60},
        df_stacking("P10"),
        locale="ja-JP",
    )
    page.click("#prompt button[data-action='draw']")
    page.wait_for_selector("#hand [data-card='P10']")
    page.locator("#hand button:has([data-card='W3'])").click()
    assert page.locator("#prompt [data-confirm-discard]").inner_text() == "棒の3を捨てる"
    page.locator("#hand button:has([data-card='W3'])").click()  # the second tap discards
    page.wait_for_function("() => !document.querySelector(\"#hand [data-card='W3']\")")
    assert discards_in_log(table) == ["W3"]
