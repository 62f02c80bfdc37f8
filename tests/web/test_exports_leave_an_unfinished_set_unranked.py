"""An unfinished set has no rank and no victory points in any export: the results CSV leaves
those cells empty and says Complete: no; its printed sheet shows its running points only."""

from __future__ import annotations

import pytest
from django.urls import reverse

from dragonformula import scoring
from tests.support.leagues import NO_WINNER, make_league, make_members, new_match, seats, won
from tests.web.record_agreement import EN, csv_rows, pdf_of, table_rows

pytestmark = pytest.mark.django_db


def test_an_unfinished_set_has_no_rank_or_vp_in_the_csv_or_on_its_sheet(client, tmp_path):
    league = make_league()
    members = make_members(league, "Aki", "Ben")
    unfinished = scoring.start_set(new_match(league), seats(members))
    scoring.record_game(unfinished, won(0))  # one game of two: Aki leads, nothing is placed
    finished = scoring.record_set_result(new_match(league), seats(members), [won(1), NO_WINNER])
    rows = csv_rows(client, reverse("leagues:results_csv", args=[league.pk]))
    assert "Complete" in rows[0]
    open_rows = [
        row for row in rows if row["Set"] == "1" and row["Match"] == str(unfinished.match.number)
    ]
    assert len(open_rows) == 2
    for row in open_rows:
        assert (row["Complete"], row["Rank"], row["VP"]) == ("no", "", "")
    done_rows = [row for row in rows if row["Match"] == str(finished.match.number)]
    assert {row["Complete"] for row in done_rows} == {"yes"}
    assert sorted(row["Rank"] for row in done_rows) == ["1", "2"]
    sheet = client.get(reverse("leagues:set_sheet", args=[unfinished.pk]), **EN).content.decode()
    seats_table = sheet[sheet.index('class="sheet-seats"') : sheet.index("</table>")]
    aki_row = next(row for row in table_rows(seats_table) if "Aki" in row)
    # Seat, player, element, set points, rank, VP: the last two wait for the set's end.
    assert aki_row[3] != "" and aki_row[4:] == ["", ""]
    text = pdf_of(client, reverse("leagues:set_sheet_pdf", args=[unfinished.pk]), tmp_path)
    aki = next(line for line in text.splitlines() if "Aki" in line and "Fire" in line)
    assert aki.split()[-1] != "3"  # running points only: no rank, no VP
