"""A Dragon Formula player taps a card while her table page is still connecting: when the
socket's first frame lands it does not redraw what the page already shows, so the card she
chose keeps her focus and stays chosen, and her second tap discards it."""

import json

from games.tables.actions import opening, playing, starting
from games.tables.models import Player
from tests.browser.tables import HOLD_PUSHES, off_the_browser_loop, version, wait_for_new_version
from tests.browser.test_leaver import browser_as

# The socket's frames are held from the start (HOLD_PUSHES), and the regions the page
# was loaded with are marked, so a region swapped in by a frame is told from them.
HOLD_FROM_THE_START = "window.heldPushes = [];"
REGIONS = ["hand", "prompt", "pile", "seats"]
MARK_LOADED = f"""document.addEventListener("DOMContentLoaded", () => {{
  for (const id of {json.dumps(REGIONS)}) {{
    const region = document.getElementById(id);
    if (region) region.dataset.fromLoad = "1";
  }}
}});"""
FROM_LOAD = """ids => ids.filter((id) => document.getElementById(id).dataset.fromLoad === "1")"""


def ann_to_discard() -> tuple[str, Player]:
    """A table of Ann and a bot whose first turn is Ann's, her card drawn: she discards next."""
    ann = Player.objects.create(display_name="Ann")
    for seed in range(1, 50):
        table = opening.create_table(
            game_name="dragonformula", players=2, bot_level="random", created_by=ann
        )
        game = starting.start(table, ann, seed=seed)
        if game.state["turn"] == 0:
            playing.apply_action(game, ann, {"type": "draw"}, game.version)
            return table.code, ann
    raise AssertionError("no seed in 1-49 gives Ann the first turn")


def test_a_card_chosen_before_the_socket_opens_keeps_focus_and_is_discarded(
    new_page, live_server_url
):
    code, ann = off_the_browser_loop(ann_to_discard)
    page = browser_as(new_page, live_server_url, ann)
    page.add_init_script(HOLD_PUSHES)
    page.add_init_script(HOLD_FROM_THE_START)
    page.add_init_script(MARK_LOADED)
    page.goto(f"/dragonformula/{code}/")
    card = page.locator("#hand button[data-confirm]").first
    card.wait_for()
    page.wait_for_function("() => window.pushesSeen > 0")  # the first frame is in, held
    card.focus()
    card.click()  # the first tap: the card rises, the prompt offers to discard it
    assert card.get_attribute("aria-pressed") == "true"

    seen = version(page)
    page.evaluate("window.releasePushes()")  # the first frame lands
    assert page.evaluate(FROM_LOAD, REGIONS) == REGIONS
    assert page.evaluate("document.activeElement.closest('#hand') !== null")
    assert card.get_attribute("aria-pressed") == "true"
    assert version(page) == seen

    chosen = card.locator("[data-card]").get_attribute("data-card")
    card.click()  # the second tap discards it
    wait_for_new_version(page, seen)
    assert page.locator(f"#hand [data-card='{chosen}']").count() == 0
