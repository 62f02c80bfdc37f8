"""games.tables.actions on the reference game (examples/highcard): seats, turns, versions, the log, ticks,
bots; what moves a table when nobody clicks (bots, deadlines, a process that stopped) never
leaves it stuck."""

import time
from datetime import UTC, datetime

import pytest
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

from examples.highcard.rules import ENGINE
from games.engine import TICK, IllegalAction, replay
from games.live import timers
from games.presence import leavers
from games.presence.models import ServerProcess
from games.tables import events as table_events
from games.tables import selectors
from games.tables.actions import opening, pace, playing, seating, starting
from games.tables.actions.refused import ActionRefused, IllegalMove, NotSeated, StaleVersion
from games.tables.models import ActionLog, Game, Table

pytestmark = pytest.mark.django_db


def started(players, n=2, bot_level="", options=None):
    table = opening.create_table(
        game_name="highcard",
        players=n,
        options=options or {},
        bot_level=bot_level,
        created_by=players[0],
    )
    for player in players[1:n]:
        if not bot_level:
            seating.sit(table, player)
    return table, starting.start(table, players[0])


def hand(game, seat):
    return game.state["hands"][seat]


def replayed(game):
    log = [(row.seat, row.action, row.now) for row in game.log.order_by("version")]
    by_protocol = replay(ENGINE, game.players, game.options, game.seed, log, game.created_at)
    assert by_protocol == selectors.replayed_state(game)
    return by_protocol


def test_creator_sits_first_and_others_fill_the_empty_seats(highcard, players):
    table = opening.create_table(game_name="highcard", players=3, created_by=players[0])
    seating.sit(table, players[1])
    seating.sit(table, players[2])
    assert [s.player for s in table.seats.order_by("number")] == players[:3]
    assert table.status == Table.Status.OPEN
    assert len(table.code) == 5


def test_a_player_cannot_take_two_seats_or_a_taken_one(highcard, players):
    table = opening.create_table(game_name="highcard", players=2, created_by=players[0])
    with pytest.raises(ActionRefused, match="already have a seat"):
        seating.sit(table, players[0])
    seating.sit(table, players[1], number=1)
    with pytest.raises(ActionRefused, match="taken"):
        seating.sit(table, players[2])


def test_standing_up_frees_the_seat(highcard, players):
    table = opening.create_table(game_name="highcard", players=2, created_by=players[0])
    seating.stand(table, players[0])
    seating.sit(table, players[1], number=0)
    assert table.seats.get(number=0).player == players[1]
    with pytest.raises(NotSeated):
        seating.stand(table, players[0])


def test_a_table_starts_only_when_its_seats_are_full_or_bots_fill_them(highcard, players):
    table = opening.create_table(game_name="highcard", players=3, created_by=players[0])
    with pytest.raises(ActionRefused, match="Every seat"):
        starting.start(table, players[0])
    assert not Game.objects.exists()

    with_bots = opening.create_table(
        game_name="highcard", players=3, bot_level="easy", created_by=players[0]
    )
    with pytest.raises(NotSeated):
        starting.start(with_bots, players[1])
    game = starting.start(with_bots, players[0])
    assert [s.bot_level for s in with_bots.seats.order_by("number")] == ["", "easy", "easy"]
    assert game.version == 0 and game.state["players"] == 3
    with_bots.refresh_from_db()
    assert with_bots.status == Table.Status.PLAYING
    with pytest.raises(ActionRefused, match="already started"):
        seating.sit(with_bots, players[2])


def test_bad_table_settings_are_refused_with_a_reason(highcard, players):
    with pytest.raises(ActionRefused, match="2 to 4 players"):
        opening.create_table(game_name="highcard", players=5)
    with pytest.raises(ActionRefused, match="no bot of that level"):
        opening.create_table(game_name="highcard", players=2, bot_level="grandmaster")
    with pytest.raises(ActionRefused, match="turn_seconds"):
        opening.create_table(game_name="highcard", players=2, options={"turn_seconds": 0})
    with pytest.raises(ActionRefused, match="does not play"):
        opening.create_table(game_name="chess", players=2)
    assert not Table.objects.exists()


def test_an_action_is_applied_logged_and_the_snapshot_equals_the_replay(highcard, players):
    _table, game = started(players)
    card = hand(game, 0)[0]
    game = playing.apply_action(game, players[0], {"type": "play", "card": card}, 0)
    card = hand(game, 1)[-1]
    game = playing.apply_action(game, players[1], {"type": "play", "card": card}, 1)
    game.refresh_from_db()
    assert game.version == 2
    assert list(game.log.values_list("version", "seat")) == [(1, 0), (2, 1)]
    assert game.state == replayed(game)


