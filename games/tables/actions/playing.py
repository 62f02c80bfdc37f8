"""Moves in a running game: a player's action, a turn-based seat out of time, the deadlines
a client counts down, the server's own move (stand-ins, bots)."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

from django.db import DatabaseError
from django.utils.translation import gettext as _

from games.engine import TICK, Action, Engine, IllegalAction, time_out_action
from games.learn import steps as guided_steps
from games.presence import away
from games.registry import game_kind
from games.tables import events as table_events
from games.tables.actions.guided import deadline_of, is_guided, script_over
from games.tables.actions.pace import bot_levels
from games.tables.actions.recording import CurrentGame, MovedOn, apply_logged, record
from games.tables.actions.refused import IllegalMove, NotSeated, StaleVersion
from games.tables.actions.stand_ins import take_over_due, take_over_out_of_time
from games.tables.models import Game, Player, Seat

logger = logging.getLogger(__name__)


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
        if is_guided(game):  # a guided first game takes only its step's own action
            off_script = guided_steps.off_script(
                game_kind(game.game_name), game.table, engine.view(game.state, seat), action
            )
            if off_script:
                raise IllegalMove(off_script, "off_script")
        apply_logged(game, engine, seat, action, at)
        return action

    return record(game, act, now)


def time_out(game: Game, seat: int, now: float | None = None) -> Game:
    """A turn-based table's move deadline for ``seat`` has passed (``games.turns``): the game
    plays the seat's part as its clock does at a live table out of time, and once the seat
    has run out of time :data:`~games.presence.away.TIMEOUTS_BEFORE_STAND_IN` times in a
    row, a bot stands in for it until its player is back (as at a live table)."""

    def play(game: Game, engine: Engine, at: float, seats: list[Seat]) -> Action:
        if game.is_finished:
            raise IllegalMove(_("This game is over."), "finished")
        action = time_out_action(seat)
        apply_logged(game, engine, None, action, at)
        if take_over_out_of_time(game, engine, at, seats):
            seats[:] = away.seats_with_presence(game.table_id)
        return action

    return record(game, play, now)


def tick(game: Game, now: float | None = None) -> Game:
    """Apply every deadline that has passed (what a client sends when its countdown ends)."""
    at = time.time() if now is None else now
    deadline = deadline_of(game, game_kind(game.game_name).engine)
    if game.is_finished or deadline is None or deadline > at:
        return game  # nothing due: no lock, no write
    return record(game, lambda game, engine, at, seats: None, at)


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
        if is_guided(game) and script_over(game, engine, seats):
            return None  # a guided game's bots do nothing after its last step
        taken = take_over_due(game, at, seats)
        if taken:
            seats[:] = away.seats_with_presence(game.table_id)  # the bots now in them
        bots = bot_levels(seats)
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
        return record(Game(pk=game_id), bot_move, now, only_at=version)
    except (Game.DoesNotExist, MovedOn):
        return None


def _bot_moves(
    game: Game, engine: Engine, seat: int, level: str, at: float, thought: Action | None = None
) -> Action:
    """The bot's action (``thought`` if it decided already); if its engine call fails, its
    first legal action (the table goes on)."""
    try:
        action = thought if thought is not None else engine.bot_action(game.state, seat, level)
        apply_logged(game, engine, seat, action, at)
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
        apply_logged(game, engine, seat, action, at)
    return action


def _seat_of(seats: list[Seat], player: Player | None) -> int:
    seat = None
    if player is not None:
        seat = next((s for s in seats if s.player_id == player.pk), None)
    if seat is None:
        raise NotSeated(_("Spectators cannot play; take a seat at an open table."), "spectator")
    return seat.number
