"""A player who lets their clock run out two turns in a row, page still open, is told a bot
now plays for them (the platform's stand-in), sees it play, and is back in their seat, hand
and all, with one click on "I'm back"."""

from games.presence.models import StandIn
from games.tables.actions import opening, starting
from games.tables.models import Player, Seat
from tests.browser.tables import off_the_browser_loop
from tests.browser.test_leaver import browser_as, open_table


def _table_against_a_bot():
    ann = Player.objects.create(display_name="Ann")
    table = opening.create_table(
        game_name="dragonformula",
        players=2,
        options={"turn_seconds": 5, "time_bank": 0, "pick_seconds": 2},
        bot_level="smart",
        seat_bots=True,
        created_by=ann,
    )
    starting.start(table, ann, seed=5)
    return table, ann


def test_out_of_time_twice_a_bot_plays_and_i_m_back_gives_the_seat_back(
    new_page, live_server_url, artifacts_dir
):
    table, ann = off_the_browser_loop(_table_against_a_bot)
    page = browser_as(new_page, live_server_url, ann)
    open_table(page, table)
    notice = page.locator("#prompt .away-notice")
    notice.wait_for(timeout=60_000)  # two of Ann's turns run out, and a pick window or two
    assert "You were out of time twice: a bot plays for you." in notice.inner_text()
    assert StandIn.objects.get(player=ann).reason == StandIn.Reason.OUT_OF_TIME
    page.locator('#table-trust .stand-in[data-seat="0"]').wait_for()
    page.screenshot(path=artifacts_dir / "out-of-time-bot-plays.png")

    page.locator('#prompt button[data-action="back"]').click()
    page.locator("#hand .tarot-card").first.wait_for()
    assert page.locator("#prompt .away-notice").count() == 0
    assert Seat.objects.get(table=table, number=0).player == ann
    assert StandIn.objects.get(player=ann).ended is not None
    page.screenshot(path=artifacts_dir / "out-of-time-back.png")
