"""The move's written-out statements (``games.tables.statements``) are kept for what they save a
move's CPU (docs/performance.md), and they reach into the ORM below its documented API:
they were written against Django 5.2. This trips at an upgrade that changes any part they
stand on, before a move acts on a game read wrongly; the statements' equivalence tests
(``test_written_out_statements_read_what_the_orm_reads.py``,
``test_written_out_socket_statements_do_what_the_orm_did.py``) then say whether they still
read and write what the ORM would."""

import inspect

import django
import pytest
from django.db import connection

from games.presence.models import AwayLimit
from games.tables.models import Game, Table

pytestmark = pytest.mark.django_db

WRITTEN_AGAINST = (5, 2)


def parameters(function) -> list[str]:
    return list(inspect.signature(function).parameters)


def test_django_is_the_minor_version_the_statements_were_written_against():
    assert django.VERSION[:2] == WRITTEN_AGAINST, (
        f"Django {django.get_version()}: check games/tables/statements against this version's ORM "
        "(docs/performance.md, the written-out statements), then move WRITTEN_AGAINST"
    )


def test_the_orm_internals_the_statements_call_are_there_as_they_were():
    field = Game._meta.get_field("state")
    assert parameters(field.get_col) == ["alias", "output_field"]
    column = field.get_col("")
    assert parameters(column.get_db_converters) == ["connection"]
    assert parameters(connection.ops.get_db_converters) == ["expression"]
    # Each converter is called with (value, expression, connection).
    for converter in connection.ops.get_db_converters(column) + column.get_db_converters(
        connection
    ):
        assert len(parameters(converter)) == 3
    # The related objects' caches the statements fill as select_related does.
    assert parameters(Game.table.field.set_cached_value) == ["instance", "value"]
    assert parameters(Table.away_limit.related.set_cached_value) == ["instance", "value"]
    assert Table.away_limit.related.field is AwayLimit._meta.get_field("table")
    # Whether the lock is written with FOR UPDATE.
    assert isinstance(connection.features.has_select_for_update, bool)
