"""League standings: order, tie-breaks, sorting, CSV, and one query however many sets."""

import csv
import io

import pytest
from django.urls import reverse

from dragonformula import scoring as df_scoring
from games.leagues import selectors
from tests.support.leagues import (
    NO_WINNER,
    make_league,
    make_members,
    record_dragsaga,
    record_set,
    won,
)

pytestmark = pytest.mark.django_db


def table(rows) -> list[tuple]:
    return [(r.place, r.name, float(r.vp_total), r.played, r.wins, r.total_points) for r in rows]


@pytest.fixture
def league_with_sets():
    """Two sets: Aki and Ben end level on VP; Aki has more points; Chie and Dai tie fully."""
    league = make_league()
    aki, ben, chie, dai = make_members(league, "Aki", "Ben", "Chie", "Dai")
    make_members(league, "Eri")  # a member without results yet
    # Set 1: Aki 1500 (3 VP), Ben 100 (2), Chie and Dai 0 (0.5 each).
    record_set(
        league, [aki, ben, chie, dai], [won(0, "center_pillar"), won(1), NO_WINNER, NO_WINNER]
    )
    # Set 2: Ben 200 (3), Aki 100 (2), Chie and Dai 0 (0.5 each).
    record_set(league, [aki, ben, chie, dai], [won(0), won(1), won(1), NO_WINNER])
    return league


def test_standings_order_by_vp_then_total_points_then_shared(league_with_sets):
    rows = table(selectors.standings(league_with_sets))
    assert rows == [
        (1, "Aki", 5.0, 2, 2, 1600),
        (2, "Ben", 5.0, 2, 3, 300),
        (3, "Chie", 1.0, 2, 0, 0),
        (3, "Dai", 1.0, 2, 0, 0),
        (5, "Eri", 0.0, 0, 0, 0),
    ]


def test_standings_average_and_best_hand(league_with_sets):
    rows = {r.name: r for r in selectors.standings(league_with_sets)}
    assert float(rows["Aki"].vp_average) == 2.5
    assert (rows["Aki"].best_hand, rows["Aki"].best_hand_points) == ("center_pillar", 1500)
    assert (rows["Ben"].best_hand, rows["Ben"].best_hand_points) == ("sephirot_6", 100)
    assert rows["Dai"].best_hand is None
    assert float(rows["Eri"].vp_average) == 0


def test_an_unfinished_set_does_not_count(league_with_sets):
    from games.leagues.member_models import Member
    from tests.support.leagues import new_match, seats

    members = list(Member.objects.filter(name__in=["Chie", "Dai"]).order_by("name"))
    open_set = df_scoring.start_set(new_match(league_with_sets), seats(members))
    df_scoring.record_game(open_set, won(0, "kingdom_of_princesses"))
    rows = {r.name: r for r in selectors.standings(league_with_sets)}
    assert (rows["Chie"].played, rows["Chie"].total_points, rows["Chie"].best_hand) == (2, 0, None)


@pytest.mark.parametrize(
    ("sort", "descending", "first"),
    [
        ("points", True, "Aki"),
        ("points", False, "Chie"),
        ("name", True, "Eri"),
        ("best", True, "Aki"),
    ],
)
def test_standings_sort_by_any_column(league_with_sets, sort, descending, first):
    rows = list(selectors.standings(league_with_sets, sort, descending))
    assert rows[0].name == first
    assert {r.name: r.place for r in rows}["Aki"] == 1  # the place stays the league's


def test_wins_are_games_won_not_first_places_of_sets():
    """Aki wins three small games, Ben one Center Pillar: Ben is first, Aki won more games."""
    league = make_league()
    aki, ben, chie, dai = make_members(league, "Aki", "Ben", "Chie", "Dai")
    record_set(league, [aki, ben, chie, dai], [won(0), won(0), won(1, "center_pillar"), won(0)])
    rows = {r.name: r for r in selectors.standings(league)}
    assert (rows["Ben"].place, rows["Ben"].wins) == (1, 1)
    assert (rows["Aki"].place, rows["Aki"].wins) == (2, 3)
    assert rows["Chie"].wins == 0


def test_wins_column_title_says_what_it_counts(client, league_with_sets):
    page = client.get(
        reverse("leagues:league_detail", args=[league_with_sets.pk]), HTTP_ACCEPT_LANGUAGE="en"
    ).content.decode()
    assert 'title="Games won (Dan or Pick-and-Dan)"' in page


