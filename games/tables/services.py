"""What players and the server do to tables and games (the only writers).

Every change to a game goes through :func:`_record`: lock the game row, read the
table's seats with their presence (one query), apply the overdue deadlines as logged
ticks, apply the action with the engine, append it to the action log and save the
snapshot, all in one transaction. What happens after the commit (the table's sockets
hear "table N is at version V", the timers arm the next bot move, deadline or take-over)
hangs off :data:`games.tables.events.table_changed`, which those modules subscribe to;
what must be written with the move (a league's results) off
:data:`games.tables.events.game_saved`. This module imports none of them.
"""

from __future__ import annotations

import logging
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from django.conf import settings
from django.db import DatabaseError, transaction
from django.db.models import F, Q
from django.utils import timezone
from django.utils.translation import gettext as _

from games.engine import TICK, TIME_OUT, Action, Engine, IllegalAction, time_out_action
from games.learn import steps as guided_steps
from games.models import (
    ActionLog,
    AwayLimit,
    BotPace,
    Game,
    MoveDeadline,
    Player,
    Seat,
    SeatConnection,
    StandIn,
    Table,
)
from games.presence import at_the_table, away
from games.registry import game_kind
from games.tables import events as table_events
from games.tables import oplog, selectors, statements
from games.tables.refusals import refusal_text
from games.trust import fairness

logger = logging.getLogger(__name__)

MAX_TICKS = 50  # a tick applies every passed deadline; this only bounds a broken engine


class ActionRefused(Exception):  # noqa: N818 - a refusal, shown to the player
    """Something a player asked for that the table refuses; ``message`` is for the player."""

    status = 400

    def __init__(self, message: str, code: str = "refused") -> None:
        super().__init__(message)
        self.message = message
        self.code = code
        self.game: Game | None = None  # the game as locked when the refusal was decided
        self.seats: list[Seat] | None = None  # and its seats as read with it


class NotSeated(ActionRefused):
    status = 403


class NotTheirs(ActionRefused):
    """Asked by someone the table does not let do it (a seated player starting a club
    night's table, which its organisers start)."""

    status = 403


class StaleVersion(ActionRefused):
    status = 409


class IllegalMove(ActionRefused):
    status = 400


# --- players ----------------------------------------------------------------


def player_for_user(user: Any) -> Player:
    """The player of a signed-in club member (made on first use)."""
    known = statements.player(member=user.pk)  # on every request a member makes
    if known is not None:
        return known
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
    created_address: str | None = None,
    seat_bots: bool = False,
    move_deadline: int | None = None,
) -> Table:
    """Open a table with empty seats; its creator (if any) sits in seat 0.

    ``created_session`` and ``created_address``: the browser session and the address that
    opened it from the lobby (its open tables are counted and expire, ``games.tables.limits``).
    ``seat_bots``: bots of ``bot_level`` sit in the other seats at once (the lobby's newcomer
    default), where the creator may remove them before the start and anyone joining takes
    one's place."""
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
    options = dict(options or {})
    if move_deadline is not None:
        if move_deadline not in MoveDeadline.values:
            raise move_deadline_refused()
        turn_based = getattr(engine, "turn_based_options", None)
        if turn_based is None:
            raise ActionRefused(_("This game has no turn-based tables."), "move_deadline")
        options.update(turn_based())
    try:
        checked = engine.validate_options(options)
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
            created_address=created_address,
            move_deadline=move_deadline,
        )
        Seat.objects.bulk_create(Seat(table=table, number=n) for n in range(players))
        if created_by is not None:
            Seat.objects.filter(table=table, number=0).update(player=created_by)
        if seat_bots and bot_level:
            Seat.objects.filter(table=table, player__isnull=True).update(bot_level=bot_level)
    return table


def move_deadline_refused() -> ActionRefused:
    """The refusal of a move deadline that is not one of those offered."""
    return ActionRefused(
        _("A turn-based table gives 12 hours, 1 day or 3 days for a move."), "move_deadline"
    )


def _locked_open_table(table: Table) -> Table:
    locked = Table.objects.select_for_update().get(pk=table.pk)
    if locked.status != Table.Status.OPEN:
        raise ActionRefused(_("This table has already started."), "started")
    return locked


