"""bench/load.py --hints off: every seat's player has switched their hints off, as a regular
plays, so a run measures a table without the coach's Pick hints (by default each seat has
them on, as in a guest's first games, and the coach thinks every seat's Pick hint)."""

import pytest

from games.tables.models import Seat
from tests.integration.players import open_tables
from tests.support.benches import load_bench

pytestmark = pytest.mark.django_db


def test_the_benchs_guests_have_hints_until_they_switch_them_off():
    tables = open_tables(2)
    seats = Seat.objects.filter(table__code__in=[t["code"] for t in tables])
    assert seats.count() == 8 and all(seat.hints for seat in seats)  # a guest's first games
    load_bench().hints_off(tables)
    assert not any(seat.hints for seat in seats.all())
