"""The one place that writes a game.

Every change to a game goes through :func:`record`: lock the game row, read the
table's seats with their presence (one query), apply the overdue deadlines as logged
ticks, apply the action with the engine, append it to the action log and save the
snapshot, all in one transaction."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from games.engine import TICK, TIME_OUT, Action, Engine, IllegalAction
from games.presence import away
from games.registry import game_kind
from games.tables import events as table_events
from games.tables import oplog, statements
from games.tables.actions.guided import deadline_of
from games.tables.actions.refused import ActionRefused, IllegalMove
from games.tables.actions.stand_ins import stand_ins_finish, take_over_out_of_time
from games.tables.models import ActionLog, Game, Seat, Table
from games.tables.refusals import refusal_text

logger = logging.getLogger(__name__)


MAX_TICKS = 50  # a tick applies every passed deadline; this only bounds a broken engine


@dataclass(frozen=True)
class CurrentGame:
    """The current game of the table with join ``code`` (a table of ``game_name``), as a
    click names it: found by the move's own lock, so the move reads its game once."""

    code: str
    game_name: str


class MovedOn(Exception):
    """The game is no longer at the version a server move was armed for."""


def record(
    game: Game,
    change: Callable[[Game, Engine, float, list[Seat]], Action | None],
    now: float | None,
    only_at: int | None = None,
) -> Game:
    """Lock, read the seats, apply overdue ticks, apply ``change``, log, save; refusals
    still keep the ticks, and carry the game and seats as they now stand. After the commit,
    :data:`games.tables.events.table_changed`.

    ``only_at``: do nothing at all (raise :class:`MovedOn`) unless the game is at this
    version when locked."""
    at = time.time() if now is None else now
    refusal: ActionRefused | None = None
    with transaction.atomic():
        game = _locked(game)
        if only_at is not None and game.version != only_at:
            raise MovedOn
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


def _apply_overdue_ticks(game: Game, engine: Engine, at: float) -> None:
    for _step in range(MAX_TICKS):
        if game.is_finished or game.state.get("finished"):
            return
        deadline = deadline_of(game, engine)
        if deadline is None or deadline > at:
            return
        before = game.state
        try:
            apply_logged(game, engine, None, TICK, at)
        except IllegalMove as refusal:  # the engine sees nothing due yet: leave it for later
            logger.warning("Game %s refused a tick at %s: %s", game.pk, at, refusal.message)
            return
        if game.state == before:
            logger.warning("A tick at %s changed nothing in game %s", at, game.pk)
            return


def apply_logged(game: Game, engine: Engine, seat: int | None, action: Action, at: float) -> None:
    try:
        state = engine.apply(game.state, seat, action, at)
    except IllegalAction as error:
        raise IllegalMove(
            refusal_text(error, game_kind(game.game_name).refusals), error.code
        ) from None
    outcome = engine.outcome(state)  # before any change: an engine error leaves the game as it was
    game.version += 1
    # Written with the game (:func:`_save`): bots answering together are one insert.
    unwritten_log(game).append(
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
    acted = _acted_seats(unwritten_log(game))
    at = max((entry.now for entry in unwritten_log(game)), default=None)
    statements.record_move(game, unwritten_log(game))
    unwritten_log(game).clear()
    returned = False
    if game.is_finished:
        returned = stand_ins_finish(game)
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


def unwritten_log(game: Game) -> list[ActionLog]:
    """The actions applied to ``game`` in this transaction, not yet written."""
    if not hasattr(game, "_unwritten_log"):
        game._unwritten_log = []  # type: ignore[attr-defined]
    return game._unwritten_log  # type: ignore[attr-defined]
