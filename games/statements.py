"""The hand-written statements of the table's hot path: a move's lock and writes, the
asking player, a table read for its sockets.

The ORM compiles a statement again each time it runs it; for the move's lock (the game
with its table, its away limit and its shuffle commitment, four tables' columns) the
compiling cost more than the running: the ORM's query took 628-872 µs on SQLite, 339-394
of them compiling, against 92-123 µs written out; the asking player 191-197 µs against
23. So these few statements are written out once per database vendor, from the models'
own columns, and their rows are turned back into model instances with the ORM's own
converters (``from_db_value``, the backend's datetime and JSON converters): what a caller
gets is what the ORM's query would have given it
(``tests/web/test_written_out_statements_read_what_the_orm_reads.py``, and on PostgreSQL
``tests/integration/test_postgres.py``). Every other read and write stays with the ORM.
"""

from __future__ import annotations

from datetime import datetime
from functools import lru_cache
from typing import Any, NamedTuple

from django.db import connection
from django.db.models import Model

from games.models import ActionLog, Game, Player, Seat, SeatConnection, StandIn, Table
from games.trust.models import AwayLimit, ShuffleCommitment


class Columns:
    """All of ``model``'s columns in a statement: their SQL (qualified by its table, or by
    ``alias``) and, from a row's slice of values, the instance the ORM would build
    (``fields``: only these attnames, the others deferred as with ``.only()``)."""

    def __init__(self, model: type[Model], fields: list[str] | None = None, alias: str = ""):
        self.model = model
        self.fields = [
            field
            for field in model._meta.concrete_fields
            if fields is None or field.attname in fields
        ]
        self.attnames = [field.attname for field in self.fields]
        self.alias = alias
        self.width = len(self.fields)

    def sql(self) -> str:
        return ", ".join(column(self.model, field.name, self.alias) for field in self.fields)

    def build(self, values: tuple[Any, ...] | list[Any]) -> Any:
        """The instance of these values (converted as the ORM converts them)."""
        return self.model.from_db(connection.alias, self.attnames, self.converted(values))

    def converted(self, values: tuple[Any, ...] | list[Any]) -> list[Any]:
        """These values as the ORM's ``values_list`` of these columns gives them."""
        converted = list(values)
        for index, expression, converters in _converters(self, connection.vendor):
            value = converted[index]
            for converter in converters:
                value = converter(value, expression, connection)
            converted[index] = value
        return converted


@lru_cache(maxsize=32)
def _converters(columns: Columns, vendor: str) -> list[tuple[int, Any, list[Any]]]:
    """The converters of each column that has any, with the column's expression they are
    given (``vendor``: they are the backend's): as Django's compiler applies them, the
    backend's first, then the field's."""
    found = []
    for index, field in enumerate(columns.fields):
        expression = field.get_col(columns.alias)
        converters = connection.ops.get_db_converters(expression) + expression.get_db_converters(
            connection
        )
        if converters:
            found.append((index, expression, converters))
    return found


def table_name(model: type[Model]) -> str:
    return connection.ops.quote_name(model._meta.db_table)


def bare_column(model: type[Model], field: str) -> str:
    """``field``'s column, quoted, unqualified (what an ``UPDATE``'s ``SET`` names)."""
    return connection.ops.quote_name(model._meta.get_field(field).column)


def column(model: type[Model], field: str, alias: str = "") -> str:
    """``field``'s column, qualified by its table (or by ``alias``)."""
    return f"{alias or table_name(model)}.{bare_column(model, field)}"


def _sockets_exist(seat: str, player: str, closed: bool = False) -> str:
    """``EXISTS`` a table socket of the seat ``seat`` and the player ``player`` (columns or
    placeholders) that is open (``closed``: that has closed)."""
    c = "c"
    return (
        f"EXISTS(SELECT 1 FROM {table_name(SeatConnection)} {c}"
        f" WHERE {column(SeatConnection, 'seat', c)} = {seat}"
        f" AND {column(SeatConnection, 'player', c)} = {player}"
        f" AND {column(SeatConnection, 'closed', c)} IS {'NOT NULL' if closed else 'NULL'})"
    )


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


def _game_with_table(by: str, params: list[Any], lock: bool) -> Game | None:
    with connection.cursor() as cursor:
        cursor.execute(_game_sql_by(connection.vendor, by, lock), params)
        row = cursor.fetchone()
    if row is None:
        return None
    values = _slices(row, _LOCKED)
    game, table = _GAME.build(values[0]), _TABLE.build(values[1])
    Game.table.field.set_cached_value(game, table)
    _one_to_one(table, Table.away_limit, values[2], _AWAY_LIMIT)
    _one_to_one(game, Game.shuffle_commitment, values[3], _COMMITMENT)
    return game


def _one_to_one(owner: Model, descriptor: Any, values: Any, columns: Columns) -> None:
    """Fill ``owner``'s reverse one-to-one (``descriptor``) as ``select_related`` does:
    with the row (pointing back at ``owner``), or with none (reading it raises
    ``DoesNotExist`` without a query)."""
    related = columns.build(values) if values[0] is not None else None
    descriptor.related.set_cached_value(owner, related)
    if related is not None:
        descriptor.related.field.set_cached_value(related, owner)


def _slices(row: tuple[Any, ...], parts: tuple[Columns, ...]) -> list[tuple[Any, ...]]:
    slices, start = [], 0
    for part in parts:
        slices.append(row[start : start + part.width])
        start += part.width
    return slices


def _sliced_rows(
    sql: str, params: list[Any], parts: tuple[Columns, ...]
) -> list[tuple[list[tuple[Any, ...]], tuple[Any, ...]]]:
    """The rows of ``sql``, each cut into ``parts``' values (and whole)."""
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        rows = cursor.fetchall()
    return [(_slices(row, parts), row) for row in rows]


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


