"""What players and the server do to tables and games (the only writers).

Every change to a game goes through :func:`_record`: lock the game row, apply the
overdue deadlines as logged ticks, apply the action with the engine, append it to
the action log and save the snapshot, all in one transaction. After the commit the
table's Channels group hears "table N is at version V" and the timers arm the next
bot move or deadline.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import threading
import time
import uuid
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.conf import settings
from django.db import DatabaseError, transaction
from django.utils.translation import gettext as _

from games import leavers, oplog, snapshots, timers
from games.engine import TICK, Action, Engine, IllegalAction
from games.leagues import online as league_results
from games.models import ActionLog, BotPace, Game, Player, Seat, Table
from games.refusals import refusal_text
from games.registry import game_kind
from games.trust import fairness

logger = logging.getLogger(__name__)

MAX_TICKS = 50  # a tick applies every passed deadline; this only bounds a broken engine
RETRY_SECONDS = 1.0  # a server move that found nothing due looks again after at least this


class ActionRefused(Exception):  # noqa: N818 - a refusal, shown to the player
    """Something a player asked for that the table refuses; ``message`` is for the player."""

    status = 400

    def __init__(self, message: str, code: str = "refused") -> None:
        super().__init__(message)
        self.message = message
        self.code = code


class NotSeated(ActionRefused):
    status = 403


class StaleVersion(ActionRefused):
    status = 409


class IllegalMove(ActionRefused):
    status = 400


def group_name(table_id: int) -> str:
    """The Channels group of a table's sockets."""
    return f"table-{table_id}"


# --- players ----------------------------------------------------------------


def player_for_user(user: Any) -> Player:
    """The player of a signed-in club member (made on first use)."""
    player, _created = Player.objects.get_or_create(
        user=user, defaults={"display_name": user.get_username()[:40]}
    )
    return player


def create_guest(display_name: str) -> Player:
    """A guest known only by a name (the caller binds it to the browser's session)."""
    return Player.objects.create(display_name=_guest_name(display_name))


def rename_guest(guest: Player, display_name: str) -> Player:
    """This browser's guest under a new name: the same player, so its seats stay its own."""
    guest.display_name = _guest_name(display_name)
    guest.save(update_fields=["display_name"])
    return guest


def _guest_name(display_name: str) -> str:
    name = " ".join(display_name.split())[:40]
    if not name:
        raise ActionRefused(_("Please give a name to play under."), "no_name")
    return name


# --- tables -----------------------------------------------------------------


def create_table(
    *,
    game_name: str,
    players: int,
    options: dict[str, Any] | None = None,
    bot_level: str = "",
    created_by: Player | None = None,
    created_session: str = "",
    bot_pace: str = BotPace.NORMAL,
) -> Table:
    """Open a table with empty seats; its creator (if any) sits in seat 0.

    ``created_session``: the browser session that opened it from the lobby (its open
    tables are counted and expire, ``games.table_limits``)."""
    try:
        engine = game_kind(game_name).engine
    except LookupError:
        raise ActionRefused(_("The club does not play that game."), "unknown_game") from None
    if not engine.min_players <= players <= engine.max_players:
        raise ActionRefused(
            _("This game is for %(min)d to %(max)d players.")
            % {"min": engine.min_players, "max": engine.max_players},
            "players",
        )
    if bot_level and bot_level not in engine.bot_levels():
        raise ActionRefused(_("There is no bot of that level."), "bot_level")
    if bot_pace not in BotPace.values:
        raise ActionRefused(_("There is no bot pace of that name."), "bot_pace")
    try:
        checked = engine.validate_options(dict(options or {}))
    except ValueError as error:
        raise ActionRefused(str(error), "options") from None
    with transaction.atomic():
        table = Table.objects.create(
            game_name=game_name,
            players=players,
            options=checked,
            bot_level=bot_level,
            bot_pace=bot_pace,
            created_by=created_by,
            created_session=created_session,
        )
        Seat.objects.bulk_create(Seat(table=table, number=n) for n in range(players))
        if created_by is not None:
            Seat.objects.filter(table=table, number=0).update(player=created_by)
    return table


