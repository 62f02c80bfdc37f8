"""A phone in the pocket: "Vibrate on my turn" is off until the player turns it on (kept in
their session by the server, so a reload keeps it); once on, the table's page vibrates
when a turn becomes theirs (navigator.vibrate, stubbed here to count its calls)."""

from games.registry import engine_for
from tests.browser.tables import (
    PASS_DRAW_DISCARD,
    off_the_browser_loop,
    take_dragon_formula_step,
)
from tests.browser.test_leaver import browser_as, open_table
from tests.web.tables import seated_table

ENGINE = engine_for("dragonformula")

STUB_VIBRATE = (
    "window.buzzed = [];"
    " navigator.vibrate = (pattern) => { window.buzzed.push(pattern); return true; };"
)
ASKED = "#prompt button[data-action='pass']"


def a_table_and_who_waits():
    table, game, players = seated_table("dragonformula", ["Ann", "Ben"], seed=3)
    mover = game.state["turn"]
    return table, game, players[mover], players[1 - mover]


def play_until_the_table_asks(other, game, seat, steps=6):
    """Play the seat of the page ``other``, a step at a time, until the table waits for
    ``seat``: each step once ``other`` shows the table as it stands (a click made before a
    push reached it is on a table gone by, and the turn may then never come round)."""
    for _step in range(steps):
        game.refresh_from_db()
        if seat in ENGINE.waiting_for(game.state):
            return
        other.wait_for_function(
            "v => Number(document.querySelector('#table-version').value) >= v", arg=game.version
        )
        take_dragon_formula_step(other, PASS_DRAW_DISCARD)
    raise AssertionError(f"seat {seat} was not asked within {steps} steps of the other seat")


def test_vibration_is_off_by_default_and_on_buzzes_when_the_turn_comes(new_page, live_server_url):
    table, game, mover, waiter = off_the_browser_loop(a_table_and_who_waits)
    waiter_seat = 1 - game.state["turn"]
    other = browser_as(new_page, live_server_url, mover)
    page = browser_as(new_page, live_server_url, waiter)
    page.context.add_init_script(STUB_VIBRATE)
    open_table(other, table)
    open_table(page, table)
    button = page.locator("[data-alert='vibrate']")
    assert button.is_visible() and button.get_attribute("aria-pressed") == "false"

    play_until_the_table_asks(other, game, waiter_seat)  # draws and discards: Pick or Pass?
    page.locator(ASKED).wait_for()
    page.wait_for_timeout(300)
    assert page.evaluate("window.buzzed") == []  # off by default: no vibration

    button.click()
    page.wait_for_selector("[data-alert='vibrate'][aria-pressed='true']")
    page.reload()
    page.locator(ASKED).wait_for()
    assert page.locator("[data-alert='vibrate']").get_attribute("aria-pressed") == "true"
    for _move in range(3):  # pass, draw, discard
        take_dragon_formula_step(page, PASS_DRAW_DISCARD)
    page.evaluate("window.buzzed = []")
    # The other passes, draws and discards: the waiter is asked again, and the phone buzzes.
    play_until_the_table_asks(other, game, waiter_seat)
    page.wait_for_function("() => window.buzzed.length > 0", timeout=10_000)
    assert page.evaluate("window.buzzed") == [200]
