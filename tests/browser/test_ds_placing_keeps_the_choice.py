"""Placing at DragSaga: a third card chosen puts the first back and the prompt says which;
a "Ready" the table refuses (one card only) keeps the card chosen, as does a push."""

from games.registry import engine_for
from games.tables.actions import playing
from tests.browser.tables import off_the_browser_loop, version, wait_for_new_version
from tests.browser.test_leaver import browser_as
from tests.web.tables import seated_table

ENGINE = engine_for("dragsaga")
# Words on a chosen card that its ✓ (the card's ::after box) or its cost badge would cover.
COVERED = """() => {
  const meets = (a, b) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
  const covered = [];
  for (const card of document.querySelectorAll('#hand .pickable input:checked + .ds-card')) {
    const box = card.getBoundingClientRect();
    const tick = getComputedStyle(card, '::after');
    const laidOver = tick.content !== 'none' && tick.position === 'absolute';
    const width = parseFloat(tick.width), height = parseFloat(tick.height);
    const left = box.left + parseFloat(tick.left) - width / 2;  // translateX(-50%)
    const bottom = box.bottom - parseFloat(tick.bottom);
    const mark = {left, right: left + width, top: bottom - height, bottom};
    const cost = card.querySelector('.ds-cost').getBoundingClientRect();
    for (const word of card.querySelectorAll('.ds-name, .ds-name-en, .ds-effect, .kind-word')) {
      if (!word.checkVisibility()) continue;
      const r = word.getBoundingClientRect();
      if (laidOver && meets(mark, r)) covered.push('✓ over ' + word.textContent.trim());
      if (meets(cost, r)) covered.push('cost over ' + word.textContent.trim());
    }
  }
  return covered;
}"""
CHOSEN = "() => [...document.querySelectorAll('#hand .pickable input:checked')].map(b => b.value)"
# The chosen cards at the first change of the page that shows a refusal.
AS_THE_REFUSAL_LANDS = f"""() => {{
  const seen = new MutationObserver(() => {{
    if (!document.querySelector('#prompt .refusal')) return;
    window.chosenAsRefused = ({CHOSEN})();
    seen.disconnect();
  }});
  seen.observe(document.body, {{subtree: true, childList: true, attributes: true}});
}}"""


def placing_table():
    table, game, players = seated_table("dragsaga", ["Ann", "Ben"], options={})
    while game.state["phase"] == "choose_dragon":
        seat = ENGINE.waiting_for(game.state)[0]
        action = ENGINE.legal_actions(game.state, seat)[0]
        game = playing.apply_action(game, players[seat], action, game.version)
    return table, players


def test_a_third_card_is_named_as_put_back_and_a_refused_ready_keeps_the_choice(
    new_page, live_server_url
):
    table, (ann, _ben) = off_the_browser_loop(placing_table)
    page = browser_as(new_page, live_server_url, ann)
    page.goto(f"/dragsaga/{table.code}/")
    cards = page.locator("#hand .pickable")
    cards.first.wait_for()
    ids = [cards.nth(i).locator("input").get_attribute("value") for i in range(3)]

    cards.nth(0).click()
    seen = version(page)
    # What the page shows as the refusal lands (read as the DOM changes, not a moment
    # later): the refusal redraws the hand, and the chosen card never shows unchosen.
    page.evaluate(AS_THE_REFUSAL_LANDS)
    page.click("#place-form button.primary")  # Ready with one card: refused
    page.wait_for_function("() => window.chosenAsRefused !== undefined")
    assert page.evaluate("window.chosenAsRefused") == [ids[0]]
    assert version(page) == seen
    assert page.evaluate(CHOSEN) == [ids[0]]  # still chosen after the refusal

    cards.nth(1).click()
    cards.nth(2).click()
    assert sorted(page.evaluate(CHOSEN)) == sorted(ids[1:])
    ticks = page.locator("#hand .pickable input:checked + .ds-card .ds-effect")
    assert [
        ticks.nth(i).evaluate("e => getComputedStyle(e, '::before').content") for i in (0, 1)
    ] == ['"✓ "'] * 2
    for size in ({"width": 1366, "height": 768}, {"width": 390, "height": 844}):
        page.set_viewport_size(size)
        assert page.evaluate(COVERED) == []
    first_name = cards.nth(0).locator(".ds-card").get_attribute("data-name")
    note = page.locator("[data-place-dropped]")
    assert note.is_visible()
    assert note.inner_text() == f"{first_name} is put back: two cards at most."

    page.click("#place-form button.primary")
    wait_for_new_version(page, seen)
    page.locator("#prompt .phase:has-text('Placed')").wait_for()
