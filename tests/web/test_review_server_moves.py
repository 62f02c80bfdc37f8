"""Review: what moves a table when nobody clicks (bots, deadlines) never leaves it stuck."""

import time
from datetime import UTC, datetime

import pytest

from games import leavers, services, timers
from games.models import ActionLog, Game, ServerProcess
from tests.web.toygame import ENGINE

pytestmark = pytest.mark.django_db


def bot_table(players, n=2):
    """A started toy table: players[0] in seat 0, bots in the others."""
    table = services.create_table(
        game_name="toygame", players=n, bot_level="easy", created_by=players[0]
    )
    return services.start(table, players[0])


@pytest.fixture
def armed(monkeypatch):
    """The timers the services arm: (game id, version, delay)."""
    calls = []
    monkeypatch.setattr(timers, "schedule", lambda *args: calls.append(args))
    return calls


def test_a_bot_whose_engine_call_raises_still_makes_a_legal_move(toygame, players, monkeypatch):
    game = bot_table(players)
    card = game.state["hands"][0][0]
    game = services.apply_action(game, players[0], {"type": "play", "card": card}, 0)
    bot_hand = list(game.state["hands"][1])

    def broken(state, seat, level):
        raise RuntimeError("the bot's search blew up")

    monkeypatch.setattr(ENGINE, "bot_action", broken)
    game = services.advance(game.pk, 1)
    assert game.version == 2
    move = ActionLog.objects.get(game=game, version=2)
    assert move.seat == 1 and move.action["card"] in bot_hand
    assert game.state["turn"] == 0  # the table goes on: the human is asked again


def test_a_bot_that_answers_an_illegal_action_still_makes_a_legal_move(
    toygame, players, monkeypatch
):
    game = bot_table(players)
    card = game.state["hands"][0][0]
    game = services.apply_action(game, players[0], {"type": "play", "card": card}, 0)
    monkeypatch.setattr(ENGINE, "bot_action", lambda *args: {"type": "play", "card": card})
    game = services.advance(game.pk, 1)
    assert game.version == 2 and ActionLog.objects.get(game=game, version=2).seat == 1


def test_a_timer_that_fires_before_the_deadline_is_armed_again(toygame, players, armed):
    table = services.create_table(game_name="toygame", players=2, created_by=players[0])
    services.sit(table, players[1])
    game = services.start(table, players[0])
    armed.clear()
    early = game.state["deadline"] - 0.5
    game = timers.advance(game.pk, 0, now=early)  # what a firing timer calls
    assert game.version == 0
    assert [(game_id, version) for game_id, version, _delay in armed] == [(game.pk, 0)]
    assert armed[0][2] >= 0.5


def test_a_deadline_the_engine_will_not_apply_yet_is_tried_again(
    toygame, players, armed, monkeypatch
):
    table = services.create_table(game_name="toygame", players=2, created_by=players[0])
    services.sit(table, players[1])
    game = services.start(table, players[0])
    armed.clear()
    real_apply = ENGINE.apply

    def refuse_ticks(state, seat, action, now):
        if action == {"type": "tick"}:
            raise services.IllegalAction("Nothing is due yet.", "nothing_due")
        return real_apply(state, seat, action, now)

    monkeypatch.setattr(ENGINE, "apply", refuse_ticks)
    game = timers.advance(game.pk, 0, now=game.state["deadline"] + 1)
    assert game.version == 0
    assert len(armed) == 1 and armed[0][:2] == (game.pk, 0) and armed[0][2] > 0


def test_a_timer_with_nothing_left_to_do_arms_nothing(toygame, players, armed):
    game = bot_table(players)
    card = game.state["hands"][0][0]
    game = services.apply_action(game, players[0], {"type": "play", "card": card}, 0)
    armed.clear()
    assert timers.advance(game.pk, 0) is None  # an old version's timer
    assert armed == []


def test_one_broken_game_does_not_keep_the_other_tables_from_resuming(toygame, players, armed):
    table = services.create_table(game_name="toygame", players=2, created_by=players[0])
    services.sit(table, players[1])
    running = services.start(table, players[0])
    other = services.create_table(game_name="toygame", players=2, created_by=players[2])
    services.sit(other, players[3])
    broken = services.start(other, players[2])
    Game.objects.filter(pk=broken.pk).update(state={"game": "toygame"})  # a snapshot gone bad
    armed.clear()
    assert timers.resume_tables(now=running.state["deadline"] + 1) == 1
    assert armed == [(running.pk, 0, 0.0)]


def test_when_another_process_stops_this_one_takes_over_the_running_tables_timers(
    toygame, players, armed
):
    """A bot's next move was armed in a process that then died: the next heartbeat of a
    live process that finds it silent arms every running table here, so no table stalls."""
    game = bot_table(players)
    now = time.time()
    armed.clear()
    assert timers.heartbeat(now) == 0  # nobody has stopped: nothing to take over
    assert armed == []
    ServerProcess.objects.create(name="daphne-2", seen=datetime.fromtimestamp(now, tz=UTC))
    assert timers.heartbeat(now + 10) == 0  # silent for 10 s: still alive as far as we know
    later = now + leavers.SILENT_SECONDS + 1
    assert timers.heartbeat(later) == 1
    assert [game_id for game_id, _version, _delay in armed] == [game.pk]
    assert not ServerProcess.objects.filter(name="daphne-2").exists()
    assert timers.heartbeat(later + 10) == 0  # taken over once
