"""A Dragon Formula player's own move comes back twice: in the answer to her click, and in
her socket's push just after. The push's regions, the same as the answer's, are not drawn
again: the hand she is already using stays the very same element, with the card she raised
meanwhile still raised, and her next tap plays it. A push that changes the hand is drawn."""

from tests.browser.tables import HOLD_PUSHES, version
from tests.browser.test_a11y_tables import guest_at_table

HAND = "document.getElementById('hand')"
CARDS = "() => document.querySelectorAll('#hand [data-card]').length"


def test_the_push_of_a_players_own_move_does_not_redraw_her_hand(new_page):
    page, _table = guest_at_table(new_page, "dragonformula")
    page.add_init_script(HOLD_PUSHES)
    page.reload()
    page.wait_for_function("() => window.framesHeard > 0")
    page.evaluate("window.heldPushes = []")

    page.click("#prompt button[data-action='draw']")
    page.wait_for_function(f"() => ({CARDS})() === 11")  # the answer to her click is shown
    drawn = version(page)
    page.wait_for_function("v => window.heldVersion() >= Number(v)", arg=drawn)  # the push, held
    echo = page.evaluate(
        "v => window.heldPushes.filter(p => p.version === Number(v)).map(p => p.data).join('')",
        drawn,
    )
    assert 'id="hand"' in echo, "the push of her own draw brings her hand again"
    page.evaluate(f"{HAND}.dataset.mark = 'as answered'")
    second = page.locator("#hand button[data-confirm]").nth(1)
    second.click()  # raised: the first of the two taps a discard takes
    assert second.get_attribute("aria-pressed") == "true"

    page.evaluate("window.releasePushes()")  # the held push lands before this returns
    assert page.evaluate(f"{HAND}.dataset.mark") == "as answered", "the hand was drawn again"
    assert page.evaluate(CARDS) == 11 and version(page) == drawn
    assert second.get_attribute("aria-pressed") == "true"

    second.click()  # the second tap discards it: the answer's hand differs and is drawn
    page.wait_for_function(f"() => ({CARDS})() === 10")
    assert page.evaluate(f"{HAND}.dataset.mark") is None