def _locked_open_table(table: Table) -> Table:
    locked = Table.objects.select_for_update().get(pk=table.pk)
    if locked.status != Table.Status.OPEN:
        raise ActionRefused(_("This table has already started."), "started")
    return locked


def sit(table: Table, player: Player, number: int | None = None) -> Seat:
    """Seat ``player`` at an open table (the first empty seat unless ``number`` is given)."""
    with transaction.atomic():
        table = _locked_open_table(table)
        if table.seats.filter(player=player).exists():
            raise ActionRefused(_("You already have a seat at this table."), "seated")
        empty = table.seats.filter(player__isnull=True, bot_level="")
        if number is not None:
            empty = empty.filter(number=number)
        seat = empty.order_by("number").first()
        if seat is None:
            raise ActionRefused(_("That seat is taken."), "seat_taken")
        seat.player = player
        seat.save(update_fields=["player"])
        _after_commit(table.pk)
    return seat


def stand(table: Table, player: Player) -> None:
    """Leave one's seat at a table that has not started."""
    with transaction.atomic():
        table = _locked_open_table(table)
        if not table.seats.filter(player=player).update(player=None):
            raise NotSeated(_("You have no seat at this table."), "not_seated")
        _after_commit(table.pk)


def start(table: Table, player: Player | None, seed: int | None = None) -> Game:
    """Start the table's game; bots take the empty seats if the table has a bot level.

    ``player`` must be seated at the table; ``None`` is the club itself (demo tables).
    ``seed`` is drawn at random unless given (tests, puzzles).
    """
    with transaction.atomic():
        table = _locked_open_table(table)
        seats = list(table.seats.all())
        if player is not None and not any(s.player_id == player.pk for s in seats):
            raise NotSeated(_("Only a seated player can start the table."), "not_seated")
        empty = [s for s in seats if s.is_empty]
        if empty and not table.bot_level:
            raise ActionRefused(_("Every seat must be taken before the start."), "seats_empty")
        for seat in empty:
            seat.bot_level = table.bot_level
            seat.save(update_fields=["bot_level"])
        kind = game_kind(table.game_name)
        # Microsecond precision, so created.timestamp() gives replays the same ``now``.
        created = datetime.fromtimestamp(round(time.time(), 6), tz=UTC)
        seed = secrets.randbits(62) if seed is None else seed
        state = kind.initial_state(
            table.players, table.options, seed, created.timestamp(), table.stacking
        )
        game = Game.objects.create(
            table=table,
            game_name=table.game_name,
            players=table.players,
            options=table.options,
            seed=seed,
            stacking=table.stacking,
            state=state,
            created=created,
        )
        fairness.publish(game)
        table.status = Table.Status.PLAYING
        table.save(update_fields=["status"])
        _after_commit(table.pk, game)
    return game


def rematch(table: Table, player: Player) -> Table:
    """The same people at a new table of the same game and options, each in their seat.

    The first seated player to ask opens it (bots' seats stay empty for the table's bots
    to take at the start); everyone after is sent to the same new table.
    """
    with transaction.atomic():
        old = Table.objects.select_for_update().select_related("rematch").get(pk=table.pk)
        if old.status != Table.Status.FINISHED:
            raise ActionRefused(_("A rematch is offered once the match is over."), "not_over")
        seats = list(old.seats.all())
        if not any(seat.player_id == player.pk for seat in seats):
            raise NotSeated(
                _("Only the players of this table can ask for a rematch."), "not_seated"
            )
        if old.rematch is not None:
            return old.rematch
        new = create_table(
            game_name=old.game_name,
            players=old.players,
            options=old.options,
            bot_level=old.bot_level,
            bot_pace=old.bot_pace,
        )
        new.created_by = player
        new.save(update_fields=["created_by"])
        for seat in seats:
            if seat.player_id is not None:
                Seat.objects.filter(table=new, number=seat.number).update(player=seat.player_id)
        old.rematch = new
        old.save(update_fields=["rematch"])
        leavers.set_away_limit(new, leavers.away_seconds(old))
        _after_commit(new.pk)
        transaction.on_commit(lambda: notify(old.pk, None, None))
    return new


