"""Three members at a turn-based DragSaga table (a laptop and two phones): every seat
chooses its dragon and places at the same time, each within its own day; who lets the day
pass has the server choose for them, and every open page hears it without a reload."""

from __future__ import annotations

import re
import time
from datetime import timedelta

from django.contrib.auth import get_user_model
from django.db.models import F

from games.tables.actions import guests, opening, seating, starting
from games.tables.models import ActionLog, Game
from games.turns.models import DAY, Deadline
from tests.browser.tables import (
    mark_page,
    never_reloaded,
    off_the_browser_loop,
    take_dragsaga_step,
    version,
    wait_for_new_version,
)
from tests.browser.test_a_whole_club_night import log_in, no_sideways_scroll

PASSWORD = "pw-saga-12345"
PHONE = {"width": 390, "height": 844}


def _table():
    users = get_user_model().objects
    ann, ben, cy = (
        guests.player_for_user(users.create_user(n, password=PASSWORD))
        for n in ("ann", "ben", "cy")
    )
    table = opening.create_table(game_name="dragsaga", players=3, created_by=ann, move_deadline=DAY)
    seating.sit(table, ben)
    seating.sit(table, cy)
    starting.start(table, ann, seed=9)
    return table.code


def _a_day_passes():
    Deadline.objects.update(due=F("due") - timedelta(days=1))


def _phase(code):
    return Game.objects.get(table__code=code).state["phase"]


def _version(code):
    return Game.objects.get(table__code=code).version


def _time_outs(code):
    game = Game.objects.get(table__code=code)
    logged = ActionLog.objects.filter(game=game, action__type="time_out")
    return sorted(entry.action["seat"] for entry in logged)


def test_three_members_choose_and_place_each_within_their_own_day(new_page, artifacts_dir):
    code = off_the_browser_loop(_table)
    pages = {"ann": new_page(), "ben": new_page(viewport=PHONE), "cy": new_page(viewport=PHONE)}
    for name, page in pages.items():
        log_in(page, name, PASSWORD, f"/dragsaga/{code}/")
        page.locator("#prompt").wait_for()
        mark_page(page)
    clock = pages["ann"].locator("#clock").inner_text()
    assert "Turn-based: 1 day a move" in clock
    assert all(re.search(rf"{n}: (23 h 5\d min|1 d 0 h) left", clock) for n in pages), clock

    # Ann and Ben choose their dragons now; Cy does not.
    for name in ("ann", "ben"):
        assert take_dragsaga_step(pages[name])
    assert off_the_browser_loop(_phase, code) == "choose_dragon"
    clock = pages["cy"].locator("#clock").inner_text()
    assert "cy:" in clock and "ann:" not in clock  # only Cy is waited for
    pages["cy"].screenshot(path=artifacts_dir / "turn-based-saga-waiting-phone.png")

    # A day passes: the server keeps Cy's first dragon; the placing starts on every page.
    seen = version(pages["ann"])
    off_the_browser_loop(_a_day_passes)
    wait_for_new_version(pages["ann"], seen, timeout=30_000)
    pages["ann"].locator("#place-form").wait_for(timeout=30_000)
    assert off_the_browser_loop(_time_outs, code) == [2]

    # Ann and Cy place; Ben lets his day pass, and the server places for him.
    for name in ("ann", "cy"):
        pages[name].locator("#place-form").wait_for()
        assert take_dragsaga_step(pages[name])
    assert off_the_browser_loop(_phase, code) == "place"
    pages["ben"].screenshot(path=artifacts_dir / "turn-based-saga-placing-phone.png")
    off_the_browser_loop(_a_day_passes)
    # The server's loop looks at the deadlines once a second: wait for it to place for Ben,
    # then for Cy's page to hear it (her own placing's push may land first).
    deadline = time.monotonic() + 30
    while off_the_browser_loop(_phase, code) != "turns" and time.monotonic() < deadline:
        time.sleep(0.2)
    assert off_the_browser_loop(_time_outs, code) == [1, 2]
    assert off_the_browser_loop(_phase, code) == "turns"
    now = str(off_the_browser_loop(_version, code))
    pages["cy"].wait_for_function(
        "now => document.querySelector('#table-version').value === now", arg=now, timeout=30_000
    )
    for name, page in pages.items():
        assert never_reloaded(page), name
        no_sideways_scroll(page) if name != "ann" else None
    pages["ann"].screenshot(path=artifacts_dir / "turn-based-saga-turns-laptop.png")
    pages["cy"].screenshot(path=artifacts_dir / "turn-based-saga-turns-phone.png")
    # Cy's phone in Japanese: the lobby offers the turn-based paces.
    cy = pages["cy"]
    cy.goto("/")
    cy.get_by_role("button", name="日本語").click()
    cy.wait_for_load_state()
    cy.click("#tables-dragsaga summary")
    pace = cy.locator("#id_dragsaga-move_deadline")
    assert "ターン制：1手1日" in pace.inner_text()
    pace.scroll_into_view_if_needed()
    no_sideways_scroll(cy)
    cy.screenshot(path=artifacts_dir / "turn-based-saga-lobby-phone-ja.png")