def sit(table: Table, player: Player, number: int | None = None) -> Seat:
    """Seat ``player`` at an open table (the first empty seat unless ``number`` is given).

    A bot waiting in a seat before the start gives it up to a person: with no empty
    seat left, the first bot's seat is taken."""
    with transaction.atomic():
        table = _locked_open_table(table)
        if table.seats.filter(player=player).exists():
            raise ActionRefused(_("You already have a seat at this table."), "seated")
        free = table.seats.filter(player__isnull=True)
        if number is not None:
            free = free.filter(number=number)
        allowed = free.filter(Q(kept_for__isnull=True) | Q(kept_for=player))
        # A seat kept for this player first, then empty seats (blank level sorts first),
        # then bots' seats, by number.
        seat = allowed.order_by(F("kept_for").desc(nulls_last=True), "bot_level", "number").first()
        if seat is None and free.exists():
            raise ActionRefused(_("That seat is kept for the player drawn to it."), "seat_kept")
        if seat is None:
            raise ActionRefused(_("That seat is taken."), "seat_taken")
        seat.player, seat.bot_level = player, ""
        seat.save(update_fields=["player", "bot_level"])
        table_events.after_commit(table.pk)
    return seat


def set_seat_bot(table: Table, player: Player, number: int, bot: bool) -> Seat:
    """Before the start, the table's creator puts a bot in empty seat ``number`` (``bot``)
    or takes one away (the seat waits for a person). Only the creator may: anyone else,
    a guest who has not named themselves included, is refused (403)."""
    with transaction.atomic():
        table = _locked_open_table(table)
        if table.created_by_id is None or table.created_by_id != player.pk:
            raise NotSeated(_("Only the table's creator can add or remove bots."), "not_creator")
        seat = table.seats.filter(number=number, player__isnull=True).first()
        if seat is None:
            raise ActionRefused(_("A person sits there; only empty seats take bots."), "bad_seat")
        if bot == seat.is_bot:
            raise ActionRefused(
                _("That seat has a bot already.") if bot else _("That seat has no bot."),
                "seat_unchanged",
            )
        seat.bot_level = (table.bot_level or default_bot_level(table.game_name)) if bot else ""
        seat.save(update_fields=["bot_level"])
        table_events.after_commit(table.pk)
    return seat


def default_bot_level(game_name: str) -> str:
    """The level a newcomer's table gets: the game's first that plays with some sense
    (not ``random``), else its first."""
    levels = list(game_kind(game_name).engine.bot_levels())
    return next((level for level in levels if level != "random"), levels[0])


def stand(table: Table, player: Player) -> None:
    """Leave one's seat at a table that has not started."""
    with transaction.atomic():
        table = _locked_open_table(table)
        if not table.seats.filter(player=player).update(player=None):
            raise NotSeated(_("You have no seat at this table."), "not_seated")
        table_events.after_commit(table.pk)


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
        if player is not None and selectors.kept_seats(seats):
            raise NotTheirs(_("An organiser starts a club night's table."), "organisers_start")
        empty = [s for s in seats if s.is_empty]
        if empty and not table.bot_level:
            raise ActionRefused(_("Every seat must be taken before the start."), "seats_empty")
        for seat in empty:
            seat.bot_level = table.bot_level
            seat.save(update_fields=["bot_level"])
        _hints_at_start(table, seats)
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
        _stand_in_for_the_late(game, kind.engine, empty, created)
        _starting_settings(game, kind, seats)
        table.status = Table.Status.PLAYING
        table.save(update_fields=["status"])
        table_events.game_started.send(sender=Game, game=game)
        table_events.after_commit(table.pk, game, away.seats_with_presence(table.pk))
    return game


def _stand_in_for_the_late(
    game: Game, engine: Engine, empty: list[Seat], at: datetime
) -> list[StandIn]:
    """A seat kept for a player who has not sat down yet (a club night's drawn member, late)
    is played by a bot standing in for them: when they arrive it gives the seat back at the
    next decision, as to any player who comes back (``games.presence.leavers.retake``)."""
    log_start, log_game = at_the_table.log_mark(engine, game.state)
    return [
        StandIn.objects.create(
            game=game,
            seat_number=seat.number,
            player_id=seat.kept_for_id,
            bot_level=seat.bot_level,
            reason=StandIn.Reason.NOT_ARRIVED,
            started=at,
            log_start=log_start,
            log_game=log_game,
        )
        for seat in empty
        if seat.kept_for_id is not None
    ]


