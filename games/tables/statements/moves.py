"""The move's written-out statements: the game locked with its table (its away limit and
shuffle commitment), the move's writes, the asking player, the seats with their presence."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from django.db import connection

from games.presence.models import AwayLimit, SeatConnection, StandIn
from games.tables.models import ActionLog, Game, Player, Seat, Table
from games.tables.statements.columns import (
    Columns,
    bare_column,
    column,
    one_to_one,
    sliced_rows,
    slices,
    sockets_exist,
    table_name,
)
from games.trust.models import ShuffleCommitment

# --- the move's lock ------------------------------------------------------------

_GAME = Columns(Game)
_TABLE = Columns(Table)
_AWAY_LIMIT = Columns(AwayLimit)
_COMMITMENT = Columns(ShuffleCommitment)
_LOCKED = (_GAME, _TABLE, _AWAY_LIMIT, _COMMITMENT)


def locked_game(pk: int | None = None, code: str = "", game_name: str = "") -> Game | None:
    """The game ``pk`` (else the newest game of the table with join ``code`` and
    ``game_name``), its row and its table's locked until the transaction ends, with its
    table, the table's away limit and the game's shuffle commitment; ``None`` if none.

    What ``Game.objects.select_for_update(of=("self", "table")).select_related("table",
    "table__away_limit", "shuffle_commitment")`` reads, in one statement. Where the
    database has no row locks (SQLite) the transaction holds the database's write lock
    from its start instead (``transaction_mode`` IMMEDIATE, ``config/settings.py``)."""
    if pk is not None:
        return _game_with_table(_BY_PK, [pk], lock=True)
    return _game_with_table(_BY_CODE, [code, game_name], lock=True)


def current_game(table_id: int) -> Game | None:
    """The newest game of table ``table_id`` as :func:`locked_game` reads it, without
    locking anything (what a socket renders from); ``None`` if the table has none yet."""
    return _game_with_table(_BY_TABLE, [table_id], lock=False)


def game(pk: int) -> Game | None:
    """The game ``pk`` with its table, the table's away limit and the game's shuffle
    commitment, as :func:`locked_game` reads them, without locking anything."""
    return _game_with_table(_BY_PK, [pk], lock=False)


def _game_with_table(by: str, params: list[Any], lock: bool) -> Game | None:
    with connection.cursor() as cursor:
        cursor.execute(_game_sql_by(connection.vendor, by, lock), params)
        row = cursor.fetchone()
    if row is None:
        return None
    values = slices(row, _LOCKED)
    game, table = _GAME.build(values[0]), _TABLE.build(values[1])
    Game.table.field.set_cached_value(game, table)
    one_to_one(table, Table.away_limit, values[2], _AWAY_LIMIT)
    one_to_one(game, Game.shuffle_commitment, values[3], _COMMITMENT)
    return game


_BY_PK, _BY_CODE, _BY_TABLE = "pk", "code", "table"


@lru_cache(maxsize=16)
def _game_sql_by(vendor: str, by: str, lock: bool) -> str:
    """The statement of :func:`locked_game` and :func:`current_game` (``vendor``: its
    quoting and locking; ``by``: what finds the game)."""
    columns = ", ".join(part.sql() for part in _LOCKED)
    game, table = table_name(Game), table_name(Table)
    sql = (
        f"SELECT {columns} FROM {game}"
        f" INNER JOIN {table} ON {column(Game, 'table')} = {column(Table, 'id')}"
        f" LEFT OUTER JOIN {table_name(AwayLimit)}"
        f" ON {column(AwayLimit, 'table')} = {column(Table, 'id')}"
        f" LEFT OUTER JOIN {table_name(ShuffleCommitment)}"
        f" ON {column(ShuffleCommitment, 'game')} = {column(Game, 'id')}"
    )
    newest = f" ORDER BY {column(Game, 'created')} DESC, {column(Game, 'id')} DESC LIMIT 1"
    if by == _BY_PK:
        sql += f" WHERE {column(Game, 'id')} = %s"
    elif by == _BY_CODE:
        sql += f" WHERE {column(Table, 'code')} = %s AND {column(Table, 'game_name')} = %s"
        sql += newest
    else:
        sql += f" WHERE {column(Game, 'table')} = %s" + newest
    if lock and connection.features.has_select_for_update:
        # Not the away limit's or the commitment's: they are on the outer joins' side.
        sql += f" FOR UPDATE OF {game}, {table}"
    return sql


# --- the move's writes -----------------------------------------------------------

MOVE_FIELDS = ("state", "version", "outcome", "finished")  # what a move changes of its game
_LOG_FIELDS = [field for field in ActionLog._meta.concrete_fields if not field.primary_key]


def record_move(game: Game, log: list[ActionLog]) -> None:
    """Write a move: its ``log`` rows in one insert (however many: bots answering
    together), then the game's :data:`MOVE_FIELDS` in one update. What
    ``ActionLog.objects.bulk_create(log)`` and ``game.save(update_fields=MOVE_FIELDS)``
    write, each value prepared by its field as they prepare it (``auto_now_add``, JSON)."""
    with connection.cursor() as cursor:
        if log:
            values = [
                field.get_db_prep_save(field.pre_save(row, True), connection)
                for row in log
                for field in _LOG_FIELDS
            ]
            cursor.execute(_log_sql(connection.vendor, len(log)), values)
        fields = [Game._meta.get_field(name) for name in MOVE_FIELDS]
        values = [
            field.get_db_prep_save(field.pre_save(game, False), connection) for field in fields
        ]
        cursor.execute(_game_sql(connection.vendor), [*values, game.pk])
        if cursor.rowcount != 1:
            raise Game.DoesNotExist(f"Game {game.pk} is gone: the move was not written.")


@lru_cache(maxsize=16)
def _log_sql(vendor: str, rows: int) -> str:
    """The insert of :func:`record_move` for ``rows`` rows (``vendor``: its quoting)."""
    columns = ", ".join(connection.ops.quote_name(field.column) for field in _LOG_FIELDS)
    row = "(" + ", ".join(["%s"] * len(_LOG_FIELDS)) + ")"
    return f"INSERT INTO {table_name(ActionLog)} ({columns}) VALUES {', '.join([row] * rows)}"


@lru_cache(maxsize=4)
def _game_sql(vendor: str) -> str:
    """The update of :func:`record_move` (``vendor``: its quoting)."""
    assignments = ", ".join(f"{bare_column(Game, name)} = %s" for name in MOVE_FIELDS)
    pk = connection.ops.quote_name(Game._meta.pk.column)
    return f"UPDATE {table_name(Game)} SET {assignments} WHERE {pk} = %s"


# --- who is asking -------------------------------------------------------------

_ANY_PLAYER = Columns(Player)


def player(*, guest: int | None = None, member: int | None = None) -> Player | None:
    """The guest player ``guest`` (a player of no member: a session's guest never
    stands for a member), or the player of the member with user id ``member``; ``None``
    if there is none. Read on every request to a table, and every socket's opening."""
    with connection.cursor() as cursor:
        if member is not None:
            cursor.execute(_player_sql(connection.vendor, of_member=True), [member])
        else:
            cursor.execute(_player_sql(connection.vendor, of_member=False), [guest])
        row = cursor.fetchone()
    return _ANY_PLAYER.build(row) if row is not None else None