# --- games ------------------------------------------------------------------


def apply_action(
    game: Game,
    player: Player | None,
    action: Action,
    expected_version: int,
    now: float | None = None,
    still_seen: Callable[[Game], bool] | None = None,
) -> Game:
    """``player`` takes ``action`` in ``game``, having seen ``expected_version``.

    Raises :class:`NotSeated` (a spectator or someone else's seat),
    :class:`StaleVersion` (the table moved on since the player looked) or
    :class:`IllegalMove` (the rules refuse it). Overdue deadlines are applied
    (and logged) first, even when the action is then refused.

    ``still_seen(game)`` may accept a click made at an older version when what the
    player was deciding is still exactly what they would be shown now (the views
    compare the prompt's fingerprint); the engine checks the action as always.
    """
    if isinstance(action, dict) and action.get("type") == TICK["type"]:
        raise IllegalMove(_("Timeouts are the table's business."), "tick")
    try:  # the game's action schema: no unknown field, no NaN, no huge number is ever stored
        game_kind(game.game_name).checked_action(action)
    except IllegalAction:
        raise IllegalMove(_("That is not an action of this game."), "not_an_action") from None

    def act(game: Game, engine: Engine, at: float) -> Action | None:
        seat = _seat_of(game, player)
        if game.version != expected_version and not (still_seen and still_seen(game)):
            raise StaleVersion(
                _("The table has moved on since you looked; here is the current state."),
                "stale",
            )
        if game.is_finished:
            raise IllegalMove(_("This game is over."), "finished")
        _apply(game, engine, seat, action, at)
        return action

    return _record(game, act, now)


def tick(game: Game, now: float | None = None) -> Game:
    """Apply every deadline that has passed (what a client sends when its countdown ends)."""
    at = time.time() if now is None else now
    deadline = game_kind(game.game_name).engine.deadline(game.state)
    if game.is_finished or deadline is None or deadline > at:
        return game  # nothing due: no lock, no write
    return _record(game, lambda game, engine, at: None, at)


def advance(game_id: int, version: int, now: float | None = None) -> Game | None:
    """The server's own move: overdue deadlines, then one bot's action if a bot is awaited.

    Called by the timers with the version they were armed for; if the game has
    moved on since, someone else has armed the next call and this one does nothing
    (so duplicates, e.g. from a second server process, are harmless).
    """
    game = Game.objects.filter(pk=game_id).first()
    if game is None or game.version != version:
        return None

    def bot_move(game: Game, engine: Engine, at: float) -> Action | None:
        if game.version != version or game.is_finished:
            return None
        leavers.take_over_due(game, at)
        bots = _bot_levels(game)
        # Bots asked at the same time (a pick window) answer together, each once: none
        # waits for another, and a window everyone has answered closes at once.
        moved = None
        for seat in [s for s in engine.waiting_for(game.state) if s in bots]:
            if game.is_finished or seat not in engine.waiting_for(game.state):
                continue
            moved = _bot_moves(game, engine, seat, bots[seat], at)
        return moved

    moved = _record(game, bot_move, now)
    if moved.version == version:
        # Nothing was due after all (a timer a little early, a tick the engine would not
        # take yet): nobody else will arm the next call, so this one does, a moment later.
        delay = next_wakeup(moved, time.time() if now is None else now)
        if delay is not None:
            timers.schedule(moved.pk, moved.version, max(delay, RETRY_SECONDS))
    return moved


def _bot_moves(game: Game, engine: Engine, seat: int, level: str, at: float) -> Action:
    """The bot's action; if its engine call fails, its first legal action (the table goes on)."""
    try:
        action = engine.bot_action(game.state, seat, level)
        _apply(game, engine, seat, action, at)
    except DatabaseError:
        raise
    except Exception:
        logger.exception(
            "The %s bot in seat %s of game %s failed; it plays its first legal action instead",
            level,
            seat,
            game.pk,
        )
        legal = engine.legal_actions(game.state, seat)
        if not legal:
            raise
        action = legal[0]
        _apply(game, engine, seat, action, at)
    return action


