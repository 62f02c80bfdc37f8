"""The keyboard in a Dragon Formula hand: Home and End go to its first and last card, and
after a discard focus lands on an action or the hand, never on the "pass automatically"
switch (Enter there would turn it on without the player meaning to)."""

from tests.browser.test_a11y_tables import guest_at_table, tab_to

FOCUSED_CARD = "() => document.activeElement.querySelector('[data-card]')?.dataset.card || null"
HAND = "() => [...document.querySelectorAll('#hand .cards [data-card]')].map(c => c.dataset.card)"


def test_home_end_and_focus_after_a_discard(new_page):
    page, _table = guest_at_table(new_page, "dragonformula")
    tab_to(page, "el => el.dataset.action === 'draw'")
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.querySelectorAll('#hand .card-button').length === 11")

    tab_to(page, "el => el.classList.contains('card-button')")
    hand = page.evaluate(HAND)
    page.keyboard.press("End")
    assert page.evaluate(FOCUSED_CARD) == hand[-1]
    page.keyboard.press("Home")
    assert page.evaluate(FOCUSED_CARD) == hand[0]
    page.keyboard.press("ArrowRight")
    assert page.evaluate(FOCUSED_CARD) == hand[1]

    page.keyboard.press("Space")
    page.keyboard.press("Space")  # discard the second card
    page.wait_for_function("() => document.querySelectorAll('#hand [data-card]').length === 10")
    page.wait_for_timeout(300)  # the socket's push after the answer
    focused = page.evaluate(
        "() => ({setting: document.activeElement.matches('[data-setting]'),"
        " where: document.activeElement.closest('#prompt, #hand')?.id || null})"
    )
    assert focused == {"setting": False, "where": focused["where"]} and focused["where"]
    page.keyboard.press("Enter")
    page.wait_for_timeout(500)
    switch = page.locator("#prompt button[data-action='auto_pass']")
    assert switch.get_attribute("aria-pressed") == "false", "Enter did not turn auto-pass on"