def test_out_of_turn_unknown_card_and_spectators_change_nothing(highcard, players):
    _table, game = started(players)
    before = dict(game.state)
    with pytest.raises(IllegalMove, match="not your turn"):
        playing.apply_action(game, players[1], {"type": "play", "card": hand(game, 1)[0]}, 0)
    others = hand(game, 1)[0]
    with pytest.raises(IllegalMove, match=f"You do not hold card {others[1:]}"):
        playing.apply_action(game, players[0], {"type": "play", "card": others}, 0)
    with pytest.raises(NotSeated, match="Spectators"):
        playing.apply_action(game, players[3], {"type": "play", "card": hand(game, 0)[0]}, 0)
    with pytest.raises(NotSeated):
        playing.apply_action(game, None, {"type": "play", "card": hand(game, 0)[0]}, 0)
    with pytest.raises(IllegalMove, match="not an action"):
        playing.apply_action(game, players[0], ["play"], 0)
    with pytest.raises(IllegalMove, match="table's business"):
        playing.apply_action(game, players[0], TICK, 0)
    game.refresh_from_db()
    assert game.version == 0 and game.state == before
    assert not ActionLog.objects.exists()


def test_a_stale_click_is_refused_and_changes_nothing(highcard, players):
    _table, game = started(players, n=3)
    game = playing.apply_action(game, players[0], {"type": "play", "card": hand(game, 0)[0]}, 0)
    with pytest.raises(StaleVersion, match="moved on"):
        playing.apply_action(game, players[1], {"type": "play", "card": hand(game, 1)[0]}, 0)
    game.refresh_from_db()
    assert game.version == 1 and game.log.count() == 1


def test_a_passed_deadline_is_applied_as_a_logged_tick_before_the_action(highcard, players):
    _table, game = started(players, options={"turn_seconds": 10})
    late = game.state["deadline"] + 1
    lowest = min(hand(game, 0), key=lambda c: int(c[1:]))
    with pytest.raises(StaleVersion):
        playing.apply_action(game, players[0], {"type": "play", "card": lowest}, 0, now=late)
    game.refresh_from_db()
    assert game.version == 1
    assert game.state["laid"][0] == lowest
    tick = game.log.get()
    assert (tick.seat, tick.action, tick.now) == (None, TICK, late)
    assert game.state == replayed(game)


def test_a_tick_before_the_deadline_does_nothing(highcard, players):
    _table, game = started(players)
    game = playing.tick(game, now=game.state["deadline"] - 1)
    assert game.version == 0
    game = playing.tick(game, now=game.state["deadline"] + 0.5)
    assert game.version == 1


def test_the_server_plays_bots_and_ignores_a_timer_armed_for_an_old_version(highcard, players):
    _table, game = started(players, n=3, bot_level="easy")
    assert pace.next_wakeup(game, now=0) == pytest.approx(game.state["deadline"])
    game = playing.apply_action(game, players[0], {"type": "play", "card": hand(game, 0)[0]}, 0)
    assert pace.next_wakeup(game, now=game.state["deadline"] - 5) == pace.bot_delay()
    assert timers.advance(game.pk, 0) is None  # armed before the human moved
    game = playing.advance(game.pk, 1)
    assert game.version == 2 and game.log.get(version=2).seat == 1
    game = playing.advance(game.pk, 2)
    assert game.version == 3 and game.state["turn"] == 0
    assert playing.advance(game.pk, 3).version == 3  # a human is awaited: nothing to do


def test_bots_finish_the_game_and_the_table(highcard, players):
    table, game = started(players, n=2, bot_level="easy")
    while not game.is_finished:
        if game.state["turn"] == 0:
            card = hand(game, 0)[0]
            game = playing.apply_action(
                game, players[0], {"type": "play", "card": card}, game.version
            )
        else:
            game = playing.advance(game.pk, game.version)
    table.refresh_from_db()
    assert table.status == Table.Status.FINISHED
    assert game.outcome == ENGINE.outcome(game.state)
    assert pace.next_wakeup(game, now=0) is None
    with pytest.raises(IllegalMove, match="over"):
        playing.apply_action(game, players[0], {"type": "play", "card": "C1"}, game.version)


