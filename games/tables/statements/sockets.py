"""A table socket's statements: its table, a seat's signs of presence and the bots standing
in for away players, written out (read on every request and move); its opening and
closing, the ORM's queries (each one statement all the same)."""

from __future__ import annotations

from datetime import datetime
from functools import lru_cache
from typing import Any, NamedTuple

from django.db import connection
from django.db.models import Exists, FilteredRelation, OuterRef, Q, Subquery

from games.presence.models import SeatConnection, StandIn
from games.tables.models import ActionLog, Game, Player, Seat, Table
from games.tables.statements.columns import (
    Columns,
    column,
    sliced_rows,
    sockets_exist,
    table_name,
)

# --- a table socket's opening and closing ----------------------------------------

_TABLE_ALONE = Columns(Table)


def table_by_code(code: str) -> Table | None:
    """The table with join ``code`` (as kept: ``selectors.cleaned_code``), or ``None``:
    what ``Table.objects.filter(code=code).get()`` reads. Every request to a table and
    every socket's opening finds its table so."""
    with connection.cursor() as cursor:
        cursor.execute(_table_sql(connection.vendor), [code])
        row = cursor.fetchone()
    return _TABLE_ALONE.build(row) if row is not None else None


@lru_cache(maxsize=4)
def _table_sql(vendor: str) -> str:
    """The statement of :func:`table_by_code` (``vendor``: its quoting)."""
    return (
        f"SELECT {_TABLE_ALONE.sql()} FROM {table_name(Table)} WHERE {column(Table, 'code')} = %s"
    )


def _open_sockets(seat: Any, player: Any) -> Exists:
    """Whether the player ``player`` has a table socket of the seat ``seat`` open (each an
    ``OuterRef`` or a value)."""
    return Exists(SeatConnection.objects.filter(seat=seat, player=player, closed__isnull=True))


def _running_game(table: Any) -> Subquery:
    """The id of the newest unfinished game of the table ``table`` (an ``OuterRef`` or a
    value), as ``games.leavers`` finds the running game."""
    running = Game.objects.filter(table=table, finished__isnull=True).order_by("-created", "-pk")
    return Subquery(running.values("pk")[:1])


_SEAT_FIELDS = [field.attname for field in Seat._meta.concrete_fields]


def seat_on_opening(table_id: int, player_id: int) -> tuple[Seat | None, bool, int | None, bool]:
    """What a socket's opening needs to know of ``player_id`` at table ``table_id``, in one
    statement: the seat they hold (the lowest numbered, as ``Seat.objects.filter(table=...,
    player=...).first()`` reads it; ``None``), whether that seat has sockets of theirs that
    closed (rows an open socket supersedes), the running game (the table's newest
    unfinished game) if a bot holds a seat for them there (``games.presence.leavers`` gives it back),
    else ``None``, and whether that seat has a socket of theirs open already (if not, the
    table is told they are at it, ``games.presence.at_the_table``).
    """
    held = StandIn.objects.filter(
        player_id=player_id, ended__isnull=True, game=_running_game(OuterRef(OuterRef("pk")))
    )
    closed = SeatConnection.objects.filter(
        seat=OuterRef("mine__pk"), player_id=player_id, closed__isnull=False
    )
    still_open = _open_sockets(OuterRef("mine__pk"), player_id)
    row = (
        Table.objects.filter(pk=table_id)
        # The table's one row, with the player's seats beside it (none: one row of nulls).
        .annotate(mine=FilteredRelation("seats", condition=Q(seats__player_id=player_id)))
        .annotate(
            closed_before=Exists(closed),
            open_before=still_open,
            held_in=Subquery(held.values("game")[:1]),
        )
        .order_by("mine__number")
        .values_list(
            *(f"mine__{name}" for name in _SEAT_FIELDS), "closed_before", "open_before", "held_in"
        )
        .first()
    )
    if row is None:  # no such table
        return None, False, None, False
    values, closed_before, open_before, held_in = row[: len(_SEAT_FIELDS)], *row[-3:]
    if values[0] is None:
        return None, False, held_in, False
    seat = Seat.from_db(Seat.objects.db, _SEAT_FIELDS, values)  # as the ORM's reads build it
    return seat, bool(closed_before), held_in, bool(open_before)


