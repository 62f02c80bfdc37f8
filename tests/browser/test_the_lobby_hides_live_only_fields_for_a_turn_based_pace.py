"""The lobby's new-table form (issue 53), in Chromium on a laptop and a phone: while a
turn-based pace is chosen, the fields only a live table has (the away limit, the game's
own clocks) are hidden, by the page's own script under the Content-Security-Policy; back
to "Live", they are there again. The table opened turn-based plays without its clocks."""

from __future__ import annotations

import re

from django.contrib.auth import get_user_model

from games.tables.models import Table
from tests.browser.tables import off_the_browser_loop
from tests.browser.test_a_whole_club_night import log_in, no_sideways_scroll

PASSWORD = "pw-lobby-97531"
LIVE_ONLY = {
    "dragonformula": ("away_seconds", "option_turn_seconds", "option_time_bank"),
    "dragsaga": ("away_seconds", "option_turn_seconds", "option_place_seconds"),
}
STAYS = ("players", "bot_level")


def _member() -> None:
    get_user_model().objects.create_user("fumi", password=PASSWORD)


def _options(code: str) -> dict:
    return Table.objects.get(code=code).options


def test_live_only_fields_hide_while_a_turn_based_pace_is_chosen(new_page, artifacts_dir):
    off_the_browser_loop(_member)
    for viewport, name in (
        ({"width": 1366, "height": 768}, "laptop"),
        ({"width": 390, "height": 844}, "phone"),
    ):
        page = new_page(viewport=viewport)
        log_in(page, "fumi", PASSWORD, "/")
        for game, live_only in LIVE_ONLY.items():
            page.click(f"#tables-{game} summary")
            for field in (*live_only, *STAYS):
                assert page.locator(f"#id_{game}-{field}").is_visible(), (game, field)
            page.select_option(f"#id_{game}-move_deadline", "86400")
            for field in live_only:
                assert not page.locator(f"#id_{game}-{field}").is_visible(), (game, field)
            for field in STAYS:
                assert page.locator(f"#id_{game}-{field}").is_visible(), (game, field)
            no_sideways_scroll(page)
            page.screenshot(
                path=artifacts_dir / f"lobby-turn-based-{game}-{name}.png", full_page=True
            )
            page.select_option(f"#id_{game}-move_deadline", "")
            for field in live_only:
                assert page.locator(f"#id_{game}-{field}").is_visible(), (game, field)
            page.click(f"#tables-{game} summary")
    # A turn-based table opened with the clocks hidden plays without them.
    page.click("#tables-dragsaga summary")
    page.select_option("#id_dragsaga-move_deadline", "43200")
    page.click("#tables-dragsaga button:has-text('Open the table')")
    page.wait_for_url(re.compile(r"/dragsaga/[A-Z0-9]+/$"))
    options = off_the_browser_loop(_options, page.url.rstrip("/").rsplit("/", 1)[1])
    assert options["turn_seconds"] == 0 and options["place_seconds"] == 0
