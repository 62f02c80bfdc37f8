"""Four browsers join one Dragon Formula table through the lobby and play to a pick window and a win.

The deck is stacked (Table.stacking, as a puzzle would be): Fire (seat 0) starts;
Water (seat 1) holds ten cards of a Sephirot hand of Tiphareth and needs M4, which
Fire holds. Fire draws and discards M4; in the pick window Air and Earth pass and
Water takes it with Pick-and-Dan.
"""

from games.tables.models import Game, Table
from tests.browser.tables import (
    as_guest,
    discard,
    mark_page,
    never_reloaded,
    version,
    wait_for_new_version,
)

NAMES = ["Ann", "Ben", "Cho", "Dai"]
DEAL = {
    "hands": [
        ["M4", "S1", "S3", "S5", "S7", "S9", "P2", "P4", "P6", "P8"],
        ["W6", "C6", "S6", "W1", "W2", "W3", "C7", "C8", "C9", "M2"],
        ["S2", "S4", "S8", "S10", "P1", "P3", "P5", "P7", "P9", "M10"],
        ["W4", "W5", "W7", "W8", "W9", "W10", "C4", "C5", "C10", "M11"],
    ],
    "pile": ["WK"],
}
PHONE = {"width": 390, "height": 844}


def test_four_browsers_play_to_a_pick_window_and_a_win(new_page, artifacts_dir):
    pages = [new_page(viewport=PHONE if n == 3 else None) for n in range(4)]
    for page, name in zip(pages, NAMES, strict=True):
        as_guest(page, name)

    # Ann opens a table from the lobby; the others join it by its code and sit down.
    ann = pages[0]
    ann.click("#tables-dragonformula summary")
    ann.select_option("#id_dragonformula-players", "4")
    ann.fill("#id_dragonformula-option_pick_seconds", "60")
    ann.uncheck("#id_dragonformula-option_auto_pass")  # each seat answers the window itself
    ann.click("#tables-dragonformula button:has-text('Open the table')")
    code = ann.locator(".join-code strong").inner_text().strip()
    mark_page(ann)
    for page in pages[1:]:
        page.goto("/")
        page.fill("input[name=code]", code.lower())
        page.click(".join button:has-text('Join')")
        page.click("button:has-text('Sit here')")
        page.wait_for_selector("#prompt button:has-text('Stand up')")
        mark_page(page)
    ann.wait_for_selector(".waiting-seat:has-text('Dai')")  # pushed to Ann's page as they sat
    Table.objects.filter(code=code).update(stacking={"deals": [DEAL], "fire_seats": [0]})

    ann.click("#prompt button:has-text('Start')")
    for page in pages:
        page.wait_for_selector("#hand .tarot-card")
    assert ann.locator("#hand .tarot-card").count() == 10
    assert pages[1].locator("#hand [data-card='W6']").count() == 1
    assert pages[1].locator("[data-card='M4']").count() == 0  # Fire's card, hidden from Water

    # Fire draws and discards M4: a pick window opens on every page, with its countdown.
    ann.click("#prompt button[data-action='draw']")
    ann.wait_for_selector("#hand [data-card='WK']")
    discard(ann, "M4")  # two taps: choose, then confirm
    for page in pages[1:]:
        page.wait_for_selector("#prompt .pick-window")
        assert page.locator("#clock .countdown").is_visible()
        assert page.locator(".discard.live [data-card='M4']").count() == 1
    assert pages[1].locator("button[data-action='pick_and_dan']").is_visible()
    assert pages[2].locator("button[data-action='pick_and_dan']").count() == 0
    ann.wait_for_selector("#prompt .pick-window")

    for page in pages[2:]:
        seen = version(page)
        page.click("button[data-action='pass']")
        wait_for_new_version(page, seen)
    pages[1].click("button[data-action='pick_and_dan']")

    # Everyone sees Ben's win, its reading and the score, without reloading.
    for page in pages:
        page.wait_for_selector(".overlay.result")
        overlay = page.locator(".overlay.result").inner_text()
        assert "Ben wins" in overlay
        assert "Tiphareth" in overlay
        assert never_reloaded(page)
    game = Game.objects.get(table__code=code)
    win = game.state["last_game"]
    assert (win["result"], win["winner"], win["via"]) == ("win", 1, "pick_and_dan")
    assert game.state["set_points"][1] == win["points"] > 0
    pages[1].screenshot(path=artifacts_dir / "dragonformula_table.png", full_page=True)
    phone = pages[3]
    phone.click(".overlay .close")
    assert not phone.locator(".overlay.result").is_visible()
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    phone.screenshot(path=artifacts_dir / "dragonformula_table_phone.png", full_page=True)
