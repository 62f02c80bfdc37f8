"""Matches are numbered within their league: a league's first night shows Match 1, whatever
other leagues have played, on its pages, exports and sheets."""

from __future__ import annotations

import pytest
from django.urls import reverse

from dragsaga.models import DragSagaResult
from tests.support.leagues import make_league, make_members, record_dragsaga
from tests.web.record_agreement import EN, csv_rows

pytestmark = pytest.mark.django_db


def test_a_new_leagues_first_match_is_match_one(client):
    old = make_league("dragsaga", "Old League")
    aki, ben = make_members(old, "Aki", "Ben")
    for _ in range(10):
        record_dragsaga(old, [(aki, 3, 0, 0), (ben, 5, 0, 0)])
    new = make_league("dragsaga", "New League")
    new.members.add(aki, ben)
    first = record_dragsaga(new, [(aki, 3, 0, 0), (ben, 5, 0, 0)])
    second = record_dragsaga(new, [(aki, 4, 0, 0), (ben, 5, 0, 0)])
    assert (first.match.number, second.match.number) == (1, 2)
    assert first.match.pk > 10
    page = client.get(reverse("leagues:league_detail", args=[new.pk]), **EN).content.decode()
    assert "Match 1, game 1" in page and "Match 2, game 1" in page and "Match 11" not in page
    rows = csv_rows(client, reverse("leagues:results_csv", args=[new.pk]))
    assert {row["Match"] for row in rows} == {"1", "2"}
    detail = client.get(reverse("leagues:dragsaga_detail", args=[first.pk]), **EN)
    assert "Match 1, game 1" in detail.content.decode()
    sheet = client.get(reverse("leagues:dragsaga_sheet", args=[second.pk]), **EN)
    assert "Match 2, game 1" in sheet.content.decode()
    assert str(DragSagaResult.objects.get(pk=first.pk)) == "DragSaga game 1 of match 1"
