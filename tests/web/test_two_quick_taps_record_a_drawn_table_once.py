"""Two quick taps on "record" for a drawn table played with real cards record it once: the
write asks again with the match locked (and the night locked, so it cannot end in between)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from dragsaga.models import DragSagaResult
from games.nights import real_table_views as night_views
from games.nights import round_tables
from games.nights.models import NightTable
from tests.support.leagues import make_league
from tests.web.night_helpers import keeper_of, night_of, one_table_drawn

pytestmark = pytest.mark.django_db


def _tally(night_table):
    data = {}
    for seat, damage in zip(night_table.seats.order_by("number"), (7, 3, 5, 9), strict=True):
        data |= {
            f"damage_{seat.number}": damage,
            f"cards_left_{seat.number}": 0,
            f"leftover_cost_{seat.number}": 0,
        }
    return data


def test_the_second_of_two_quick_taps_is_refused_and_records_nothing(client, monkeypatch):
    league = make_league("dragsaga", "Saga League")
    night, members = night_of(league, count=4)
    client.force_login(keeper_of(league, "org"))
    night_table = one_table_drawn(night, members)
    round_tables.open_table(night_table, NightTable.Mode.CARDS)
    record = reverse("nights:table_result", args=[night.pk, night_table.pk])
    assert client.post(record, _tally(night_table)).status_code == 302

    # The second tap read the page before the first was written: its first look finds
    # nothing recorded; the look again, with the match locked, finds the first.
    looks = []
    real = night_views._recorded_or_ended

    def stale_first_look(request, match, kind):
        looks.append(match.pk)
        return None if len(looks) == 1 else real(request, match, kind)

    monkeypatch.setattr(night_views, "_recorded_or_ended", stale_first_look)
    again = client.post(record, _tally(night_table))
    assert again.status_code == 409
    assert "recorded already" in again.content.decode()
    assert len(looks) == 2
    assert DragSagaResult.objects.count() == 1