HINTED_GAMES = 3  # a player is shown hints in their first games, unless they switch them off


def _hints_at_start(table: Table, seats: list[Seat]) -> None:
    """Each person's seat shows hints in their first :data:`HINTED_GAMES` finished games,
    never at a league table (the players may switch them, :func:`set_hints`)."""
    league = Table.objects.filter(pk=table.pk, league_match__isnull=False).exists()
    for seat in seats:
        if seat.player_id is None:
            continue
        played = (
            Game.objects.filter(finished__isnull=False, table__seats__player_id=seat.player_id)
            .exclude(table__created_session=guided_steps.GUIDED)  # a lesson is no game played
            .count()
        )
        seat.hints = not league and played < HINTED_GAMES
        seat.save(update_fields=["hints"])


def set_hints(table: Table, player: Player, on: bool) -> Seat:
    """The seat's own player shows or hides their hints (nobody else may)."""
    with transaction.atomic():
        seat = Seat.objects.select_for_update().filter(table=table, player=player).first()
        if seat is None:
            raise NotSeated(_("Only a seated player can switch their hints."), "not_seated")
        seat.hints = on
        seat.save(update_fields=["hints"])
        table_events.after_commit(table.pk)
    return seat


def _starting_settings(game: Game, kind: Any, seats: list[Seat]) -> None:
    """Each seat a person holds takes the settings the table's options start them with
    (the game's presenters' ``starting_settings``, e.g. Dragon Formula's "pass
    automatically" at casual tables), as logged actions of that seat: replays agree."""
    actions = kind.presenters.starting_settings(game.options)
    if not actions:
        return
    at = game.created.timestamp()
    for seat in seats:
        if seat.player_id is not None:
            for action in actions:
                _apply(game, kind.engine, seat.number, action, at)
    statements.record_move(game, _log_of(game))
    _log_of(game).clear()


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
            move_deadline=old.move_deadline,
        )
        new.created_by = player
        new.save(update_fields=["created_by"])
        for seat in seats:
            if seat.player_id is not None:
                Seat.objects.filter(table=new, number=seat.number).update(player=seat.player_id)
        old.rematch = new
        old.save(update_fields=["rematch"])
        set_away_limit(new, away.away_seconds(old))
        table_events.after_commit(new.pk)
        table_events.after_commit(old.pk)  # the old table's page offers the way over
    return new


def set_away_limit(table: Table, seconds: int | None) -> None:
    """The table's option: ``seconds`` away before a bot takes a seat (``None``: the default)."""
    if seconds is None:
        AwayLimit.objects.filter(table=table).delete()
        table.away_limit = None  # what away_seconds reads of it from now on: the default
        return
    if not away.MIN_AWAY_SECONDS <= seconds <= away.MAX_AWAY_SECONDS:
        raise ValueError(
            f"The away limit is {away.MIN_AWAY_SECONDS} to {away.MAX_AWAY_SECONDS} seconds, "
            f"not {seconds}."
        )
    table.away_limit, _created = AwayLimit.objects.update_or_create(
        table=table, defaults={"seconds": seconds}
    )


# --- games ------------------------------------------------------------------


@dataclass(frozen=True)
class CurrentGame:
    """The current game of the table with join ``code`` (a table of ``game_name``), as a
    click names it: found by the move's own lock, so the move reads its game once."""

    code: str
    game_name: str


