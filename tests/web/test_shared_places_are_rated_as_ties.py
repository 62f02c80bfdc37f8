"""A shared place is rated as a tie: the players who share it gain alike, and the place below
it is rated below them (openskill's own handling of equal ranks rated the third of 1, 1, 3, 4
exactly as the two who shared first)."""

from __future__ import annotations

import pytest

from games.ratings.models import Rating
from games.ratings.ratings import MODEL, rate_placings
from tests.support.leagues import make_league, make_members, record_dragsaga

pytestmark = pytest.mark.django_db


def fresh(count):
    return [[MODEL.rating()] for _ in range(count)]


def test_the_shared_winners_gain_alike_and_more_than_the_third():
    rated = [team[0] for team in rate_placings(fresh(4), [1, 1, 3, 4])]
    assert rated[0].mu == pytest.approx(rated[1].mu)
    assert rated[0].mu > rated[2].mu > rated[3].mu
    assert rated[0].ordinal() > rated[2].ordinal()
    # Shared winners sit between what a clear first and a clear second would have gained.
    strict = [team[0] for team in MODEL.rate(fresh(4), ranks=[1, 2, 3, 4])]
    assert strict[1].mu < rated[0].mu < strict[0].mu
    assert rated[2].mu == pytest.approx(strict[2].mu)  # third is third either way


def test_without_a_tie_the_update_is_openskills_own():
    rated = rate_placings(fresh(3), [1, 2, 3])
    strict = MODEL.rate(fresh(3), ranks=[1.0, 2.0, 3.0])
    assert [t[0].mu for t in rated] == [t[0].mu for t in strict]


def test_a_dragsaga_game_with_a_shared_first_place_rates_the_third_below_them():
    league = make_league("dragsaga", "Saga League")
    aki, ben, cho, dai = make_members(league, "Aki", "Ben", "Cho", "Dai")
    # Aki and Ben share first (same damage, same cards left), Cho third, Dai fourth.
    record_dragsaga(league, [(aki, 2, 0, 0), (ben, 2, 0, 0), (cho, 5, 0, 0), (dai, 9, 0, 0)])
    mu = dict(Rating.objects.values_list("member__name", "mu"))
    assert mu["Aki"] == pytest.approx(mu["Ben"])
    assert mu["Aki"] > mu["Cho"] > mu["Dai"]