def test_dragsaga_standings_break_vp_ties_by_less_damage():
    league = make_league("dragsaga", "Saga League")
    aki, ben, chie = make_members(league, "Aki", "Ben", "Chie")
    record_dragsaga(league, [(aki, 2, 0, 0), (ben, 5, 4, 2), (chie, 9, 6, 2)])  # Aki 3, Ben 2
    record_dragsaga(league, [(aki, 6, 2, 1), (ben, 1, 0, 0), (chie, 9, 6, 2)])  # Ben 3, Aki 2
    # Final damage: Aki 2 + 7 = 9, Ben 7 + 1 = 8, Chie 12 + 12 = 24.
    assert table(selectors.standings(league)) == [
        (1, "Ben", 5.0, 2, 1, 8),
        (2, "Aki", 5.0, 2, 1, 9),
        (3, "Chie", 2.0, 2, 0, 24),
    ]


def test_standings_take_one_query_whatever_the_number_of_sets(django_assert_num_queries):
    league = make_league()
    members = make_members(league, "Aki", "Ben", "Chie", "Dai")
    record_set(league, members, [won(0), won(1), NO_WINNER, NO_WINNER])
    with django_assert_num_queries(1):
        few = table(selectors.standings(league))
    for _ in range(12):
        record_set(league, members, [won(2, "constellation"), won(3), NO_WINNER, won(0)])
    with django_assert_num_queries(1):
        many = table(selectors.standings(league))
    assert few != many and many[0][1] == "Chie" and many[0][3] == 13


def test_public_standings_page_and_htmx_sorting(client, league_with_sets):
    url = reverse("leagues:league_detail", args=[league_with_sets.pk])
    page = client.get(url).content.decode()
    assert page.index("Aki") < page.index("Ben") < page.index("Chie")
    assert "Center Pillar (1500)" in page
    partial = client.get(url + "?sort=points&dir=asc", headers={"HX-Request": "true"})
    body = partial.content.decode()
    assert "<html" not in body
    assert body.index("Eri") < body.index("Ben") < body.index("Aki")


def read_csv(response) -> list[list[str]]:
    return list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))


def test_standings_csv(client, league_with_sets):
    response = client.get(reverse("leagues:standings_csv", args=[league_with_sets.pk]))
    assert response["Content-Type"].startswith("text/csv")
    rows = read_csv(response)
    assert rows[0] == [
        "League",
        "Place",
        "Player",
        "VP",
        "Rating",
        "Sets",
        "VP / set",
        "Wins",
        "Points",
        "Best hand",
        "Best hand points",
    ]
    assert rows[1] == [
        league_with_sets.name, "1", "Aki", "5.00", "?", "2", "2.50", "2", "1600",
        "Center Pillar", "1500",
    ]  # fmt: skip
    assert rows[3][1:3] == ["3", "Chie"] and rows[4][1:3] == ["3", "Dai"]


def test_results_csv_has_every_line_of_every_set(client, league_with_sets):
    rows = read_csv(client.get(reverse("leagues:results_csv", args=[league_with_sets.pk])))
    header, body = rows[0], rows[1:]
    assert len(body) == 8
    lines = [dict(zip(header, row, strict=True)) for row in body]
    aki = sorted(
        (line["Set"], line["Points"], line["Rank"], line["VP"])
        for line in lines
        if line["Player"] == "Aki"
    )
    assert aki == [("1", "100", "2", "2.00"), ("1", "1500", "1", "3.00")]


def test_dragsaga_results_csv(client):
    league = make_league("dragsaga", "Saga League")
    aki, ben = make_members(league, "Aki", "Ben")
    record_dragsaga(league, [(aki, 3, 5, 2), (ben, 4, 0, 0)])
    rows = read_csv(client.get(reverse("leagues:results_csv", args=[league.pk])))
    player = rows[0].index("Player")
    lines = {row[player]: dict(zip(rows[0], row, strict=True)) for row in rows[1:]}
    assert (lines["Aki"]["Penalty"], lines["Aki"]["Final damage"], lines["Aki"]["Rank"]) == (
        "2",
        "5",
        "2",
    )
    assert (lines["Ben"]["Final damage"], lines["Ben"]["VP"], lines["Ben"]["Void"]) == (
        "4",
        "3.00",
        "no",
    )


def test_admin_league_page_links_to_its_standings(admin_client, league_with_sets):
    change = admin_client.get(reverse("admin:games_league_change", args=[league_with_sets.pk]))
    standings_url = reverse("admin:games_league_standings", args=[league_with_sets.pk])
    assert standings_url in change.content.decode()
    page = admin_client.get(standings_url).content.decode()
    assert page.index("Aki") < page.index("Ben") < page.index("Eri")


def test_admin_standings_need_staff(client, league_with_sets):
    response = client.get(reverse("admin:games_league_standings", args=[league_with_sets.pk]))
    assert response.status_code == 302 and "/admin/login/" in response["Location"]
