"""A player closes their page mid-game, a bot plays their turns, they come back and play on."""

import time

from django.conf import settings

from games.presence.models import AwayLimit, StandIn
from games.tables.models import ActionLog, Game, Seat
from tests.browser.tables import (
    off_the_browser_loop,
    play_dragon_formula_until,
)
from tests.support.sessions import session_key_for
from tests.web.tables import seated_table

AWAY_SECONDS = 2


def browser_as(new_page, live_server_url, player, viewport=None):
    """A fresh browser whose session is ``player``'s (a guest who named themselves)."""
    page = new_page(viewport=viewport)
    key = session_key_for(player)
    page.context.add_cookies(
        [{"name": settings.SESSION_COOKIE_NAME, "value": key, "url": live_server_url}]
    )
    return page


def open_table(page, table):
    page.goto(f"/dragonformula/{table.code}/")
    page.locator("#hand .tarot-card").first.wait_for()
    page.locator(".connection.online, body:not(.offline)").first.wait_for(state="attached")


def play_until(pages, condition, seconds=45):
    if not play_dragon_formula_until(pages, condition, seconds):
        raise AssertionError("the table did not get there in time")


def seat_actions(game, seat, since=None):
    log = ActionLog.objects.filter(game=game, seat=seat)
    return log.filter(created__gt=since) if since is not None else log


def test_a_player_leaves_mid_game_a_bot_plays_for_them_and_they_play_on(
    new_page, live_server_url, artifacts_dir
):
    table, game, (ann, ben) = off_the_browser_loop(
        seated_table, "dragonformula", ["Ann", "Ben"], seed=1, options={"pick_seconds": 3}
    )
    AwayLimit.objects.create(table=table, seconds=AWAY_SECONDS)
    ann_page = browser_as(new_page, live_server_url, ann)
    ben_page = browser_as(new_page, live_server_url, ben)
    open_table(ann_page, table)
    open_table(ben_page, table)
    # Ben has played, at his seat: on a busy machine his page may open after the away limit,
    # and a bot stand in for him until it does (not arrived yet).
    play_until(
        [ann_page, ben_page],
        lambda: (
            seat_actions(game, 1).exists()
            and not StandIn.objects.filter(game=game, ended=None).exists()
        ),
    )

    # The earliest the server can see him gone: before the close (which, on a busy machine,
    # may return well after his socket has closed).
    left = time.time()
    ben_page.context.close()  # Ben closes his browser mid-game

    # Ann plays on; after the limit a bot takes Ben's seat because he is gone, and plays his
    # turns. Not a bot that plays a turn his clock ran out on (out of time): on a busy
    # machine one may be in his seat for a moment as he closes the page.
    in_his_seat = StandIn.objects.filter(
        game=game, seat_number=1, ended=None, reason=StandIn.Reason.DISCONNECTED
    )
    play_until([ann_page], in_his_seat.exists)
    stand_in = in_his_seat.get()
    assert stand_in.player == ben and stand_in.started.timestamp() >= left + AWAY_SECONDS - 0.01
    play_until([ann_page], lambda: seat_actions(game, 1, stand_in.started).count() >= 2)
    ann_page.locator('#table-trust .stand-in[data-seat="1"]').wait_for()
    ann_page.screenshot(path=artifacts_dir / "leaver-bot-plays.png")

    # Ben comes back: his seat, his hand, and the bot is gone.
    ben_page = browser_as(new_page, live_server_url, ben)
    open_table(ben_page, table)
    stand_in.refresh_from_db()
    assert stand_in.ended is not None and not stand_in.finished_game
    assert Seat.objects.get(table=table, number=1).player == ben
    hand = Game.objects.get(pk=game.pk).state["hands"][1]
    shown = ben_page.locator("#hand .tarot-card").evaluate_all(
        "cards => cards.map(c => c.dataset.card)"
    )
    assert sorted(shown) == sorted(hand)
    assert ben_page.locator("#table-trust .stand-in").count() == 0

    # He plays on himself: a move of his seat after his return, made from his page.
    back = stand_in.ended
    play_until(
        [ann_page, ben_page],
        lambda: seat_actions(game, 1, back).exclude(action__type="pass").exists(),
    )
    assert not StandIn.objects.filter(game=game, ended=None).exists()
    ben_page.screenshot(path=artifacts_dir / "leaver-back.png")