def resume_tables(now: float | None = None) -> int:
    """Arm the timers of every running game (start-up): overdue ones fire at once."""
    now = time.time() if now is None else now
    leavers.heartbeat(now)  # and the sockets of processes that have stopped are closed
    return _arm_running_games(now)


def heartbeat(now: float | None = None) -> int:
    """This process is alive (``timers`` calls it every ``leavers.HEARTBEAT_SECONDS``).

    When another process is found to have stopped, its sockets are closed (``leavers``)
    and every running game's timer is armed here: the bot moves and deadlines that
    process had armed went with it. Returns how many games were armed.
    """
    now = time.time() if now is None else now
    someone_stopped = leavers.silent_processes(now).exists()
    leavers.heartbeat(now)
    return _arm_running_games(now) if someone_stopped else 0


def _arm_running_games(now: float) -> int:
    count = 0
    for game in Game.objects.filter(finished__isnull=True).select_related("table"):
        try:
            delay = next_wakeup(game, now)
        except Exception:  # one bad game must not keep every other table from resuming
            logger.exception("Game %s cannot be resumed", game.pk)
            continue
        if delay is not None:
            timers.schedule(game.pk, game.version, delay)
            count += 1
    return count


# A bot move at each table pace, as a share of ``settings.TABLE_BOT_DELAY`` (normal, 0.8 s).
PACE_FACTORS = {BotPace.QUICK: 0.375, BotPace.NORMAL: 1.0, BotPace.RELAXED: 1.875}
FORCED_MOVE_FACTOR = 0.5  # a bot with one thing to do (draw, next game) has nothing to think over


def bot_delay(pace: str = BotPace.NORMAL, forced: bool = False) -> float:
    """Seconds a bot waits before its move at a table of ``pace``: quick ≈ 0.3 s,
    normal ≈ 0.8 s (``settings.TABLE_BOT_DELAY``), relaxed ≈ 1.5 s; half when ``forced``."""
    delay = float(getattr(settings, "TABLE_BOT_DELAY", 0.8)) * PACE_FACTORS.get(pace, 1.0)
    return delay * FORCED_MOVE_FACTOR if forced else delay


def next_wakeup(game: Game, now: float, seats: list[Seat] | None = None) -> float | None:
    """Seconds until the server must move this game itself (a bot's turn, a deadline).

    ``seats``: the table's seats if the caller has just read them.
    """
    if game.is_finished:
        return None
    engine = game_kind(game.game_name).engine
    delays = []
    bots = _bot_levels(game, seats)
    awaited = [seat for seat in engine.waiting_for(game.state) if seat in bots]
    if awaited:
        forced = all(len(_choices(engine, game.state, seat)) == 1 for seat in awaited)
        delays.append(bot_delay(game.table.bot_pace, forced))
    deadline = engine.deadline(game.state)
    if deadline is not None:
        delays.append(max(0.0, deadline - now))
    takeover = leavers.seconds_until_takeover(game, now, seats)
    if takeover is not None:
        delays.append(takeover)
    return min(delays) if delays else None


def _choices(engine: Engine, state: dict[str, Any], seat: int) -> list[Action]:
    """What a bot may choose among (not the table settings every seat may always change)."""
    return [a for a in engine.legal_actions(state, seat) if a["type"] not in engine.setting_actions]


# --- the one place that writes a game --------------------------------------------


def _record(
    game: Game, change: Callable[[Game, Engine, float], Action | None], now: float | None
) -> Game:
    """Lock, apply overdue ticks, apply ``change``, log, save; refusals still keep the ticks."""
    at = time.time() if now is None else now
    refusal: ActionRefused | None = None
    with transaction.atomic():
        game = Game.objects.select_for_update().select_related("table").get(pk=game.pk)
        engine = game_kind(game.game_name).engine
        before = game.version
        _apply_overdue_ticks(game, engine, at)
        try:
            change(game, engine, at)
        except ActionRefused as error:
            refusal = error
        if game.version != before:
            _save(game, engine, at)
            _after_commit(game.table_id, game)
    if refusal is not None:
        raise refusal
    return game


