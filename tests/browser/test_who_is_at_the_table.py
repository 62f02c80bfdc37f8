"""Who is at the table, in the browser: Ben closes his page and Ann sees his seat go away
within five seconds with the seconds counting, then "a bot is playing for Ben" and the log
line; Ben comes back to a catch-up above his prompt, and Ann reads that he is back."""

import time
from pathlib import Path

import pytest

from games.presence.models import AwayLimit, StandIn
from tests.browser.tables import off_the_browser_loop
from tests.browser.test_leaver import browser_as, open_table, play_until, seat_actions
from tests.web.tables import seated_table

SHOTS = Path("/tmp/issue-32")
AWAY_SECONDS = 8


@pytest.mark.parametrize("size", [{"width": 1366, "height": 768}, {"width": 390, "height": 844}])
def test_the_table_sees_ben_away_then_a_bot_for_him_then_ben_back(new_page, live_server_url, size):
    SHOTS.mkdir(exist_ok=True)
    table, game, (ann, ben) = off_the_browser_loop(
        seated_table, "dragonformula", ["Ann", "Ben"], seed=1, options={"pick_seconds": 3}
    )
    AwayLimit.objects.create(table=table, seconds=AWAY_SECONDS)
    ann_page = browser_as(new_page, live_server_url, ann)
    ann_page.set_viewport_size(size)
    ben_page = browser_as(new_page, live_server_url, ben)
    open_table(ann_page, table)
    open_table(ben_page, table)
    ben_seat = ann_page.locator('#seats article[data-seat="1"] .presence')
    ben_seat.and_(ann_page.locator(".online")).wait_for(timeout=5_000)

    ben_page.context.close()  # Ben closes his browser
    closed = time.monotonic()
    away = ann_page.locator('#seats article[data-seat="1"] .presence.away')
    away.wait_for(timeout=5_000)
    assert time.monotonic() - closed < 5
    ann_page.wait_for_function(
        "() => /^0:0[1-9]$/.test(document.querySelector("
        "'#seats article[data-seat=\"1\"] .away-for').textContent)"
    )
    assert "a bot plays in" in away.inner_text()
    tag = f"{size['width']}"
    ann_page.screenshot(path=SHOTS / f"presence-away-{tag}.png")

    # Ben's stand-in (on a busy machine Ann's own turn may also run out and be played for her).
    bens = StandIn.objects.filter(game=game, seat_number=1, ended=None)
    play_until([ann_page], bens.exists)
    bot = ann_page.locator('#seats article[data-seat="1"] .presence.bot')
    bot.wait_for()
    assert bot.inner_text() == "a bot is playing for Ben"
    stand_in = bens.latest("started")
    play_until([ann_page], lambda: seat_actions(game, 1, stand_in.started).count() >= 1)
    ann_page.locator("#log .event-stand-in").wait_for(state="attached")
    assert "Ben is away: Bot 2" in ann_page.locator("#log .event-stand-in").inner_text()
    ann_page.screenshot(path=SHOTS / f"presence-bot-{tag}.png")

    ben_page = browser_as(new_page, live_server_url, ben)
    ben_page.set_viewport_size(size)
    open_table(ben_page, table)
    catch_up = ben_page.locator("#catch-up .catch-up")
    catch_up.wait_for()
    assert catch_up.inner_text().startswith("While you were away, Bot 2")
    # Above the prompt, on screen (read in one go: a bot's move may redraw the region).
    ben_page.wait_for_function(
        "() => { const c = document.querySelector('#catch-up .catch-up'),"
        " p = document.querySelector('#prompt');"
        " return c && p && c.getBoundingClientRect().y < p.getBoundingClientRect().y; }",
        timeout=5_000,
    )
    ben_page.screenshot(path=SHOTS / f"presence-catch-up-{tag}.png")
    ann_page.locator("#log .event-back").wait_for(state="attached")
    assert ann_page.locator("#log .event-back").inner_text() == "Ben is back and plays again."
    ann_page.locator('#seats article[data-seat="1"] .presence.online').wait_for()