def apply_action(
    game: Game | CurrentGame,
    player: Player | None,
    action: Action,
    expected_version: int,
    now: float | None = None,
    still_seen: Callable[[Game, list[Seat]], bool] | None = None,
) -> Game:
    """``player`` takes ``action`` in ``game``, having seen ``expected_version``.

    Raises :class:`NotSeated` (a spectator or someone else's seat),
    :class:`StaleVersion` (the table moved on since the player looked) or
    :class:`IllegalMove` (the rules refuse it). Overdue deadlines are applied
    (and logged) first, even when the action is then refused.

    ``still_seen(game, seats)`` may accept a click made at an older version when what the
    player was deciding is still exactly what they would be shown now (the views
    compare the prompt's fingerprint, from the game and seats as locked and read); the
    engine checks the action as always.

    A refusal carries the game and its seats as they were read for it (its ``game`` and
    ``seats``), so that its answer shows the table as it now stands without reading it again.
    """
    if isinstance(action, dict) and action.get("type") == TICK["type"]:
        raise IllegalMove(_("Timeouts are the table's business."), "tick")
    try:  # the game's action schema: no unknown field, no NaN, no huge number is ever stored
        game_kind(game.game_name).checked_action(action)
    except IllegalAction:
        raise IllegalMove(_("That is not an action of this game."), "not_an_action") from None

    def act(game: Game, engine: Engine, at: float, seats: list[Seat]) -> Action | None:
        seat = _seat_of(seats, player)
        if game.version != expected_version and not (still_seen and still_seen(game, seats)):
            raise StaleVersion(
                _("The table has moved on since you looked; here is the current state."),
                "stale",
            )
        if game.is_finished:
            raise IllegalMove(_("This game is over."), "finished")
        if _guided(game):  # a guided first game takes only its step's own action
            off_script = guided_steps.off_script(
                game_kind(game.game_name), game.table, engine.view(game.state, seat), action
            )
            if off_script:
                raise IllegalMove(off_script, "off_script")
        _apply(game, engine, seat, action, at)
        return action

    return _record(game, act, now)


def time_out(game: Game, seat: int, now: float | None = None) -> Game:
    """A turn-based table's move deadline for ``seat`` has passed (``games.turns``): the game
    plays the seat's part as its clock does at a live table out of time, and once the seat
    has run out of time :data:`~games.presence.away.TIMEOUTS_BEFORE_STAND_IN` times in a
    row, a bot stands in for it until its player is back (as at a live table)."""

    def play(game: Game, engine: Engine, at: float, seats: list[Seat]) -> Action:
        if game.is_finished:
            raise IllegalMove(_("This game is over."), "finished")
        action = time_out_action(seat)
        _apply(game, engine, None, action, at)
        if take_over_out_of_time(game, engine, at, seats):
            seats[:] = away.seats_with_presence(game.table_id)
        return action

    return _record(game, play, now)


def tick(game: Game, now: float | None = None) -> Game:
    """Apply every deadline that has passed (what a client sends when its countdown ends)."""
    at = time.time() if now is None else now
    deadline = _deadline(game, game_kind(game.game_name).engine)
    if game.is_finished or deadline is None or deadline > at:
        return game  # nothing due: no lock, no write
    return _record(game, lambda game, engine, at, seats: None, at)


def advance(
    game_id: int,
    version: int,
    now: float | None = None,
    thought: dict[int, Action] | None = None,
) -> Game | None:
    """The server's own move: overdue deadlines, the take-over of seats away past the
    table's limit, then the awaited bots' actions.

    ``thought``: actions bots decided elsewhere from the game at ``version`` (seat ->
    action, ``games.coach.bot_thinking``); the other awaited bots decide here.

    Called by the timers with the version they were armed for; if the game has
    moved on since, someone else has armed the next call and this one does nothing
    (so duplicates, e.g. from a second server process, are harmless). If nothing was
    due after all, the game comes back at the same version (the timers look again later).
    """

    def bot_move(game: Game, engine: Engine, at: float, seats: list[Seat]) -> Action | None:
        if game.version != version or game.is_finished:
            return None  # a deadline just passed: the bots think over the new state first
        if _guided(game) and _script_over(game, engine, seats):
            return None  # a guided game's bots do nothing after its last step
        taken = take_over_due(game, at, seats)
        if taken:
            seats[:] = away.seats_with_presence(game.table_id)  # the bots now in them
        bots = _bot_levels(seats)
        # Bots asked at the same time (a pick window) answer together, each once: none
        # waits for another, and a window everyone has answered closes at once.
        moved = None
        waiting = engine.waiting_for(game.state)
        for seat in [s for s in waiting if s in bots]:
            if moved is not None:  # only a move changes who is awaited
                if game.is_finished:
                    break
                waiting = engine.waiting_for(game.state)
                if seat not in waiting:
                    continue
            moved = _bot_moves(game, engine, seat, bots[seat], at, (thought or {}).get(seat))
        if taken and moved is None:  # the seats changed hands, the game did not move
            table_events.after_commit(game.table_id, game, list(seats))
        return moved

    try:
        # Whoever moved the game past ``version`` armed the next call: then nothing is done.
        return _record(Game(pk=game_id), bot_move, now, only_at=version)
    except (Game.DoesNotExist, _MovedOn):
        return None