def forget_closed_connections(seat_id: int, player_id: int) -> None:
    """Delete the closed socket rows of ``player_id`` at seat ``seat_id`` (rows an open
    socket supersedes)."""
    SeatConnection.objects.filter(
        seat_id=seat_id, player_id=player_id, closed__isnull=False
    ).delete()


def open_connection(seat: Seat, player_id: int, channel_name: str, server: str) -> None:
    """The socket ``channel_name`` is open at ``seat``: its row inserted, or where the name
    has a row already (a caller reopening a name it holds), that row's seat, player and
    server set and its ``closed`` cleared, in one statement (the ORM's upsert)."""
    row = SeatConnection(
        seat=seat, player_id=player_id, channel_name=channel_name, closed=None, server=server
    )
    SeatConnection.objects.bulk_create(
        [row],
        update_conflicts=True,
        unique_fields=["channel_name"],
        update_fields=["seat", "player", "closed", "server"],
    )


class ClosedSocket(NamedTuple):
    """The seat a socket closed at, as it stands after the closing."""

    seat_id: int
    player_id: int | None  # the seat's player now (a bot's seat: ``None``)
    table_id: int
    still_open: bool  # whether that player has another socket of the seat open
    running_game_id: int | None  # the table's newest unfinished game


def close_connection(channel_name: str, at: Any) -> ClosedSocket | None:
    """The open socket ``channel_name`` closed at ``at`` (an aware datetime): its row's
    ``closed`` set; then its seat as it stands, in a second statement
    (:class:`ClosedSocket`). ``None`` when there was no open row of that name (closed
    already, by another process's sweep, or gone with its table)."""
    closing = SeatConnection.objects.filter(channel_name=channel_name, closed__isnull=True)
    if not closing.update(closed=at):
        return None
    seat = (
        Seat.objects.filter(connections__channel_name=channel_name)
        .annotate(
            still_open=_open_sockets(OuterRef("pk"), OuterRef("player")),
            running=_running_game(OuterRef("table")),
        )
        .values_list("pk", "player", "table", "still_open", "running")
        .first()
    )
    if seat is None:
        return None
    seat_id, player_id, table_id, still_open, running = seat
    return ClosedSocket(seat_id, player_id, table_id, bool(still_open), running)


# --- a seat's signs of presence ---------------------------------------------------

_SIGNS = (
    Columns(ActionLog, fields=["now"]),
    Columns(StandIn, fields=["ended"]),
    Columns(SeatConnection, fields=["closed"]),
)


class Signs(NamedTuple):
    """What says a seat's player is (or was lately) at a game's table."""

    connected: bool  # the player has a table socket of the seat open
    last_action: float | None  # the moment (``now``) of the seat's last logged action
    last_retake: datetime | None  # when a stand-in last gave the seat back
    last_close: datetime | None  # when the player's last socket of the seat closed


def signs_of_presence(game_id: int, seat: Seat) -> Signs:
    """``seat``'s signs of presence in game ``game_id``, in one statement: what
    ``games.presence.away.away_since`` reads with the ORM's ``open_connections(...).exists()``,
    ``ActionLog.objects.filter(game=..., seat=...).order_by("-version")`` (its ``now``),
    ``StandIn.objects.filter(game=..., seat_number=..., ended__isnull=False)
    .order_by("-ended")`` and ``SeatConnection.objects.filter(seat=..., player_id=...,
    closed__isnull=False).order_by("-closed")``, each the first row's."""
    params = [seat.pk, seat.player_id, game_id, seat.number, game_id, seat.number]
    with connection.cursor() as cursor:
        cursor.execute(_signs_sql(connection.vendor), [*params, seat.pk, seat.player_id])
        row = cursor.fetchone()
    moments = [part.converted([value])[0] for part, value in zip(_SIGNS, row[1:], strict=True)]
    return Signs(bool(row[0]), *moments)


