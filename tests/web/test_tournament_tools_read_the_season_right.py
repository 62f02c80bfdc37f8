"""What the tournament tools show is what the results say (issue 52): each player's page lists
their league results with VP and a link to each; the standings after each night (and after
each round of a night) add up to the standings; the crosstable of who met whom agrees with the
results; a night's own CSVs list its results and tonight's standings, an unfinished set with
no rank or VP."""

from __future__ import annotations

import csv
import datetime
import io
from decimal import Decimal

import pytest
from django.test import Client
from django.urls import reverse

from dragonformula import scoring as df_scoring
from games.leagues import selectors, tournament
from games.leagues.models import Match, ResultLine
from games.nights.models import ClubNight, NightEntrant, NightRound, NightTable
from tests.support.leagues import make_league, make_members, seats, won

pytestmark = pytest.mark.django_db


def night_table(night, number, match):
    night_round, _made = NightRound.objects.get_or_create(
        night=night,
        number=number,
        defaults={"seed": 1, "salt": "00" * 16, "commitment": "0" * 64, "status": "done"},
    )
    count = NightTable.objects.filter(round=night_round).count()
    return NightTable.objects.create(round=night_round, number=count + 1, match=match, mode="cards")


@pytest.fixture
def season():
    """Two nights of a Dragon Formula league: night 1 of two rounds, night 2 of one, with a
    set left unfinished on night 2."""
    league = make_league()
    aki, ben, cho, dai, emi = make_members(league, "Aki", "Ben", "Cho", "Dai", "Emi")
    first = ClubNight.objects.create(league=league, date=datetime.date(2026, 5, 8))
    second = ClubNight.objects.create(league=league, date=datetime.date(2026, 5, 15))
    for night, people in ((first, [aki, ben, cho, dai, emi]), (second, [aki, ben, cho, dai])):
        for member in people:
            NightEntrant.objects.create(night=night, member=member, name=member.name)

    def played(night, round_number, players, games):
        match = Match.objects.create(league=league, club_night=night, played_on=night.date)
        night_table(night, round_number, match)
        return df_scoring.record_set_result(match, seats(players), games)

    played(first, 1, [aki, ben, cho, dai], [won(0, "wisdom_of_kings"), won(1), won(0), won(3)])
    played(first, 2, [emi, aki, ben], [won(0), won(0), won(2)])
    played(second, 1, [dai, cho, ben, aki], [won(1, "wisdom_of_kings"), won(1), won(2), won(3)])
    unfinished = Match.objects.create(league=league, club_night=second, played_on=second.date)
    night_table(second, 2, unfinished)
    part = df_scoring.start_set(unfinished, seats([aki, emi, cho]))
    df_scoring.record_game(part, won(0))
    return league, first, second, part


def test_a_players_page_lists_every_result_with_its_vp_and_link(season):
    league, _first, _second, part = season
    aki = league.members.get(name="Aki")
    page = Client().get(reverse("leagues:member_detail", args=[aki.pk])).content.decode()
    section = page.split('id="results-title"')[1]
    lines = ResultLine.objects.filter(member=aki).select_related("result")
    assert lines.count() == 4
    for line in lines:
        own = line.result.match.sets.get(number=line.result.number)
        assert reverse("leagues:set_detail", args=[own.pk]) in section
        if line.result.complete:
            assert f'<td class="num">{line.victory_points}</td>' in section
    assert "unfinished: counts nowhere yet" in section
    assert section.count("<tr") == 5  # a header and four results
    total = sum(
        (row.line.victory_points for row in tournament.member_results(aki) if row.counts),
        Decimal(0),
    )
    assert total == next(r.vp_total for r in selectors.standings(league) if r.pk == aki.pk)


def test_the_standings_after_each_night_add_up_to_the_standings(season):
    league, first, second, _part = season
    progress = tournament.standings_by_night(league)
    assert [step.label for step in progress.steps] == ["2026-05-08", "2026-05-15"]
    after_first = {
        row.pk: (row.place, row.vp_total) for row in selectors.standings(league, night=first)
    }
    assert {pk: (p, vp) for pk, (p, vp, _n) in progress.steps[0].places.items()} == {
        pk: figures for pk, figures in after_first.items() if pk in progress.steps[0].places
    }
    final = {row.pk: (row.place, row.vp_total, row.played) for row in selectors.standings(league)}
    assert progress.steps[-1].places == {pk: f for pk, f in final.items() if f[2]}
    page = Client().get(reverse("leagues:season_progress", args=[league.pk])).content.decode()
    assert "Standings after each night" in page and "2026-05-15" in page
    # A night's page shows tonight's after each round; its last column is tonight's table.
    by_round = tournament.standings_by_round(first)
    tonight = {row.member_id: (row.place, row.vp) for row in nights_tonight(first)}
    assert {pk: (p, vp) for pk, (p, vp, _n) in by_round.steps[-1].places.items()} == {
        pk: f for pk, f in tonight.items() if pk in by_round.steps[-1].places
    }
    night_page = Client().get(reverse("nights:night", args=[first.pk])).content.decode()
    assert "After each round" in night_page


def nights_tonight(night):
    from games.nights import tonight as night_tonight

    return [row for row in night_tonight.tonight_standings(night) if row.played]


def test_the_crosstable_says_who_met_whom_as_the_results_do(season):
    league, _first, _second, _part = season
    players, cells = tournament.crosstable(league)
    counted = ResultLine.objects.filter(result__complete=True, result__voided_at=None)
    for (me, other), cell in cells.items():
        together = counted.filter(member_id=me, result__lines__member_id=other)
        assert cell.met == together.count()
        mirror = cells[(other, me)]
        assert (cell.above, cell.level, cell.below) == (mirror.below, mirror.level, mirror.above)
    names = dict(players)
    aki = next(pk for pk, name in names.items() if name == "Aki")
    emi = next(pk for pk, name in names.items() if name == "Emi")
    assert cells[(aki, emi)].met == 1  # the unfinished set they share counts nowhere
    page = Client().get(reverse("leagues:season_progress", args=[league.pk])).content.decode()
    crosstable = page.split('id="crosstable-title"')[1]
    assert "Who met whom" in page and crosstable.count('<tr><th scope="row">') == len(players)
    assert crosstable.count("×") == len(players)  # the diagonal


def test_a_nights_csvs_list_its_results_and_standings(season):
    _league, _first, second, part = season
    client = Client()
    response = client.get(reverse("nights:results_csv", args=[second.pk]))
    assert response.status_code == 200 and response["Content-Type"].startswith("text/csv")
    rows = list(csv.DictReader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert len(rows) == ResultLine.objects.filter(result__match__club_night=second).count() == 7
    unfinished = [row for row in rows if row["Complete"] == "no"]
    assert len(unfinished) == 3 and all(row["Rank"] == row["VP"] == "" for row in unfinished)
    assert {row["Round"] for row in rows} == {"1", "2"}
    standings = client.get(reverse("nights:standings_csv", args=[second.pk]))
    table = list(csv.DictReader(io.StringIO(standings.content.decode("utf-8-sig"))))
    vp = {row["Player"]: Decimal(row["VP"]) for row in table}
    finished = [row for row in rows if row["Complete"] == "yes"]
    assert sum(vp.values()) == sum(Decimal(row["VP"]) for row in finished)
    # In Japanese too.
    japanese = client.get(
        reverse("nights:results_csv", args=[second.pk]), HTTP_ACCEPT_LANGUAGE="ja"
    ).content.decode("utf-8-sig")
    assert japanese.splitlines()[0] != response.content.decode("utf-8-sig").splitlines()[0]