class _MovedOn(Exception):
    """The game is no longer at the version a server move was armed for."""


def _bot_moves(
    game: Game, engine: Engine, seat: int, level: str, at: float, thought: Action | None = None
) -> Action:
    """The bot's action (``thought`` if it decided already); if its engine call fails, its
    first legal action (the table goes on)."""
    try:
        action = thought if thought is not None else engine.bot_action(game.state, seat, level)
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


# A bot move at each table pace, as a share of ``settings.TABLE_BOT_DELAY`` (normal, 0.8 s).
PACE_FACTORS = {BotPace.QUICK: 0.375, BotPace.NORMAL: 1.0, BotPace.RELAXED: 1.875}
FORCED_MOVE_FACTOR = 0.5  # a bot with one thing to do (draw, next game) has nothing to think over


def bot_delay(pace: str = BotPace.NORMAL, forced: bool = False) -> float:
    """Seconds a bot waits before its move at a table of ``pace``: quick ≈ 0.3 s,
    normal ≈ 0.8 s (``settings.TABLE_BOT_DELAY``), relaxed ≈ 1.5 s; half when ``forced``."""
    delay = float(getattr(settings, "TABLE_BOT_DELAY", 0.8)) * PACE_FACTORS.get(pace, 1.0)
    return delay * FORCED_MOVE_FACTOR if forced else delay


def next_wakeup(game: Game, now: float, seats: list[Seat] | None = None) -> float | None:
    """Seconds until the server must move this game itself (a bot's turn, a deadline, a
    seat's take-over); ``None`` when nothing is due, or when a lobby table has had no human
    at it for ``away.unattended_seconds`` (it stops until a player opens it again, whose
    socket arms it).

    ``seats``: the table's seats if the caller has just read them (with their presence,
    ``away.seats_with_presence``: then this costs no query while nobody is away).
    """
    if game.is_finished or game.table.is_turn_based:  # its deadlines are games.turns'
        return None
    if seats is None:
        seats = away.seats_with_presence(game.table_id)
    if away.stopped_unattended(game, now, seats):
        return None  # nobody has been at this lobby table for long: it waits for a player
    engine = game_kind(game.game_name).engine
    if _guided(game) and _script_over(game, engine, seats):
        return None  # nothing moves after a guided game's last step
    delays = []
    bots = _bot_levels(seats)
    awaited = [seat for seat in engine.waiting_for(game.state) if seat in bots]
    if awaited:
        forced = all(_forced(engine, game.state, seat) for seat in awaited)
        delays.append(bot_delay(game.table.bot_pace, forced))
    deadline = _deadline(game, engine)
    if deadline is not None:
        delays.append(max(0.0, deadline - now))
    takeover = None if _guided(game) else away.seconds_until_takeover(game, now, seats)
    if takeover is not None:
        delays.append(takeover)
    return min(delays) if delays else None


def _forced(engine: Engine, state: dict[str, Any], seat: int) -> bool:
    """Whether a bot has one thing to do (not counting the table settings every seat may
    always change): it then waits half as long."""
    choices = 0
    for action in engine.legal_actions(state, seat):
        if action["type"] not in engine.setting_actions:
            choices += 1
            if choices > 1:
                return False
    return choices == 1


# --- seats taken over by a bot and given back ---------------------------------------