def test_the_table_group_hears_the_new_version_after_the_commit(
    highcard, players, django_capture_on_commit_callbacks
):
    _table, game = started(players)
    layer = get_channel_layer()
    channel = async_to_sync(layer.new_channel)()
    async_to_sync(layer.group_add)(table_events.group_name(game.table_id), channel)
    with django_capture_on_commit_callbacks(execute=True):
        playing.apply_action(game, players[0], {"type": "play", "card": hand(game, 0)[0]}, 0)
    message = async_to_sync(layer.receive)(channel)
    change = message.pop("change")
    assert message == {
        "type": "table.changed",
        "table": game.table_id,
        "game": game.pk,
        "version": 1,
    }
    # Every announcement is a change of its own, which the sockets share one reading of.
    with django_capture_on_commit_callbacks(execute=True):
        playing.apply_action(game, players[1], {"type": "play", "card": hand(game, 1)[0]}, 1)
    assert async_to_sync(layer.receive)(channel)["change"] not in ("", change)


def test_the_action_log_is_append_only(highcard, players):
    _table, game = started(players)
    game = playing.apply_action(game, players[0], {"type": "play", "card": hand(game, 0)[0]}, 0)
    row = game.log.get()
    row.action = {"type": "play", "card": "T20"}
    with pytest.raises(TypeError):
        row.save()
    with pytest.raises(TypeError):
        ActionLog.objects.update(seat=1)


def test_a_bot_whose_engine_call_raises_still_makes_a_legal_move(highcard, players, monkeypatch):
    _table, game = started(players, bot_level="easy")
    card = game.state["hands"][0][0]
    game = playing.apply_action(game, players[0], {"type": "play", "card": card}, 0)
    bot_hand = list(game.state["hands"][1])

    def broken(state, seat, level):
        raise RuntimeError("the bot's search blew up")

    monkeypatch.setattr(ENGINE, "bot_action", broken)
    game = playing.advance(game.pk, 1)
    assert game.version == 2
    move = ActionLog.objects.get(game=game, version=2)
    assert move.seat == 1 and move.action["card"] in bot_hand
    assert game.state["turn"] == 0  # the table goes on: the human is asked again


def test_a_bot_that_answers_an_illegal_action_still_makes_a_legal_move(
    highcard, players, monkeypatch
):
    _table, game = started(players, bot_level="easy")
    card = game.state["hands"][0][0]
    game = playing.apply_action(game, players[0], {"type": "play", "card": card}, 0)
    monkeypatch.setattr(ENGINE, "bot_action", lambda *args: {"type": "play", "card": card})
    game = playing.advance(game.pk, 1)
    assert game.version == 2 and ActionLog.objects.get(game=game, version=2).seat == 1


def test_a_timer_that_fires_before_the_deadline_is_armed_again(highcard, players, armed):
    _table, game = started(players)
    armed.clear()
    early = game.state["deadline"] - 0.5
    game = timers.advance(game.pk, 0, now=early)  # what a firing timer calls
    assert game.version == 0
    assert [(game_id, version) for game_id, version, _delay in armed] == [(game.pk, 0)]
    assert armed[0][2] >= 0.5


def test_a_deadline_the_engine_will_not_apply_yet_is_tried_again(
    highcard, players, armed, monkeypatch
):
    _table, game = started(players)
    armed.clear()
    real_apply = ENGINE.apply

    def refuse_ticks(state, seat, action, now):
        if action == {"type": "tick"}:
            raise IllegalAction("Nothing is due yet.", "nothing_due")
        return real_apply(state, seat, action, now)

    monkeypatch.setattr(ENGINE, "apply", refuse_ticks)
    game = timers.advance(game.pk, 0, now=game.state["deadline"] + 1)
    assert game.version == 0
    assert len(armed) == 1 and armed[0][:2] == (game.pk, 0) and armed[0][2] > 0


def test_a_timer_with_nothing_left_to_do_arms_nothing(highcard, players, armed):
    _table, game = started(players, bot_level="easy")
    card = game.state["hands"][0][0]
    game = playing.apply_action(game, players[0], {"type": "play", "card": card}, 0)
    armed.clear()
    assert timers.advance(game.pk, 0) is None  # an old version's timer
    assert armed == []


def test_one_broken_game_does_not_keep_the_other_tables_from_resuming(highcard, players, armed):
    _table, running = started(players)
    _other, broken = started(players[2:])
    Game.objects.filter(pk=broken.pk).update(state={"game": "highcard"})  # a snapshot gone bad
    armed.clear()
    assert timers.resume_tables(now=running.state["deadline"] + 1) == 1
    assert armed == [(running.pk, 0, 0.0)]


def test_when_another_process_stops_this_one_takes_over_the_running_tables_timers(
    highcard, players, armed
):
    """A bot's next move was armed in a process that then died: the next heartbeat of a
    live process that finds it silent arms every running table here, so no table stalls."""
    _table, game = started(players, bot_level="easy")
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
