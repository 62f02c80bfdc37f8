"""A click on a prompt the table has left behind (the page had not yet shown the last move)
is refused, and the page shows why and the table as it now stands, in place: the refusal in
the prompt, the current version and hand, and the next click works. At both sizes
(tests/browser/artifacts/stale-click-*.png)."""

from __future__ import annotations

from urllib.parse import parse_qsl, urlencode

import pytest

from games.tables.models import Game
from tests.browser.tables import version, wait_for_new_version
from tests.browser.test_a11y import LAPTOP, PHONE
from tests.browser.test_table_fits_one_screen import confirm_discard, df_stacking, seated_guest

STALE = "The table has moved on since you looked; here is the current state."
# Every frame the table's socket brings, kept for the test to wait on (htmx's ws extension
# announces each one).
PUSHES_HEARD = """() => {
    window.pushesHeard = [];
    document.body.addEventListener('htmx:wsAfterMessage', (e) => window.pushesHeard.push(e.detail.message));
}"""


def _as_seen_before_the_draw(route) -> None:
    """The action posted as a page that had not seen the draw would post it."""
    fields = dict(parse_qsl(route.request.post_data))
    fields.update(version="0", prompt="not-this-prompt")
    route.continue_(post_data=urlencode(fields))


@pytest.mark.parametrize(("size", "viewport"), [("laptop", LAPTOP), ("phone", PHONE)])
def test_a_stale_click_is_refused_in_place_and_play_goes_on(
    new_page, artifacts_dir, size, viewport
):
    page, table = seated_guest(
        new_page, "dragonformula", 4, "random", {"pick_seconds": 60}, df_stacking("WK")
    )
    page.set_viewport_size(viewport)
    page.evaluate(PUSHES_HEARD)
    seen = version(page)
    page.click("#prompt button[data-action='draw']")
    wait_for_new_version(page, seen)
    page.wait_for_selector("#hand [data-card='WK']")
    drawn = version(page)
    # The draw's push to this page's socket has landed too (it carries what-was-seen
    # again): a push landing after the change below would undo it before the click.
    page.wait_for_function(
        "v => window.pushesHeard.some(m => m.includes('name=\"version\" value=\"' + v + '\"'))",
        arg=drawn,
    )
    # As if the draw's answer had not reached the page yet: the click posts the version
    # before, and a prompt that is no longer the one the table shows. (Changed on its way,
    # not in the page: a later push, the seat's presence say, would put the page's right.)
    page.route("**/act", _as_seen_before_the_draw)
    confirm_discard(page, "WK")
    page.wait_for_selector(f"#prompt .refusal:has-text('{STALE}')")
    page.unroute("**/act")
    page.screenshot(path=str(artifacts_dir / f"stale-click-{size}.png"))
    assert version(page) == drawn  # the table as it stands: the draw, no discard
    assert page.locator("#hand [data-card]").count() == 11
    game = Game.objects.filter(table=table).latest("pk")
    assert game.version == int(drawn) and len(game.state["hands"][0]) == 11
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0, "nothing sticks out sideways"

    confirm_discard(page, "WK")  # the same two taps again, now on the table as it is
    page.wait_for_function("() => !document.querySelector(\"#hand [data-card='WK']\")")
    assert page.locator("#prompt .refusal").count() == 0
    # The browser notes the refusal's 409 itself; nothing else went wrong on the page.
    assert [e for e in page.console_errors if "status of 409" not in e] == []
