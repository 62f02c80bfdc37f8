"""Placing at DragSaga: a push that lands as a card is tapped (the other player placed) redraws
the hand with the cards chosen so far, and the card just tapped is one of them."""

from games.tables.models import Game
from tests.browser.tables import (
    HOLD_PUSHES,
    off_the_browser_loop,
    take_dragsaga_step,
    version,
    wait_for_new_version,
)
from tests.browser.test_ds_placing_keeps_the_choice import CHOSEN, placing_table
from tests.browser.test_leaver import browser_as

TAP_AS_THE_PUSH_LANDS = """id => {
  document.querySelector(`#hand .pickable input[value="${id}"]`).closest("label").click();
  window.releasePushes();
}"""


def test_a_card_tapped_as_a_push_lands_stays_chosen(new_page, live_server_url):
    table, (ann, ben) = off_the_browser_loop(placing_table)
    page = browser_as(new_page, live_server_url, ann)
    page.add_init_script(HOLD_PUSHES)
    ben_page = browser_as(new_page, live_server_url, ben)
    ben_page.goto(f"/dragsaga/{table.code}/")
    ben_page.locator("#hand .pickable").first.wait_for()
    page.goto(f"/dragsaga/{table.code}/")
    cards = page.locator("#hand .pickable")
    cards.first.wait_for()
    page.wait_for_function("() => window.pushesSeen > 0")  # the socket's first push is in
    ids = [cards.nth(i).locator("input").get_attribute("value") for i in range(2)]
    cards.nth(0).click()
    assert page.evaluate(CHOSEN) == [ids[0]]

    page.evaluate("window.heldPushes = []")
    seen = version(page)
    assert take_dragsaga_step(ben_page)  # Ben places his two cards: a push to Ann's page
    page.wait_for_function("seen => window.heldVersion() > Number(seen)", arg=seen)  # held
    page.evaluate(TAP_AS_THE_PUSH_LANDS, ids[1])
    assert version(page) != seen  # the push landed
    assert sorted(page.evaluate(CHOSEN)) == sorted(ids)
    names = [cards.nth(i).locator(".ds-card").get_attribute("data-name") for i in range(2)]
    assert page.locator("[data-place-chosen]").inner_text() == " + ".join(names)

    seen = version(page)
    page.click("#place-form button.primary")  # Ready: the two cards chosen are placed
    wait_for_new_version(page, seen)
    placed = Game.objects.get(table=table).log.filter(seat=0).latest("version").action
    assert placed["type"] == "place" and sorted(map(str, placed["cards"])) == sorted(ids)
