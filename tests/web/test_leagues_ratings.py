"""Skill ratings (openskill Plackett–Luce) over league results, checked on results worked by hand.

The model's defaults: μ = 25, σ = 25/3, β = 25/6, τ = 25/300 (σ grows by τ before each
result). For two players, Weng & Lin's Plackett–Luce update works out by hand as
σ'² = σ² + τ², c² = 2(σ'² + β²), the winner's μ + σ'²/(2c), the loser's μ − σ'²/(2c), and
both σ = √(σ'² · (1 − (σ'/c) · σ'²/c² · ¼)).
"""

import math
import random

import pytest
from django.core.management import call_command
from django.urls import reverse

from games.leagues import selectors
from games.ratings import ratings
from games.ratings.models import Rating, RatingChange
from tests.support.leagues import (
    NO_WINNER,
    make_league,
    make_members,
    record_dragsaga,
    record_set,
    won,
)

pytestmark = pytest.mark.django_db

MU, SIGMA, BETA, TAU = 25.0, 25.0 / 3.0, 25.0 / 6.0, 25.0 / 300.0


def two_player_update(mu_winner=MU, mu_loser=MU, sigma=SIGMA):
    """By hand, for two players of equal σ and μ (p = ½ each way)."""
    assert mu_winner == mu_loser
    s2 = sigma**2 + TAU**2
    c = math.sqrt(2 * (s2 + BETA**2))
    shift = s2 / c * 0.5
    delta = math.sqrt(s2) / c * s2 / c**2 * 0.25
    new_sigma = math.sqrt(s2 * (1 - delta))
    return (mu_winner + shift, new_sigma), (mu_loser - shift, new_sigma)


def rating(member, game="dragonformula"):
    return Rating.objects.get(member=member, game=game)


def test_a_two_player_set_moves_the_winner_up_and_the_loser_down_by_hand(client):
    league = make_league()
    aki, ben = make_members(league, "Aki", "Ben")
    record_set(league, [aki, ben], [won(0), NO_WINNER])  # Aki wins the set
    (mu_w, sigma_w), (mu_l, sigma_l) = two_player_update()
    assert rating(aki).mu == pytest.approx(mu_w, abs=1e-9)  # 27.635…
    assert rating(ben).mu == pytest.approx(mu_l, abs=1e-9)  # 22.364…
    assert rating(aki).sigma == pytest.approx(sigma_w, abs=1e-9)  # 8.0659…
    assert rating(ben).sigma == pytest.approx(sigma_l, abs=1e-9)
    assert round(mu_w, 3) == 27.635 and round(sigma_w, 4) == 8.0659
    assert rating(aki).results == rating(ben).results == 1
    # One result: provisional, a "?" in the standings and on the member page.
    rows = {row.name: row for row in selectors.standings(league)}
    assert rows["Aki"].rating_shown is None
    page = client.get(reverse("leagues:member_detail", args=[aki.pk])).content.decode()
    assert '<dd class="rating-now">?</dd>' in page


def test_players_who_share_a_place_share_a_rank(client):
    league = make_league()
    aki, ben, chie, dai = make_members(league, "Aki", "Ben", "Chie", "Dai")
    # Aki and Ben each win one game with the same hand; Chie and Dai win nothing.
    set_result = record_set(league, [aki, ben, chie, dai], [won(0), won(1), NO_WINNER, NO_WINNER])
    ranks = {line.member.name: line.rank for line in set_result.lines.all()}
    assert ranks == {"Aki": 1, "Ben": 1, "Chie": 3, "Dai": 3}
    a, b, c, d = (rating(m) for m in (aki, ben, chie, dai))
    assert (a.mu, a.sigma) == (b.mu, b.sigma)  # tied: the very same update
    assert (c.mu, c.sigma) == (d.mu, d.sigma)
    assert a.mu > MU > c.mu
    assert a.mu - MU == pytest.approx(MU - c.mu)  # symmetric: two pairs, equal ratings before


def test_a_set_everyone_ties_moves_no_one(client):
    league = make_league()
    members = make_members(league, "Aki", "Ben", "Chie")
    record_set(league, members, [NO_WINNER] * 3)
    for member in members:
        assert rating(member).mu == pytest.approx(MU)
        assert rating(member).sigma < SIGMA  # but the club knows a little more of each


def test_a_dragsaga_game_rates_by_its_placing():
    league = make_league("dragsaga", "Saga League")
    aki, ben = make_members(league, "Aki", "Ben")
    record_dragsaga(league, [(aki, 10, 0, 0), (ben, 4, 0, 0)])  # Ben took less damage: 1st
    (mu_w, sigma_w), (mu_l, _sigma) = two_player_update()
    assert rating(ben, "dragsaga").mu == pytest.approx(mu_w, abs=1e-9)
    assert rating(aki, "dragsaga").mu == pytest.approx(mu_l, abs=1e-9)
    assert not Rating.objects.filter(game="dragonformula").exists()


