"""A table a client opened from the lobby, started and left to its bots plays on only for
a while: with no human at it for ``TABLE_UNATTENDED_MINUTES`` its bots stop (the server
arms no move for it, nor at a restart), and a player opening it again starts them. Until
then it counts toward its client's waiting tables. The club's own tables play on."""

import time

import pytest

from games.live import timers
from games.presence import leavers
from games.tables import limits as table_limits
from games.tables.actions import opening as table_opening
from games.tables.actions import pace, starting
from games.tables.models import Table
from tests.web.tables import browser_of
from tests.web.test_leavers import lobby_post

pytestmark = pytest.mark.django_db

MINUTE = 60.0


def left_table(player, session="browser-of-ann"):
    """A 4-seat strong-bot Dragon Formula table, opened from the lobby, started, then left."""
    table = table_opening.create_table(
        game_name="dragonformula",
        players=4,
        bot_level="strong",
        created_by=player,
        created_session=session,
        seat_bots=True,
    )
    game = starting.start(table, player)
    leavers.leave(table, player)
    return table, game


def test_a_table_left_to_its_bots_stops_after_the_unattended_minutes(settings, players):
    settings.TABLE_UNATTENDED_MINUTES = 10
    table, game = left_table(players[0])
    game.refresh_from_db()
    started = game.created.timestamp()
    assert pace.next_wakeup(game, started + 60) is not None  # the bots play on a while
    assert pace.next_wakeup(game, started + 9 * MINUTE) is not None
    assert pace.next_wakeup(game, started + 11 * MINUTE) is None  # then stop


def test_a_stopped_table_is_not_resumed_at_a_restart_but_its_player_starts_it_again(
    settings, players, armed
):
    settings.TABLE_UNATTENDED_MINUTES = 10
    table, game = left_table(players[0])
    now = time.time() + 11 * MINUTE
    timers.resume_tables(now)
    assert not [call for call in armed if call[0] == game.pk]
    leavers.connected(table, players[0], "ann-comes-back")  # Ann opens the table again
    game.refresh_from_db()
    assert pace.next_wakeup(game, time.time()) is not None


def test_the_clubs_own_bot_tables_play_on(settings):
    settings.TABLE_UNATTENDED_MINUTES = 10
    table = table_opening.create_table(game_name="dragonformula", players=4, bot_level="smart")
    game = starting.start(table, None)
    assert pace.next_wakeup(game, game.created.timestamp() + 60 * MINUTE) is not None


def open_and_start(browser):
    """Open a 4-seat DragSaga table from the lobby and start it, without ever opening its page."""
    opened = browser.post("/new/dragsaga/", lobby_post("dragsaga", players=4))
    if opened.status_code != 302:
        return opened
    table = Table.objects.order_by("-created").first()
    assert browser.post(f"/dragsaga/{table.code}/start").status_code in (200, 302)
    assert table.games.exists()
    return opened


def test_tables_started_and_left_count_toward_the_waiting_tables(players):
    ann = players[0]
    browser = browser_of(ann, csrf=False)
    for _ in range(table_limits.MAX_OPEN_PER_PLAYER):
        assert open_and_start(browser).status_code == 302
    refused = open_and_start(browser)
    assert refused.status_code == 429
    assert "left playing by themselves" in refused.content.decode()
    assert Table.objects.count() == table_limits.MAX_OPEN_PER_PLAYER
    # Back at one of them (its table socket open): that one no longer counts.
    leavers.connected(Table.objects.first(), ann, "ann-is-back")
    assert open_and_start(browser).status_code == 302


def test_started_tables_that_stopped_count_no_more(settings, players):
    settings.TABLE_UNATTENDED_MINUTES = 0  # left tables stop at once
    browser = browser_of(players[0], csrf=False)
    for _ in range(table_limits.MAX_OPEN_PER_PLAYER + 2):
        assert open_and_start(browser).status_code == 302