def seats_with_presence(table_id: int) -> list[Seat]:
    """The table's seats in order, each with its player and ``present``: whether that
    player has a table socket open (``games.away``); the players come without their
    ``created`` (read on first use, as a deferred field)."""
    seats = []
    for (seat_values, player_values), row in _sliced_rows(
        _seats_sql(connection.vendor), [table_id], (_SEAT, _PLAYER)
    ):
        seat = _SEAT.build(seat_values)
        seat.player = _PLAYER.build(player_values) if player_values[0] is not None else None
        seat.present = bool(row[-1])
        seats.append(seat)
    return seats


@lru_cache(maxsize=4)
def _seats_sql(vendor: str) -> str:
    """The statement of :func:`seats_with_presence` (``vendor``: its quoting)."""
    present = _sockets_exist(column(Seat, "id", "s"), column(Seat, "player", "s"))
    return (
        f"SELECT {_SEAT.sql()}, {_PLAYER.sql()}, {present}"
        f" FROM {table_name(Seat)} s LEFT JOIN {table_name(Player)} p"
        f" ON {column(Player, 'id', 'p')} = {column(Seat, 'player', 's')}"
        f" WHERE {column(Seat, 'table', 's')} = %s ORDER BY {column(Seat, 'number', 's')}"
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


def seat_on_opening(table_id: int, player_id: int) -> tuple[Seat | None, bool, int | None]:
    """What a socket's opening needs to know of ``player_id`` at table ``table_id``, in one
    statement: the seat they hold (the lowest numbered, as ``Seat.objects.filter(table=...,
    player=...).first()`` reads it; ``None``), whether that seat has sockets of theirs that
    closed (rows an open socket supersedes), and the running game (the table's newest
    unfinished game) if a bot holds a seat for them there (``games.leavers`` gives it back),
    else ``None``.
    """
    with connection.cursor() as cursor:
        cursor.execute(
            _opening_sql(connection.vendor), [player_id, player_id, table_id, table_id, player_id]
        )
        row = cursor.fetchone()
    seat_values, closed, held = row[: _OPENING_SEAT.width], row[-2], row[-1]
    seat = _OPENING_SEAT.build(seat_values) if seat_values[0] is not None else None
    return seat, bool(closed), held


@lru_cache(maxsize=4)
def _opening_sql(vendor: str) -> str:
    """The statement of :func:`seat_on_opening` (``vendor``: its quoting)."""
    i, g = "i", "g"
    closed = _sockets_exist(column(Seat, "id", "s"), "%s", closed=True)
    return (
        f"SELECT {_OPENING_SEAT.sql()}, {closed}, ("
        f"SELECT {column(StandIn, 'game', i)} FROM {table_name(StandIn)} {i}"
        f" WHERE {column(StandIn, 'player', i)} = %s AND {column(StandIn, 'ended', i)} IS NULL"
        f" AND {column(StandIn, 'game', i)} = ({_running_game_sql(g, '%s')}) LIMIT 1)"
        f" FROM (SELECT 1 AS one) one LEFT JOIN {table_name(Seat)} s"
        f" ON {column(Seat, 'table', 's')} = %s AND {column(Seat, 'player', 's')} = %s"
        f" ORDER BY {column(Seat, 'number', 's')} LIMIT 1"
    )


def _running_game_sql(alias: str, table: str) -> str:
    """A subquery: the id of the newest unfinished game of the table ``table`` (a column
    or a placeholder), as ``games.leavers`` finds the running game."""
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
    has a socket open there (``games.away.open_connections``), the table's running game."""
    still_open = _sockets_exist(column(Seat, "id", "s"), column(Seat, "player", "s"))
    return (
        f"SELECT {column(Seat, 'player', 's')}, {column(Seat, 'table', 's')}, {still_open},"
        f" ({_running_game_sql('g', column(Seat, 'table', 's'))})"
        f" FROM {table_name(Seat)} s WHERE {column(Seat, 'id', 's')} = %s"
    )


def game(pk: int) -> Game | None:
    """The game ``pk`` with its table, the table's away limit and the game's shuffle
    commitment, as :func:`locked_game` reads them, without locking anything."""
    return _game_with_table(_BY_PK, [pk], lock=False)


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
    ``games.away.away_since`` reads with the ORM's ``open_connections(...).exists()``,
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
        f"SELECT {_sockets_exist('%s', '%s')},"
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
    standing = []
    for (stand_in_values, player_values), _row in _sliced_rows(
        _stand_ins_sql(connection.vendor), [game_id], (_STAND_IN, _STANDING_FOR)
    ):
        stand_in = _STAND_IN.build(stand_in_values)
        StandIn.player.field.set_cached_value(stand_in, _STANDING_FOR.build(player_values))
        standing.append(stand_in)
    return standing


@lru_cache(maxsize=4)
def _stand_ins_sql(vendor: str) -> str:
    """The statement of :func:`active_stand_ins` (``vendor``: its quoting)."""
    return (
        f"SELECT {_STAND_IN.sql()}, {_STANDING_FOR.sql()} FROM {table_name(StandIn)} i"
        f" INNER JOIN {table_name(Player)} p"
        f" ON {column(Player, 'id', 'p')} = {column(StandIn, 'player', 'i')}"
        f" WHERE {column(StandIn, 'game', 'i')} = %s AND {column(StandIn, 'ended', 'i')} IS NULL"
        f" ORDER BY {column(StandIn, 'game', 'i')}, {column(StandIn, 'started', 'i')}"
    )
