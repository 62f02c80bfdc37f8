"""The columns of a written-out statement, and its rows turned back into model instances
as the ORM would build them (``games.tables.statements``)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from django.db import connection
from django.db.models import Model

from games.presence.models import SeatConnection


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


def sockets_exist(seat: str, player: str, closed: bool = False) -> str:
    """``EXISTS`` a table socket of the seat ``seat`` and the player ``player`` (columns or
    placeholders) that is open (``closed``: that has closed)."""
    c = "c"
    return (
        f"EXISTS(SELECT 1 FROM {table_name(SeatConnection)} {c}"
        f" WHERE {column(SeatConnection, 'seat', c)} = {seat}"
        f" AND {column(SeatConnection, 'player', c)} = {player}"
        f" AND {column(SeatConnection, 'closed', c)} IS {'NOT NULL' if closed else 'NULL'})"
    )


def one_to_one(owner: Model, descriptor: Any, values: Any, columns: Columns) -> None:
    """Fill ``owner``'s reverse one-to-one (``descriptor``) as ``select_related`` does:
    with the row, or with none (reading it raises ``DoesNotExist`` without a query).

    Unlike ``select_related``, the row does not point back at ``owner`` (nothing reads it
    that way): the pair is then no reference cycle, and a game or table dropped from every
    cache is freed at once, not at the garbage collector's next full walk."""
    related = columns.build(values) if values[0] is not None else None
    descriptor.related.set_cached_value(owner, related)


def slices(row: tuple[Any, ...], parts: tuple[Columns, ...]) -> list[tuple[Any, ...]]:
    slices, start = [], 0
    for part in parts:
        slices.append(row[start : start + part.width])
        start += part.width
    return slices


def sliced_rows(
    sql: str, params: list[Any], parts: tuple[Columns, ...]
) -> list[tuple[list[tuple[Any, ...]], tuple[Any, ...]]]:
    """The rows of ``sql``, each cut into ``parts``' values (and whole)."""
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        rows = cursor.fetchall()
    return [(slices(row, parts), row) for row in rows]