@lru_cache(maxsize=4)
def _player_sql(vendor: str, of_member: bool) -> str:
    """The statement of :func:`player` (``vendor``: its quoting)."""
    where = (
        f"{column(Player, 'user')} = %s"
        if of_member
        else f"{column(Player, 'id')} = %s AND {column(Player, 'user')} IS NULL"
    )
    return f"SELECT {_ANY_PLAYER.sql()} FROM {table_name(Player)} WHERE {where}"


# --- the seats, with their presence ---------------------------------------------

_SEAT = Columns(Seat, alias="s")
_PLAYER = Columns(Player, fields=["id", "user_id", "display_name"], alias="p")


_CLOSED = Columns(SeatConnection, fields=["closed"], alias="c")


def seats_with_presence(table_id: int) -> list[Seat]:
    """The table's seats in order, each with its player and ``present``: whether that
    player has a table socket open (``games.presence.away``); ``last_closed``: when that player's
    last socket there closed (``None`` if none did); ``stood_in``: whether a bot has stood
    in for a player at that seat in the table's newest game (what the seat and the log
    then say, ``games.presence.at_the_table``). The players come without their ``created`` (read on
    first use, as a deferred field)."""
    seats = []
    for (seat_values, player_values), row in sliced_rows(
        _seats_sql(connection.vendor), [table_id], (_SEAT, _PLAYER)
    ):
        seat = _SEAT.build(seat_values)
        seat.player = _PLAYER.build(player_values) if player_values[0] is not None else None
        seat.last_closed = _CLOSED.converted([row[-3]])[0]
        seat.stood_in = bool(row[-2])
        seat.present = bool(row[-1])
        seats.append(seat)
    return seats


@lru_cache(maxsize=4)
def _seats_sql(vendor: str) -> str:
    """The statement of :func:`seats_with_presence` (``vendor``: its quoting)."""
    present = sockets_exist(column(Seat, "id", "s"), column(Seat, "player", "s"))
    c, i, g = "c", "i", "g"
    last_closed = (
        f"(SELECT MAX({column(SeatConnection, 'closed', c)}) FROM {table_name(SeatConnection)} {c}"
        f" WHERE {column(SeatConnection, 'seat', c)} = {column(Seat, 'id', 's')}"
        f" AND {column(SeatConnection, 'player', c)} = {column(Seat, 'player', 's')})"
    )
    newest_game = (
        f"SELECT {column(Game, 'id', g)} FROM {table_name(Game)} {g}"
        f" WHERE {column(Game, 'table', g)} = {column(Seat, 'table', 's')}"
        f" ORDER BY {column(Game, 'created', g)} DESC, {column(Game, 'id', g)} DESC LIMIT 1"
    )
    stood_in = (
        f"EXISTS(SELECT 1 FROM {table_name(StandIn)} {i}"
        f" WHERE {column(StandIn, 'seat_number', i)} = {column(Seat, 'number', 's')}"
        f" AND {column(StandIn, 'game', i)} = ({newest_game}))"
    )
    return (
        f"SELECT {_SEAT.sql()}, {_PLAYER.sql()}, {last_closed}, {stood_in}, {present}"
        f" FROM {table_name(Seat)} s LEFT JOIN {table_name(Player)} p"
        f" ON {column(Player, 'id', 'p')} = {column(Seat, 'player', 's')}"
        f" WHERE {column(Seat, 'table', 's')} = %s ORDER BY {column(Seat, 'number', 's')}"
    )
