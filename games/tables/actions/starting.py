"""Starting a table's game: bots in the empty seats, the shuffle's commitment, stand-ins
for the members who have not arrived, each seat's starting settings."""

from __future__ import annotations

import secrets
import time
from datetime import UTC, datetime
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from games.engine import Engine
from games.presence import at_the_table, away
from games.presence.models import StandIn
from games.registry import game_kind
from games.tables import events as table_events
from games.tables import selectors, statements
from games.tables.actions.hints import hints_at_start
from games.tables.actions.recording import apply_logged, unwritten_log
from games.tables.actions.refused import ActionRefused, NotSeated, NotTheirs
from games.tables.actions.seating import locked_open_table
from games.tables.models import Game, Player, Seat, Table
from games.trust import fairness


def start(table: Table, player: Player | None, seed: int | None = None) -> Game:
    """Start the table's game; bots take the empty seats if the table has a bot level.

    ``player`` must be seated at the table; ``None`` is the club itself (demo tables).
    ``seed`` is drawn at random unless given (tests, puzzles).
    """
    with transaction.atomic():
        table = locked_open_table(table)
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
        hints_at_start(table, seats)
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
                apply_logged(game, kind.engine, seat.number, action, at)
    statements.record_move(game, unwritten_log(game))
    unwritten_log(game).clear()
