"""A table socket's written-out statements: its opening and closing, a seat's signs of
presence, the bots standing in for away players."""

from __future__ import annotations

from datetime import datetime
from functools import lru_cache
from typing import Any, NamedTuple

from django.db import connection

from games.models import ActionLog, Game, Player, Seat, SeatConnection, StandIn, Table
from games.tables.statements.columns import (
    Columns,
    bare_column,
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


_OPENING_SEAT = Columns(Seat, alias="s")


def seat_on_opening(table_id: int, player_id: int) -> tuple[Seat | None, bool, int | None, bool]:
    """What a socket's opening needs to know of ``player_id`` at table ``table_id``, in one
    statement: the seat they hold (the lowest numbered, as ``Seat.objects.filter(table=...,
    player=...).first()`` reads it; ``None``), whether that seat has sockets of theirs that
    closed (rows an open socket supersedes), the running game (the table's newest
    unfinished game) if a bot holds a seat for them there (``games.presence.leavers`` gives it back),
    else ``None``, and whether that seat has a socket of theirs open already (if not, the
    table is told they are at it, ``games.presence.at_the_table``).
    """
    with connection.cursor() as cursor:
        cursor.execute(
            _opening_sql(connection.vendor),
            [player_id, player_id, player_id, table_id, table_id, player_id],
        )
        row = cursor.fetchone()
    seat_values = row[: _OPENING_SEAT.width]
    closed, still_open, held = row[-3], row[-2], row[-1]
    seat = _OPENING_SEAT.build(seat_values) if seat_values[0] is not None else None
    return seat, bool(closed), held, bool(still_open)


@lru_cache(maxsize=4)
def _opening_sql(vendor: str) -> str:
    """The statement of :func:`seat_on_opening` (``vendor``: its quoting)."""
    i, g = "i", "g"
    closed = sockets_exist(column(Seat, "id", "s"), "%s", closed=True)
    still_open = sockets_exist(column(Seat, "id", "s"), "%s")
    return (
        f"SELECT {_OPENING_SEAT.sql()}, {closed}, {still_open}, ("
        f"SELECT {column(StandIn, 'game', i)} FROM {table_name(StandIn)} {i}"
        f" WHERE {column(StandIn, 'player', i)} = %s AND {column(StandIn, 'ended', i)} IS NULL"
        f" AND {column(StandIn, 'game', i)} = ({_running_game_sql(g, '%s')}) LIMIT 1)"
        f" FROM (SELECT 1 AS one) one LEFT JOIN {table_name(Seat)} s"
        f" ON {column(Seat, 'table', 's')} = %s AND {column(Seat, 'player', 's')} = %s"
        f" ORDER BY {column(Seat, 'number', 's')} LIMIT 1"
    )


def _running_game_sql(alias: str, table: str) -> str:
    """A subquery: the id of the newest unfinished game of the table ``table`` (a column
    or a placeholder), as ``games.presence.leavers`` finds the running game."""
    return (
        f"SELECT {column(Game, 'id', alias)} FROM {table_name(Game)} {alias}"
        f" WHERE {column(Game, 'table', alias)} = {table}"
        f" AND {column(Game, 'finished', alias)} IS NULL"
        f" ORDER BY {column(Game, 'created', alias)} DESC, {column(Game, 'id', alias)} DESC"
        f" LIMIT 1"
    )


def forget_closed_connections(seat_id: int, player_id: int) -> None:
    """Delete the closed socket rows of ``player_id`` at seat ``seat_id``: what
    ``SeatConnection.objects.filter(seat=..., player=..., closed__isnull=False).delete()``
    deletes (nothing refers to a socket's row, so the ORM's delete is this one statement
    too), without the transaction the ORM's delete opens around it."""
    with connection.cursor() as cursor:
        cursor.execute(_forget_sql(connection.vendor), [seat_id, player_id])


@lru_cache(maxsize=4)
def _forget_sql(vendor: str) -> str:
    """The statement of :func:`forget_closed_connections` (``vendor``: its quoting)."""
    seat, player, closed = (
        bare_column(SeatConnection, name) for name in ("seat", "player", "closed")
    )
    return (
        f"DELETE FROM {table_name(SeatConnection)}"
        f" WHERE {seat} = %s AND {player} = %s AND {closed} IS NOT NULL"
    )


_CONNECTION_FIELDS = [f for f in SeatConnection._meta.concrete_fields if not f.primary_key]
# What a socket that reopens its channel name changes of its row (not when it first opened).
_REOPENED = ("seat", "player", "closed", "server")


def open_connection(seat: Seat, player_id: int, channel_name: str, server: str) -> None:
    """The socket ``channel_name`` is open at ``seat``: its row inserted, or where the name
    has a row already (a caller reopening a name it holds), that row's seat, player and
    server set and its ``closed`` cleared, in one statement where the database has an
    upsert (SQLite, PostgreSQL); else the update, then the insert if none was updated."""
    row = SeatConnection(
        seat=seat, player_id=player_id, channel_name=channel_name, closed=None, server=server
    )
    if not connection.features.supports_update_conflicts_with_target:
        opened = {"seat": seat, "player_id": player_id, "closed": None, "server": server}
        if not SeatConnection.objects.filter(channel_name=channel_name).update(**opened):
            row.save(force_insert=True)
        return
    values = [
        field.get_db_prep_save(field.pre_save(row, True), connection)
        for field in _CONNECTION_FIELDS
    ]
    with connection.cursor() as cursor:
        cursor.execute(_upsert_sql(connection.vendor), values)


@lru_cache(maxsize=4)
def _upsert_sql(vendor: str) -> str:
    """The statement of :func:`open_connection` (``vendor``: its quoting and upsert)."""
    from django.db.models.constants import OnConflict

    quote = connection.ops.quote_name
    columns = [field.column for field in _CONNECTION_FIELDS]
    changed = [SeatConnection._meta.get_field(name).column for name in _REOPENED]
    unique = [SeatConnection._meta.get_field("channel_name").column]
    on_conflict = connection.ops.on_conflict_suffix_sql(
        _CONNECTION_FIELDS, OnConflict.UPDATE, changed, unique
    )
    return (
        f"INSERT INTO {table_name(SeatConnection)} ({', '.join(map(quote, columns))})"
        f" VALUES ({', '.join(['%s'] * len(columns))}) {on_conflict}"
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
    already, by another process's sweep, or gone with its table).

    One ``UPDATE ... RETURNING`` where the database returns rows from an update (SQLite ≥
    3.35, PostgreSQL); else the row is found first and updated by its key."""
    closed = SeatConnection._meta.get_field("closed").get_db_prep_save(at, connection)
    with connection.cursor() as cursor:
        returning, find, by_pk = _close_sqls(connection.vendor)
        if _returns_from_update():
            cursor.execute(returning, [closed, channel_name])
            row = cursor.fetchone()
        else:
            cursor.execute(find, [channel_name])
            row = cursor.fetchone()
            if row is not None:
                cursor.execute(by_pk, [closed, row[0]])
                row = row[1:] if cursor.rowcount == 1 else None
        if row is None:
            return None
        seat_id = row[0]
        cursor.execute(_left_seat_sql(connection.vendor), [seat_id])
        seat = cursor.fetchone()
    if seat is None:
        return None
    return ClosedSocket(seat_id, seat[0], seat[1], bool(seat[2]), seat[3])


def _returns_from_update() -> bool:
    """Whether ``UPDATE ... RETURNING`` is there: PostgreSQL's, SQLite's since 3.35 (the
    version since which Django's SQLite backend returns columns from an insert)."""
    vendor = connection.vendor
    return vendor == "postgresql" or (
        vendor == "sqlite" and connection.features.can_return_columns_from_insert
    )


@lru_cache(maxsize=4)
def _close_sqls(vendor: str) -> tuple[str, str, str]:
    """The statements of :func:`close_connection` (``vendor``: its quoting): the update
    that returns the row's seat; else the open row found, then updated by its key."""
    pk, seat, closed, channel = (
        bare_column(SeatConnection, name) for name in ("id", "seat", "closed", "channel_name")
    )
    rows, still_open = table_name(SeatConnection), f"{closed} IS NULL"
    return (
        f"UPDATE {rows} SET {closed} = %s WHERE {channel} = %s AND {still_open} RETURNING {seat}",
        f"SELECT {pk}, {seat} FROM {rows} WHERE {channel} = %s AND {still_open}",
        f"UPDATE {rows} SET {closed} = %s WHERE {pk} = %s AND {still_open}",
    )


@lru_cache(maxsize=4)
def _left_seat_sql(vendor: str) -> str:
    """The seat a socket closed at: its player, its table, whether that player still
    has a socket open there (``games.presence.away.open_connections``), the table's running game."""
    still_open = sockets_exist(column(Seat, "id", "s"), column(Seat, "player", "s"))
    return (
        f"SELECT {column(Seat, 'player', 's')}, {column(Seat, 'table', 's')}, {still_open},"
        f" ({_running_game_sql('g', column(Seat, 'table', 's'))})"
        f" FROM {table_name(Seat)} s WHERE {column(Seat, 'id', 's')} = %s"
    )


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
