"""Seats taken over by a bot (their player away or out of time) and given back when the game
ends."""

from __future__ import annotations

from datetime import UTC, datetime

from django.utils import timezone

from games.engine import Engine
from games.presence import at_the_table, away
from games.presence.models import SeatConnection, StandIn
from games.registry import game_kind
from games.tables.actions.guided import is_guided
from games.tables.models import Game, Seat


def take_over_due(game: Game, now: float, seats: list[Seat] | None = None) -> list[StandIn]:
    """Put a bot in every seat whose player has been away past the table's limit.

    Runs inside the caller's transaction with the game row locked (``playing.advance``,
    which announces it). ``seats`` as ``away.seats_with_presence`` reads them: a table
    where everyone has a socket open costs no query here.
    """
    # Away is normal between two moves of a turn-based table; a guided game waits for its newcomer.
    if game.is_finished or game.table.is_turn_based or is_guided(game):
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


def stand_ins_finish(game: Game) -> bool:
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
