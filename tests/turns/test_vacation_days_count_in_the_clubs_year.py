"""A season's vacation days are counted in the club's calendar year (its time zone), the
same year the page and the allowance speak of, not UTC's."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from games.tables.actions.refused import ActionRefused
from games.turns import vacations
from tests.turns.turn_tables import member

pytestmark = pytest.mark.django_db


def test_days_taken_on_new_years_day_in_tokyo_count_for_the_new_season(settings):
    settings.TIME_ZONE = "Asia/Tokyo"
    ann = member("ann")
    # 16:00 UTC on 31 December is 01:00 on 1 January in Tokyo: the club's new season.
    new_year = datetime(2026, 12, 31, 16, 0, tzinfo=UTC).timestamp()
    vacations.take(ann, vacations.DAYS_PER_SEASON, new_year)
    vacations.end(ann, new_year + 3600)
    assert vacations.days_used(ann, new_year + 7200) == 1
    assert vacations.days_left(ann, new_year + 7200) == vacations.DAYS_PER_SEASON - 1
    with pytest.raises(ActionRefused, match="1 to 13 vacation days"):
        vacations.take(ann, 14, new_year + 7200)


def test_days_taken_late_on_new_years_eve_in_tokyo_count_for_the_old_season(settings):
    settings.TIME_ZONE = "Asia/Tokyo"
    ann = member("ann")
    eve = datetime(2026, 12, 31, 13, 0, tzinfo=UTC).timestamp()  # 22:00 in Tokyo
    vacations.take(ann, 2, eve)
    vacations.end(ann, eve + 1800)
    assert vacations.days_used(ann, eve + 3600) == 1  # still 31 December in Tokyo
    assert vacations.days_used(ann, eve + 3 * 3600) == 0  # 1 January in Tokyo: a new season