def take_over_due(game: Game, now: float, seats: list[Seat] | None = None) -> list[StandIn]:
    """Put a bot in every seat whose player has been away past the table's limit.

    Runs inside the caller's transaction with the game row locked (:func:`advance`,
    which announces it). ``seats`` as ``away.seats_with_presence`` reads them: a table
    where everyone has a socket open costs no query here.
    """
    # Away is normal between two moves of a turn-based table; a guided game waits for its newcomer.
    if game.is_finished or game.table.is_turn_based or _guided(game):
        return []
    taken = []
    limit: int | None = None
    for seat, connected in away.seats_and_presence(game, seats):
        since = away.away_since(game, seat, now, connected)
        if since is None:
            continue
        limit = away.away_seconds(game.table) if limit is None else limit
        if now - since >= limit - away.DUE_TOLERANCE:
            taken.append(take_over(game, seat, StandIn.Reason.DISCONNECTED, now))
    return taken


def take_over_out_of_time(
    game: Game, engine: Engine, now: float, seats: list[Seat]
) -> list[StandIn]:
    """Put a bot in every seat whose player's clock ran out too many turns in a row
    (``away.out_of_time``); inside the game's lock, after the ticks that counted them."""
    if game.is_finished:
        return []
    due = away.out_of_time(engine, game.state)
    return [
        take_over(game, seat, StandIn.Reason.OUT_OF_TIME, now)
        for seat in seats
        if seat.number in due and seat.player_id is not None
    ]


def take_over(game: Game, seat: Seat, reason: str, now: float) -> StandIn:
    """A bot of the table's level takes ``seat`` for its player (inside the game's lock)."""
    level = away.stand_in_level(game.table)
    at = datetime.fromtimestamp(now, tz=UTC)
    log_start, log_game = at_the_table.log_mark(game_kind(game.game_name).engine, game.state)
    stand_in = StandIn.objects.create(
        game=game,
        seat_number=seat.number,
        player_id=seat.player_id,
        bot_level=level,
        reason=reason,
        started=at,
        log_start=log_start,
        log_game=log_game,
    )
    Seat.objects.filter(pk=seat.pk).update(player=None, bot_level=level)
    SeatConnection.objects.filter(seat=seat, closed__isnull=True).update(closed=at)
    return stand_in


def _stand_ins_finish(game: Game) -> bool:
    """The game ended: bots still standing in finished it for their players, whose seats
    (and so results and history) go back to them; the seat of one who never arrived stays
    the bot's, who played all of it. Whether any seat went back."""
    returned = False
    for stand_in in StandIn.objects.filter(game=game, ended__isnull=True):
        stand_in.ended = game.finished or timezone.now()
        stand_in.finished_game = True
        stand_in.save(update_fields=["ended", "finished_game"])
        if stand_in.reason == StandIn.Reason.NOT_ARRIVED:
            continue
        Seat.objects.filter(table_id=game.table_id, number=stand_in.seat_number).update(
            player=stand_in.player, bot_level=""
        )
        returned = True
    return returned


# --- the one place that writes a game --------------------------------------------


def _record(
    game: Game,
    change: Callable[[Game, Engine, float, list[Seat]], Action | None],
    now: float | None,
    only_at: int | None = None,
) -> Game:
    """Lock, read the seats, apply overdue ticks, apply ``change``, log, save; refusals
    still keep the ticks, and carry the game and seats as they now stand. After the commit,
    :data:`games.tables.events.table_changed`.

    ``only_at``: do nothing at all (raise :class:`_MovedOn`) unless the game is at this
    version when locked."""
    at = time.time() if now is None else now
    refusal: ActionRefused | None = None
    with transaction.atomic():
        game = _locked(game)
        if only_at is not None and game.version != only_at:
            raise _MovedOn
        seats = away.seats_with_presence(game.table_id)
        engine = game_kind(game.game_name).engine
        before, state = game.version, game.state
        _apply_overdue_ticks(game, engine, at)
        if game.version != before and take_over_out_of_time(game, engine, at, seats):
            seats = away.seats_with_presence(game.table_id)  # the bots now in them
        try:
            change(game, engine, at, seats)
        except ActionRefused as error:
            refusal = error
        if game.version != before:
            if _save(game, state, seats):
                seats = away.seats_with_presence(game.table_id)  # players back in their seats
            table_events.after_commit(game.table_id, game, seats)
    if refusal is not None:
        refusal.game, refusal.seats = game, seats
        raise refusal
    return game


