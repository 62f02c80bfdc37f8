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
from tests.web.night_helpers import keeper_of, night_of, one_table_drawn, tally

pytestmark = pytest.mark.django_db

FIGURES = [(7, 0, 0), (3, 0, 0), (5, 0, 0), (9, 0, 0)]  # damage, cards left, cost


def test_the_second_of_two_quick_taps_is_refused_and_records_nothing(client, monkeypatch):
    league = make_league("dragsaga", "Saga League")
    night, members = night_of(league, count=4)
    client.force_login(keeper_of(league, "org"))
    night_table = one_table_drawn(night, members)
    round_tables.open_table(night_table, NightTable.Mode.CARDS)
    record = reverse("nights:table_result", args=[night.pk, night_table.pk])
    assert client.post(record, tally(night_table, FIGURES)).status_code == 302

    # The second tap read the page before the first was written: its first look finds
    # nothing recorded; the look again, with the match locked, finds the first.
    looks = []
    real = night_views._recorded_or_ended

    def stale_first_look(request, match, kind):
        looks.append(match.pk)
        return None if len(looks) == 1 else real(request, match, kind)

    monkeypatch.setattr(night_views, "_recorded_or_ended", stale_first_look)
    again = client.post(record, tally(night_table, FIGURES))
    assert again.status_code == 409
    assert "recorded already" in again.content.decode()
    assert len(looks) == 2
    assert DragSagaResult.objects.count() == 1
