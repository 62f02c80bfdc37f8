"""Who is away from a running game, since when, and which bots stand in (reads only).

A seat counts as *away since* the later of: its last socket closing, the game's start,
the player's last logged action and their last retake of the seat (so a player who acts
over plain HTTP is present too); a seat with an open table socket is present. After the
table's away limit a bot takes an away seat (``games.services.take_over_due``); the
sockets themselves are kept by ``games.leavers``.

The write path reads the table's seats with their presence in one query
(:func:`seats_with_presence`): a move at a table where everyone has a socket open costs
no further query to know that nobody is due to be taken over.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from django.db import connection
from django.db.models import QuerySet

from games.models import ActionLog, AwayLimit, Game, Player, Seat, SeatConnection, StandIn, Table
from games.registry import game_kind

DEFAULT_AWAY_SECONDS = 60
MIN_AWAY_SECONDS = 1
MAX_AWAY_SECONDS = 3600
# Moments are stored to the microsecond: a timer that fires "at the limit" must count.
DUE_TOLERANCE = 0.001


def away_seconds(table: Table) -> int:
    """How long a seat may stay without its player before a bot takes it (read with the
    table when it was selected with ``away_limit``)."""
    try:
        return table.away_limit.seconds
    except AwayLimit.DoesNotExist:
        return DEFAULT_AWAY_SECONDS


def stand_in_level(table: Table) -> str:
    """The level of a stand-in bot: the table's bot level, else the game's weakest bot."""
    if table.bot_level:
        return table.bot_level
    return game_kind(table.game_name).engine.bot_levels()[0]


def open_connections(seat_id: int, player_id: int | None) -> QuerySet[SeatConnection]:
    """The open table sockets of a seat's player (``player_id``: the seat's player now)."""
    return SeatConnection.objects.filter(seat_id=seat_id, player_id=player_id, closed__isnull=True)


def seats_with_presence(table_id: int) -> list[Seat]:
    """The table's seats in order, with their players, each with ``present``: whether its
    player has a table socket open (one query).

    Every move reads this, so it is one hand-written statement (the ORM's compiling of
    the same query cost ten times its running, ``bench/table_actions.py``); the players
    come without their ``created`` (read on first use, as a deferred field)."""
    with connection.cursor() as cursor:
        cursor.execute(_seats_sql(connection.vendor), [table_id])
        rows = cursor.fetchall()
    seats = []
    width = len(_SEAT_FIELDS)
    for row in rows:
        seat = Seat.from_db(connection.alias, _SEAT_FIELDS, row[:width])
        player_row = row[width : width + len(_PLAYER_FIELDS)]
        seat.player = (
            Player.from_db(connection.alias, _PLAYER_FIELDS, player_row)
            if player_row[0] is not None
            else None
        )
        seat.present = bool(row[-1])
        seats.append(seat)
    return seats


_SEAT_FIELDS = [field.attname for field in Seat._meta.concrete_fields]
_PLAYER_FIELDS = ["id", "user_id", "display_name"]


@lru_cache(maxsize=4)
def _seats_sql(vendor: str) -> str:
    """The statement of :func:`seats_with_presence` (``vendor``: its quoting)."""

    def column(model: Any, field: str) -> str:
        return connection.ops.quote_name(model._meta.get_field(field).column)

    def table(model: Any) -> str:
        return connection.ops.quote_name(model._meta.db_table)

    seat_columns = ", ".join(f"s.{column(Seat, f)}" for f in _SEAT_FIELDS)
    player_columns = ", ".join(f"p.{column(Player, f)}" for f in _PLAYER_FIELDS)
    return (
        f"SELECT {seat_columns}, {player_columns}, EXISTS("
        f"SELECT 1 FROM {table(SeatConnection)} c"
        f" WHERE c.{column(SeatConnection, 'seat')} = s.{column(Seat, 'id')}"
        f" AND c.{column(SeatConnection, 'player')} = s.{column(Seat, 'player')}"
        f" AND c.{column(SeatConnection, 'closed')} IS NULL)"
        f" FROM {table(Seat)} s LEFT JOIN {table(Player)} p"
        f" ON p.{column(Player, 'id')} = s.{column(Seat, 'player')}"
        f" WHERE s.{column(Seat, 'table')} = %s ORDER BY s.{column(Seat, 'number')}"
    )


def away_since(game: Game, seat: Seat, now: float, connected: bool | None = None) -> float | None:
    """Since when ``seat``'s player has been away from ``game``; ``None`` while present.

    The latest sign of the player: the game's start, their last logged action,
    their last retake of the seat, their last table socket closing. ``connected``
    says whether the player has a socket open, if the caller knows already.
    """
    if seat.player_id is None or game.is_finished:
        return None
    if connected if connected is not None else open_connections(seat.pk, seat.player_id).exists():
        return None
    signs = [
        ActionLog.objects.filter(game=game, seat=seat.number)
        .order_by("-version")
        .values_list("now", flat=True)
        .first()
    ]
    for moment in (
        StandIn.objects.filter(game=game, seat_number=seat.number, ended__isnull=False)
        .order_by("-ended")
        .values_list("ended", flat=True)
        .first(),
        SeatConnection.objects.filter(seat=seat, player_id=seat.player_id, closed__isnull=False)
        .order_by("-closed")
        .values_list("closed", flat=True)
        .first(),
    ):
        signs.append(moment.timestamp() if moment is not None else None)
    return max([game.created.timestamp(), *(s for s in signs if s is not None)])


def seats_and_presence(game: Game, seats: list[Seat] | None = None) -> list[tuple[Seat, bool]]:
    """The game's seats that have a player, each with whether that player has a socket open.

    ``seats`` as read by :func:`seats_with_presence` cost nothing more; other seats cost
    one query for the table's open sockets (two if none are given)."""
    if seats is None:
        seats = seats_with_presence(game.table_id)
    humans = [seat for seat in seats if seat.player_id is not None]
    if all(hasattr(seat, "present") for seat in humans):
        return [(seat, seat.present) for seat in humans]
    open_sockets = set(
        SeatConnection.objects.filter(
            seat__table_id=game.table_id, closed__isnull=True
        ).values_list("seat_id", "player_id")
    )
    return [(seat, (seat.pk, seat.player_id) in open_sockets) for seat in humans]


def seconds_until_takeover(game: Game, now: float, seats: list[Seat] | None = None) -> float | None:
    """Seconds until the next away seat of ``game`` is due for a bot (0 if overdue).

    ``seats``: the table's seats if the caller has just read them.
    """
    if game.is_finished:
        return None
    waits = []
    limit: int | None = None  # read only when someone is away
    for seat, connected in seats_and_presence(game, seats):
        since = away_since(game, seat, now, connected)
        if since is not None:
            limit = away_seconds(game.table) if limit is None else limit
            waits.append(max(0.0, since + limit - now))
    return min(waits) if waits else None


def active_stand_ins(game: Game) -> dict[int, StandIn]:
    """Seat number -> the bot now playing it for an away player."""
    return {
        s.seat_number: s
        for s in StandIn.objects.filter(game=game, ended__isnull=True).select_related("player")
    }


def finished_by_bot(game: Game) -> dict[int, Player]:
    """Seat number -> the player for whom a bot finished ``game``."""
    return {
        s.seat_number: s.player
        for s in StandIn.objects.filter(game=game, finished_game=True).select_related("player")
    }


def games_finished_by_bot(player: Player) -> QuerySet[Game]:
    """The games a bot finished for ``player`` (what leagues may want to flag)."""
    return Game.objects.filter(stand_ins__player=player, stand_ins__finished_game=True).distinct()
