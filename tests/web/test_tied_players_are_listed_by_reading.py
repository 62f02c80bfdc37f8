"""Players still tied after victory points and points share the place and are listed by the
reading of their names (よみ), as the import page promises, not by their Latin letters."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games.leagues import selectors
from games.leagues.member_models import Member
from tests.support.leagues import make_league
from tests.web.record_agreement import EN, csv_rows, row_of, table_rows

pytestmark = pytest.mark.django_db


def test_players_with_no_results_yet_come_in_the_order_of_their_readings(client):
    league = make_league()
    # By Latin letters: Abe, Ito, Ueda; by reading: い (Ito), う (Ueda), あ sorts first (Abe)…
    # so give readings that disagree with the letters.
    for name, reading in (("Abe", "わたなべ"), ("Ito", "いとう"), ("Ueda", "あおき")):
        league.members.add(Member.objects.create(name=name, reading=reading))
    order = [row.name for row in selectors.standings(league)]
    assert order == ["Ueda", "Ito", "Abe"]
    assert {row.place for row in selectors.standings(league)} == {1}
    rows = table_rows(
        client.get(reverse("leagues:league_detail", args=[league.pk]), **EN).content.decode()
    )
    listed = [row[1] for row in rows if len(row) > 1 and row[0] == "1"]
    assert listed == ["Ueda", "Ito", "Abe"]
    assert row_of(rows, "Abe")[0] == "1"
    exported = [
        row["Player"]
        for row in csv_rows(client, reverse("leagues:standings_csv", args=[league.pk]))
    ]
    assert exported == ["Ueda", "Ito", "Abe"]
    by_name = [row.name for row in selectors.standings(league, sort="name")]
    assert by_name == ["Ueda", "Ito", "Abe"]
