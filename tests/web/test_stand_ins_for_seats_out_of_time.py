"""A player whose clock runs out two turns in a row is away, like one who left: the
platform's stand-in bot takes the seat at once (the rules only count the timeouts), plays
its pick windows and turns through the usual path, the log credits the bot, the player is
offered the way back, and opening the table page gives the seat back."""

import time

import pytest
from django.template.loader import render_to_string

from dragonformula.rules.engine import ENGINE
from games.presence import away, leavers
from games.presence.models import StandIn
from games.regions import rendering
from games.tables.actions import playing as table_playing
from games.tables.models import ActionLog, Game, Seat
from tests.web.tables import browser_of, everyone_connected, seated_table
from tests.web.test_who_is_at_the_table import log_lines

pytestmark = pytest.mark.django_db


def _table():
    table, game, players = seated_table(
        "dragonformula", ["Ann", "Ben"], options={"turn_seconds": 20, "time_bank": 0}
    )
    everyone_connected(table, players)  # both pages open: nobody is away by presence
    leavers.set_away_limit(table, leavers.MAX_AWAY_SECONDS)
    return table, game, players


def _until_stood_in(game, players, sleeper):
    """The other player plays at once; ``sleeper``'s turns and windows run out of time."""
    for _step in range(20):
        if StandIn.objects.filter(game=game).exists():
            return game
        waiting = ENGINE.waiting_for(game.state)
        awake = [s for s in waiting if players[s] != sleeper]
        if awake:
            action = ENGINE.bot_action(game.state, awake[0], "smart")
            game = table_playing.apply_action(game, players[awake[0]], action, game.version)
        else:
            game = table_playing.advance(game.pk, game.version, now=ENGINE.deadline(game.state))
    raise AssertionError("no stand-in came")


def _prompt(table, player):
    return render_to_string(
        "dragonformula/partials/_prompt_body.html", rendering.table_context(table, player)
    )


def test_two_turns_out_of_time_bring_the_stand_in_which_plays_until_the_player_is_back(settings):
    settings.LANGUAGE_CODE = "en"
    table, game, players = _table()
    seat = game.state["turn"]
    sleeper, other = players[seat], players[1 - seat]
    game = _until_stood_in(game, players, sleeper)

    stand_in = StandIn.objects.get(game=game)
    assert (stand_in.player, stand_in.seat_number) == (sleeper, seat)
    assert stand_in.reason == StandIn.Reason.OUT_OF_TIME
    assert ENGINE.timeouts(game.state)[seat] == away.TIMEOUTS_BEFORE_STAND_IN
    held = Seat.objects.get(table=table, number=seat)
    assert held.player is None and held.bot_level == away.stand_in_level(table)
    page = browser_of(other).get(f"/dragonformula/{table.code}/").content.decode()
    assert f"{sleeper.display_name} is away: Bot {seat + 1}" in page
    assert f"a bot is playing for {sleeper.display_name}" in page
    # The sleeper, still on the page, is told and offered the way back.
    prompt = _prompt(table, sleeper)
    assert "You were out of time twice: a bot plays for you." in prompt
    assert f'action="/dragonformula/{table.code}/"' in prompt
    assert "You are watching this table." not in prompt

    # The bot plays the seat through the usual path, well before any clock runs out.
    first_bot_move = game.version + 1
    for _step in range(12):
        waiting = ENGINE.waiting_for(game.state)
        if other in [players[s] for s in waiting]:
            mover = waiting[0] if players[waiting[0]] == other else waiting[1]
            action = ENGINE.bot_action(game.state, mover, "smart")
            game = table_playing.apply_action(game, other, action, game.version)
        else:
            now = time.time() + 1
            assert ENGINE.deadline(game.state) > now  # not a timer: the bot's own move
            game = table_playing.advance(game.pk, game.version, now=now)
    bot_moves = ActionLog.objects.filter(game=game, seat=seat, version__gte=first_bot_move)
    kinds = {move.action["type"] for move in bot_moves}
    assert {"draw"} <= kinds and kinds & {"pick", "pass", "pick_and_dan"}  # windows and turns
    assert not ActionLog.objects.filter(
        game=game, seat=None, version__gte=first_bot_move
    ).exists()  # no timer had to fire for it
    lines = log_lines(browser_of(other).get(f"/dragonformula/{table.code}/").content.decode())
    took = next(i for i, line in enumerate(lines) if "is away" in line)
    newer = [line for line in lines[:took] if f"Bot {seat + 1}" in line]  # newest first
    assert newer and not any(sleeper.display_name in line for line in lines[:took])

    # Opening the table page gives the seat back.
    browser_of(sleeper).get(f"/dragonformula/{table.code}/")
    assert Seat.objects.get(table=table, number=seat).player == sleeper
    assert StandIn.objects.get(game=game).ended is not None
    page = browser_of(other).get(f"/dragonformula/{table.code}/").content.decode()
    assert f"{sleeper.display_name} is back and plays again." in page
    assert "You were out of time twice" not in _prompt(table, sleeper)


def test_one_turn_out_of_time_brings_no_stand_in():
    table, game, players = _table()
    game = table_playing.advance(game.pk, game.version, now=ENGINE.deadline(game.state))
    assert ENGINE.timeouts(game.state)[game.state["window"]["discarder"]] == 1
    assert not StandIn.objects.exists()
    assert Game.objects.get(pk=game.pk).version == game.version