def test_a_keeper_voids_a_result_and_the_ratings_recompute(admin_client):
    league = make_league()
    aki, ben = make_members(league, "Aki", "Ben")
    first = record_set(league, [aki, ben], [won(0), NO_WINNER])  # Aki wins
    record_set(league, [aki, ben], [won(1), NO_WINNER])  # then Ben wins
    response = admin_client.post(
        reverse("leagues:void_result", args=["set", first.pk]), {"reason": "wrong table"}
    )
    assert response.status_code == 302
    # As if only Ben's win had been played.
    (mu_w, sigma_w), (mu_l, _sigma) = two_player_update()
    assert rating(ben).mu == pytest.approx(mu_w, abs=1e-9)
    assert rating(aki).mu == pytest.approx(mu_l, abs=1e-9)
    assert rating(aki).results == 1
    # The voided set stays listed, struck out; the standings count it nowhere.
    page = admin_client.get(reverse("leagues:league_detail", args=[league.pk])).content.decode()
    assert page.count('class="void"') == 1 and "Count it again" in page
    rows = {row.name: row for row in selectors.standings(league)}
    assert rows["Aki"].played == rows["Ben"].played == 1
    # Restored, it counts again, in its own place in the order.
    admin_client.post(reverse("leagues:restore", args=["set", first.pk]), {"reason": "wrong table"})
    assert rating(aki).results == 2
    assert (
        admin_client.post(
            reverse("leagues:restore", args=["set", first.pk]), {"reason": "wrong table"}
        ).status_code
        == 409
    )


def test_only_keepers_void(client, django_user_model):
    league = make_league()
    aki, ben = make_members(league, "Aki", "Ben")
    result = record_set(league, [aki, ben], [won(0), NO_WINNER])
    url = reverse("leagues:void_result", args=["set", result.pk])
    assert client.post(url).status_code == 302  # to the login page
    client.force_login(django_user_model.objects.create_user("zoe", password="pw"))
    assert client.post(url).status_code == 403
    assert client.post(reverse("leagues:void_result", args=["nonsense", 1])).status_code == 404
    result.refresh_from_db()
    assert result.voided_at is None and rating(aki).results == 1


def test_rebuild_gives_the_numbers_the_incremental_updates_gave():
    league = make_league()
    saga = make_league("dragsaga", "Saga League")
    members = make_members(league, *[f"P{i}" for i in range(7)])
    saga.members.add(*members)
    rng = random.Random(7)
    seats = 0
    for _n in range(30):
        table = rng.sample(members, rng.choice([2, 3, 4]))
        seats += len(table)
        games = [won(seat) if rng.random() < 0.6 else NO_WINNER for seat in range(len(table))]
        record_set(league, table, games)
        rows = [(m, rng.randrange(0, 20), 0, 0) for m in rng.sample(members, 3)]
        record_dragsaga(saga, rows)

    def snapshot():
        now = sorted(Rating.objects.values_list("member_id", "game", "mu", "sigma", "results"))
        changes = RatingChange.objects.order_by("game", "position", "member_id")
        return now, list(changes.values_list("game", "position", "member_id", "mu", "sigma"))

    incremental = snapshot()
    assert RatingChange.objects.filter(game="dragonformula").count() == seats
    call_command("rate", "--rebuild", "--lang", "en")
    assert snapshot() == incremental  # exactly equal, not approximately
    assert RatingChange.objects.filter(game="dragsaga").count() == 30 * 3


def test_a_rating_shows_once_it_is_no_longer_provisional(client):
    league = make_league()
    aki, ben = make_members(league, "Aki", "Ben")
    for _n in range(ratings.PROVISIONAL_RESULTS):
        record_set(league, [aki, ben], [won(0), NO_WINNER])
    now = rating(aki)
    assert now.results == 5 and now.sigma <= ratings.PROVISIONAL_SIGMA
    expected = ratings.rounded(now.mu - 3 * now.sigma)
    rows = {row.name: row for row in selectors.standings(league, "rating", descending=True)}
    assert round(rows["Aki"].rating_shown) == expected
    page = client.get(reverse("leagues:league_detail", args=[league.pk]) + "?sort=rating&dir=desc")
    assert page.status_code == 200
    assert f'<td class="num">{expected}</td>' in page.content.decode()
    member_page = client.get(reverse("leagues:member_detail", args=[aki.pk])).content.decode()
    assert f'<dd class="rating-now">{expected}</dd>' in member_page


def test_the_rules_page_says_how_the_rating_works(client):
    page = client.get(reverse("rulebook:index")).content.decode()
    assert 'id="ratings"' in page and "Plackett–Luce" in page
    # The thresholds it states are the ones the app uses.
    assert f"{ratings.PROVISIONAL_RESULTS} rated results" in page
    assert f"σ is {ratings.PROVISIONAL_SIGMA}" in page


def test_the_rate_command_lists_the_ratings(capsys):
    league = make_league()
    aki, ben = make_members(league, "Aki", "Ben")
    record_set(league, [aki, ben], [won(0), NO_WINNER])
    call_command("rate", "--lang", "en")
    out = capsys.readouterr().out
    assert "Aki" in out and "μ=27.64" in out and "(1)" in out