@lru_cache(maxsize=4)
def _signs_sql(vendor: str) -> str:
    """The statement of :func:`signs_of_presence` (``vendor``: its quoting)."""
    c, a, i = "c", "a", "i"
    return (
        f"SELECT {sockets_exist('%s', '%s')},"
        f" (SELECT {column(ActionLog, 'now', a)} FROM {table_name(ActionLog)} {a}"
        f" WHERE {column(ActionLog, 'game', a)} = %s AND {column(ActionLog, 'seat', a)} = %s"
        f" ORDER BY {column(ActionLog, 'version', a)} DESC LIMIT 1),"
        f" (SELECT {column(StandIn, 'ended', i)} FROM {table_name(StandIn)} {i}"
        f" WHERE {column(StandIn, 'game', i)} = %s AND {column(StandIn, 'seat_number', i)} = %s"
        f" AND {column(StandIn, 'ended', i)} IS NOT NULL"
        f" ORDER BY {column(StandIn, 'ended', i)} DESC LIMIT 1),"
        f" (SELECT {column(SeatConnection, 'closed', c)} FROM {table_name(SeatConnection)} {c}"
        f" WHERE {column(SeatConnection, 'seat', c)} = %s"
        f" AND {column(SeatConnection, 'player', c)} = %s"
        f" AND {column(SeatConnection, 'closed', c)} IS NOT NULL"
        f" ORDER BY {column(SeatConnection, 'closed', c)} DESC LIMIT 1)"
    )


# --- the bots standing in -----------------------------------------------------------

_STAND_IN = Columns(StandIn, alias="i")
_STANDING_FOR = Columns(Player, alias="p")


def active_stand_ins(game_id: int) -> list[StandIn]:
    """The bots now playing seats of game ``game_id`` for away players, each with its
    player: what ``StandIn.objects.filter(game=..., ended__isnull=True)
    .select_related("player")`` reads, in its order (the game's, then when each started)."""
    return _stand_ins(game_id, active=True)


def game_stand_ins(game_id: int) -> list[StandIn]:
    """Every bot that has stood in at game ``game_id``, those now playing and those whose
    player came back, each with its player, in the order they started."""
    return _stand_ins(game_id, active=False)


def _stand_ins(game_id: int, active: bool) -> list[StandIn]:
    standing = []
    for (stand_in_values, player_values), _row in sliced_rows(
        _stand_ins_sql(connection.vendor, active), [game_id], (_STAND_IN, _STANDING_FOR)
    ):
        stand_in = _STAND_IN.build(stand_in_values)
        StandIn.player.field.set_cached_value(stand_in, _STANDING_FOR.build(player_values))
        standing.append(stand_in)
    return standing


@lru_cache(maxsize=8)
def _stand_ins_sql(vendor: str, active: bool) -> str:
    """The statement of :func:`active_stand_ins` (``active``) and :func:`game_stand_ins`
    (``vendor``: its quoting)."""
    ended = f" AND {column(StandIn, 'ended', 'i')} IS NULL" if active else ""
    return (
        f"SELECT {_STAND_IN.sql()}, {_STANDING_FOR.sql()} FROM {table_name(StandIn)} i"
        f" INNER JOIN {table_name(Player)} p"
        f" ON {column(Player, 'id', 'p')} = {column(StandIn, 'player', 'i')}"
        f" WHERE {column(StandIn, 'game', 'i')} = %s{ended}"
        f" ORDER BY {column(StandIn, 'game', 'i')}, {column(StandIn, 'started', 'i')}"
    )