def _apply_overdue_ticks(game: Game, engine: Engine, at: float) -> None:
    for _step in range(MAX_TICKS):
        if game.is_finished or game.state.get("finished"):
            return
        deadline = engine.deadline(game.state)
        if deadline is None or deadline > at:
            return
        before = game.state
        try:
            _apply(game, engine, None, TICK, at)
        except IllegalMove as refusal:  # the engine sees nothing due yet: leave it for later
            logger.warning("Game %s refused a tick at %s: %s", game.pk, at, refusal.message)
            return
        if game.state == before:
            logger.warning("A tick at %s changed nothing in game %s", at, game.pk)
            return


def _apply(game: Game, engine: Engine, seat: int | None, action: Action, at: float) -> None:
    try:
        state = engine.apply(game.state, seat, action, at)
    except IllegalAction as error:
        raise IllegalMove(refusal_text(error), error.code) from None
    outcome = engine.outcome(state)  # before any change: an engine error leaves the game as it was
    game.version += 1
    ActionLog.objects.create(game=game, version=game.version, seat=seat, action=action, now=at)
    table, version = game.table, game.version
    transaction.on_commit(lambda: oplog.log_action_applied(table, seat, action, version))
    game.state = state
    if outcome is not None and game.finished is None:
        game.outcome = outcome
        game.finished = datetime.fromtimestamp(at, tz=UTC)


def _save(game: Game, engine: Engine, at: float) -> None:
    game.save(update_fields=["state", "version", "outcome", "finished"])
    if game.is_finished:
        leavers.game_over(game)
        Table.objects.filter(pk=game.table_id).update(status=Table.Status.FINISHED)
        game.table.status = Table.Status.FINISHED  # what the answer to this move shows
    league_results.record_online_results(game)  # a league table's ended games go to its league


def _seat_of(game: Game, player: Player | None) -> int:
    if player is None:
        raise NotSeated(_("Spectators cannot play; take a seat at an open table."), "spectator")
    seat = Seat.objects.filter(table_id=game.table_id, player=player).first()
    if seat is None:
        raise NotSeated(_("Spectators cannot play; take a seat at an open table."), "spectator")
    return seat.number


def _bot_levels(game: Game, seats: list[Seat] | None = None) -> dict[int, str]:
    """Seat number -> bot level, from ``seats`` if the caller has just read them."""
    if seats is not None:
        return {seat.number: seat.bot_level for seat in seats if seat.bot_level}
    return dict(
        Seat.objects.filter(table_id=game.table_id)
        .exclude(bot_level="")
        .values_list("number", "bot_level")
    )


def _after_commit(table_id: int, game: Game | None = None) -> None:
    """After the commit: tell the table's sockets, and arm the server's next move."""
    version = game.version if game is not None else None
    game_id = game.pk if game is not None else None

    def announce() -> None:
        change = uuid.uuid4().hex
        seats = None
        if game is not None:
            seats = snapshots.remember(change, game).seats
        notify(table_id, game_id, version, change)
        if game is not None:
            delay = next_wakeup(game, time.time(), seats)
            if delay is not None:
                timers.schedule(game.pk, game.version, delay)

    transaction.on_commit(announce)


def notify(
    table_id: int, game_id: int | None, version: int | None, change: str | None = None
) -> None:
    """Send "table N has changed (to version V)" to the table's Channels group.

    The message's ``change`` id is new for every announcement (``change`` when the
    caller has remembered the table under it): the sockets that hear it share one
    reading of the table (``games.snapshots.for_change``).
    """
    layer = get_channel_layer()
    if layer is None:
        return
    message = {
        "type": "table.changed",
        "table": table_id,
        "game": game_id,
        "version": version,
        "change": change or uuid.uuid4().hex,
    }

    def send() -> None:
        async_to_sync(layer.group_send)(group_name(table_id), message)

    try:
        asyncio.get_running_loop()
    except RuntimeError:
        send()  # the usual case: a sync view or a worker thread
    else:
        # This thread runs an event loop of its own (a script driving a browser, say):
        # async_to_sync cannot block here, so a helper thread sends.
        helper = threading.Thread(target=send)
        helper.start()
        helper.join()