def _locked(game: Game | CurrentGame) -> Game:
    """The game's row locked; its table, and the away limit and shuffle commitment the
    trust panel shows, are read with it. A :class:`CurrentGame` is looked up by the same
    statement: its table's newest game (a table that has none has not started). One
    statement, written out (``games.tables.statements``): every move runs it."""
    if isinstance(game, Game):
        locked = statements.locked_game(pk=game.pk)
        if locked is None:
            raise Game.DoesNotExist(f"Game {game.pk} is gone.")
        return locked
    current = statements.locked_game(code=game.code, game_name=game.game_name)
    if current is None:
        raise IllegalMove(_("The game has not started yet."), "not_started")
    return current


def _guided(game: Game) -> bool:
    """Whether ``game`` is a guided first game (``games.learn``): it follows its script."""
    return game.table.created_session == guided_steps.GUIDED


def _script_over(game: Game, engine: Engine, seats: list[Seat]) -> bool:
    """Whether a guided game has reached its last step (read from its newcomer's seat)."""
    kind = game_kind(game.game_name)
    return any(
        (step := guided_steps.step_of(kind, game.table, engine.view(game.state, seat.number)))
        is not None
        and step.done
        for seat in seats
        if seat.player_id is not None
    )


def _deadline(game: Game, engine: Engine) -> float | None:
    """When the table plays ``game``'s idle seats by default: never in a guided first game,
    which waits for each step (no clock runs it off its script, and no countdown deals an
    unguided game after it)."""
    return None if _guided(game) else engine.deadline(game.state)


def _apply_overdue_ticks(game: Game, engine: Engine, at: float) -> None:
    for _step in range(MAX_TICKS):
        if game.is_finished or game.state.get("finished"):
            return
        deadline = _deadline(game, engine)
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
    # Written with the game (:func:`_save`): bots answering together are one insert.
    _log_of(game).append(
        ActionLog(game=game, version=game.version, seat=seat, action=action, now=at)
    )
    table, version = game.table, game.version
    logged = game_kind(game.game_name).public_action(action)  # no face-down card in the log
    transaction.on_commit(lambda: oplog.log_action_applied(table, seat, logged, version))
    game.state = state
    if outcome is not None and game.finished is None:
        game.outcome = outcome
        game.finished = datetime.fromtimestamp(at, tz=UTC)


def _save(game: Game, before: dict[str, Any], seats: list[Seat] | None = None) -> bool:
    """Save the game (one update; and the table's status when it ended); whether seats
    went back to their players. ``before``: its state before this change, for the
    subscribers of ``game_saved`` (a league's results, when one of its games ended)."""
    acted = _acted_seats(_log_of(game))
    at = max((entry.now for entry in _log_of(game)), default=None)
    statements.record_move(game, _log_of(game))
    _log_of(game).clear()
    returned = False
    if game.is_finished:
        returned = _stand_ins_finish(game)
        Table.objects.filter(pk=game.table_id).update(status=Table.Status.FINISHED)
        game.table.status = Table.Status.FINISHED  # what the answer to this move shows
    table_events.game_saved.send(
        sender=Game, game=game, before=before, acted=acted, at=at, seats=None if returned else seats
    )
    return returned


def _acted_seats(log: list[ActionLog]) -> set[int]:
    """The seats that moved in these actions, the server's time-out for a seat included."""
    acted = set()
    for entry in log:
        if entry.seat is not None:
            acted.add(entry.seat)
        elif entry.action.get("type") == TIME_OUT:
            acted.add(entry.action["seat"])
    return acted


def _log_of(game: Game) -> list[ActionLog]:
    """The actions applied to ``game`` in this transaction, not yet written."""
    if not hasattr(game, "_unwritten_log"):
        game._unwritten_log = []  # type: ignore[attr-defined]
    return game._unwritten_log  # type: ignore[attr-defined]


def _seat_of(seats: list[Seat], player: Player | None) -> int:
    seat = None
    if player is not None:
        seat = next((s for s in seats if s.player_id == player.pk), None)
    if seat is None:
        raise NotSeated(_("Spectators cannot play; take a seat at an open table."), "spectator")
    return seat.number


def _bot_levels(seats: list[Seat]) -> dict[int, str]:
    """Seat number -> bot level."""
    return {seat.number: seat.bot_level for seat in seats if seat.bot_level}
