"""Who is at the table: each seat shows its player online, away (since when, and when a bot
takes it) or a bot playing for them, pushed to everyone when a socket closes; the log says
when a bot takes a seat and when its player is back, and credits the bot's moves to the bot;
a returning player reads what the bot did for them above their prompt until they act."""

import re
import time

import pytest
from channels.db import database_sync_to_async

from games.presence import leavers
from games.presence.models import StandIn
from games.tables.actions import playing as table_playing
from games.tables.models import Seat
from tests.web.sockets import open_socket, started_table

pytestmark = pytest.mark.django_db(transaction=True)


async def frame_with(socket, text, frames=6, timeout=3):
    """The first frame (of the next few) that contains ``text``."""
    for _ in range(frames):
        frame = await socket.receive_from(timeout=timeout)
        if text in frame:
            return frame
    raise AssertionError(f"no frame with {text!r}")


def seat_panel(frame, number):
    """The seat panel of seat ``number`` (from 0) in a frame."""
    found = re.search(rf'<article[^>]*data-seat="{number}".*?</article>', frame, re.S)
    return found.group(0) if found else ""


def log_lines(frame):
    log = re.search(r'<section id="log".*?</section>', frame, re.S)
    lines = re.findall(r"<li[^>]*>(.*?)</li>", log.group(0), re.S) if log else []
    return [re.sub(r"<[^>]+>", "", line).strip() for line in lines]


@pytest.mark.parametrize("game_name", ["dragonformula", "dragsaga"])
async def test_the_others_see_a_seat_go_away_within_five_seconds_and_come_back(
    players, game_name, settings
):
    settings.LANGUAGE_CODE = "en"
    ann, ben = players[0], players[1]
    table, _game = await started_table(players[:2], game_name, away_seconds=60)
    ann_socket = await open_socket(table.code, ann)
    ben_socket = await open_socket(table.code, ben)
    await ann_socket.receive_from()
    await ben_socket.receive_from()

    await ben_socket.disconnect()
    started = time.monotonic()
    frame = await frame_with(ann_socket, 'class="presence away"', timeout=5)
    assert time.monotonic() - started < 5
    panel = seat_panel(frame, 1)
    assert 'class="presence away"' in panel
    since = int(re.search(r'data-away-since="(\d+)"', panel).group(1))
    assert abs(since - time.time()) < 5  # away from the moment his socket closed
    assert 'data-away-limit="60"' in panel
    assert 'id="hand"' not in frame  # Ann is not sent her hand again for it

    back = await open_socket(table.code, ben)
    await back.receive_from()
    for _ in range(6):  # Ann is told he is back
        frame = await ann_socket.receive_from(timeout=3)
        if 'class="presence online"' in seat_panel(frame, 1):
            break
    assert 'class="presence online"' in seat_panel(frame, 1)
    await back.disconnect()
    await ann_socket.disconnect()


@database_sync_to_async
def take_over_and_play(table, game, ben, seconds_away):
    """Ben has been away past the limit: the bot takes his seat and plays on a while."""
    game.refresh_from_db()
    table_playing.advance(game.pk, game.version, now=time.time() + seconds_away)
    for _ in range(12):  # the bot (and its neighbours) play on
        game.refresh_from_db()
        if game.is_finished:
            break
        table_playing.advance(game.pk, game.version, now=time.time() + seconds_away)
    return StandIn.objects.get(player=ben)


@pytest.mark.parametrize("game_name", ["dragonformula", "dragsaga"])
async def test_the_log_says_a_bot_took_the_seat_credits_its_moves_and_says_he_is_back(
    players, game_name, settings
):
    settings.LANGUAGE_CODE = "en"
    ann, ben = players[0], players[1]
    table, game = await started_table(players[:2], game_name, away_seconds=30)
    ann_socket = await open_socket(table.code, ann)
    await ann_socket.receive_from()
    stand_in = await take_over_and_play(table, game, ben, 31)
    assert stand_in.log_start is not None and stand_in.log_game

    frame = await frame_with(ann_socket, "plays for them")
    lines = log_lines(frame)
    took = next(i for i, line in enumerate(lines) if "Ben is away" in line)
    assert "Bot 2" in lines[took]
    # Newest first: every line after the take-over (above it) that names seat 2 names the bot.
    newer = lines[:took]
    assert not any("Ben" in line for line in newer), newer
    assert 'class="presence bot"' in seat_panel(frame, 1)
    assert "a bot is playing for Ben" in seat_panel(frame, 1)

    ben_socket = await open_socket(table.code, ben)
    opening = await ben_socket.receive_from()
    back_lines = log_lines(opening)
    assert any("Ben is back" in line for line in back_lines), back_lines
    # What the bot did is still the bot's; what came before is Ben's.
    took = next(i for i, line in enumerate(back_lines) if "Ben is away" in line)
    returned = next(i for i, line in enumerate(back_lines) if "Ben is back" in line)
    assert returned < took
    bot_moves = [line for line in back_lines[returned + 1 : took] if "Bot 2" in line]
    assert not any("Ben" in line for line in back_lines[returned + 1 : took])
    # His catch-up, above his prompt, before anything else.
    catch_up = re.search(r'<div id="catch-up".*?</div>', opening, re.S).group(0)
    assert "While you were away" in catch_up
    assert ("Bot 2" in catch_up) and (bool(bot_moves) == ("<li>" in catch_up))
    # Ann is told he is back, and sees no catch-up of his.
    frame = await frame_with(ann_socket, "Ben is back")
    assert "While you were away" not in frame
    await ben_socket.disconnect()
    await ann_socket.disconnect()


async def test_the_catch_up_is_gone_once_he_acts(players, settings):
    settings.LANGUAGE_CODE = "en"
    ben = players[1]
    table, game = await started_table(players[:2], "dragsaga", away_seconds=30)
    await database_sync_to_async(leavers.leave)(table, ben)
    await database_sync_to_async(leavers.retake)(table, ben)
    seat = await database_sync_to_async(Seat.objects.get)(table=table, number=1)
    assert seat.player_id == ben.pk
    ben_socket = await open_socket(table.code, ben)
    opening = await ben_socket.receive_from()
    assert "While you were away" in opening and "no move" in opening

    @database_sync_to_async
    def choose():
        game.refresh_from_db()
        from games.registry import game_kind

        engine = game_kind("dragsaga").engine
        action = engine.legal_actions(game.state, 1)[0]
        table_playing.apply_action(game, ben, action, game.version)

    await choose()
    frame = await frame_with(ben_socket, 'id="catch-up"')
    assert re.search(r'<div id="catch-up"[^>]*></div>', frame)
    await ben_socket.disconnect()
