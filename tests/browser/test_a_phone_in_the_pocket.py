"""A phone in the pocket: "Vibrate on my turn" is off until the player turns it on (kept in
their session by the server, so a reload keeps it); once on, the table's page vibrates
when a turn becomes theirs (navigator.vibrate, stubbed here to count its calls)."""

from tests.browser.tables import off_the_browser_loop
from tests.browser.test_leaver import browser_as, open_table, take_a_step
from tests.web.tables import seated_table

STUB_VIBRATE = (
    "window.buzzed = [];"
    " navigator.vibrate = (pattern) => { window.buzzed.push(pattern); return true; };"
)
ASKED = "#prompt button[data-action='pass']"


def a_table_and_who_waits():
    table, game, players = seated_table("dragonformula", ["Ann", "Ben"], seed=3)
    mover = game.state["turn"]
    return table, players[mover], players[1 - mover]


def test_vibration_is_off_by_default_and_on_buzzes_when_the_turn_comes(new_page, live_server_url):
    table, mover, waiter = off_the_browser_loop(a_table_and_who_waits)
    other = browser_as(new_page, live_server_url, mover)
    page = browser_as(new_page, live_server_url, waiter)
    page.context.add_init_script(STUB_VIBRATE)
    open_table(other, table)
    open_table(page, table)
    button = page.locator("[data-alert='vibrate']")
    assert button.is_visible() and button.get_attribute("aria-pressed") == "false"

    take_a_step(other)  # draw
    take_a_step(other)  # discard: the waiter is asked Pick or Pass
    page.locator(ASKED).wait_for()
    page.wait_for_timeout(300)
    assert page.evaluate("window.buzzed") == []  # off by default: no vibration

    button.click()
    page.wait_for_selector("[data-alert='vibrate'][aria-pressed='true']")
    page.reload()
    page.locator(ASKED).wait_for()
    assert page.locator("[data-alert='vibrate']").get_attribute("aria-pressed") == "true"
    for _move in range(3):  # pass, draw, discard
        take_a_step(page)
    page.evaluate("window.buzzed = []")
    for _move in range(3):  # the other passes, draws and discards: the waiter is asked again
        take_a_step(other)
    page.wait_for_function("() => window.buzzed.length > 0", timeout=10_000)
    assert page.evaluate("window.buzzed") == [200]
