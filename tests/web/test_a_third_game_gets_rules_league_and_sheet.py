"""The platform knows no game: a third game (High Card, the reference game of examples/highcard)
gets a rules page, a league whose results place in the standings, and a blank score sheet,
through nothing but the hooks of its ``RegisteredGame`` (``rulebook_path``, ``league_path``)."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.urls import reverse

from games.leagues.models import League, Result
from games.ratings.models import Rating
from games.tables.models import Table
from tests.support.leagues import make_league, make_members
from tests.support.pages import cells
from tests.web.night_helpers import night_of

pytestmark = pytest.mark.django_db


def test_the_rules_index_lists_the_third_game_and_its_page_shows_its_own_rules(client, highcard):
    index = client.get("/rules/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    for name in ("dragonformula", "dragsaga", "highcard"):
        assert f'href="/rules/{name}/"' in index
    page = client.get("/rules/highcard/", HTTP_ACCEPT_LANGUAGE="en")
    assert page.status_code == 200
    text = page.content.decode()
    assert "<h1>High Card</h1>" in text
    assert "2–4 players. Each is dealt 3 of the 20 numbered cards in secret" in text
    assert "within 30 seconds" in text


def test_a_game_the_club_does_not_play_has_no_rules_page(client, highcard):
    assert client.get("/rules/chess/").status_code == 404


@pytest.fixture
def hc_league(highcard):
    league = make_league(game="highcard", name="High Card League")
    make_members(league, "Ann", "Ben", "Cho")
    return league


@pytest.fixture
def keeper(client):
    client.force_login(get_user_model().objects.create_user("keeper", is_staff=True))
    return client


def test_a_keeper_records_a_third_game_and_its_players_place_in_the_standings(keeper, hc_league):
    ann, ben, cho = hc_league.members.order_by("name")
    url = reverse("leagues:record", args=[hc_league.pk])
    form = keeper.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "A High Card game at a real table" in form and 'name="won_3"' in form
    posted = {"player_0": ann.pk, "won_0": 0, "player_1": ben.pk, "won_1": 3}
    response = keeper.post(url, {**posted, "player_2": cho.pk, "won_2": 0})
    assert response.status_code == 302
    assert response.url == reverse("leagues:league_detail", args=[hc_league.pk])
    page = keeper.get(response.url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    rows = [(row[0], row[1], row[2], row[4], row[7]) for row in cells(page, "standings")]
    # Most rounds won first with 3 VP; the two tied players share the 2nd place's 2 + 1 VP.
    assert rows == [
        ("1", "Ben", "3", "1", "3"),
        ("2", "Ann", "1.50", "1", "0"),
        ("2", "Cho", "1.50", "1", "0"),
    ]
    assert "Ann 0 · 1.50" in page  # the result is listed with the league's results
    assert f'href="{url}">Record a High Card game</a>' in page
    # Its players are rated in the third game, not in Dragon Formula's ratings.
    assert set(Rating.objects.values_list("game", flat=True)) == {"highcard"}
    assert Rating.objects.count() == 3
    # Dragon Formula's own set pages are not the third game's: no such page, not a crash.
    hc_set = Result.objects.get()
    assert keeper.get(reverse("leagues:set_detail", args=[hc_set.pk])).status_code == 404
    assert keeper.get(reverse("leagues:set_sheet", args=[hc_set.pk])).status_code == 404


def test_a_third_game_result_the_game_refuses_stores_nothing(keeper, hc_league):
    ann, ben, _cho = hc_league.members.order_by("name")
    url = reverse("leagues:record", args=[hc_league.pk])
    twice = {"player_0": ann.pk, "won_0": 1, "player_1": ann.pk, "won_1": 2}
    response = keeper.post(url, twice)
    assert response.status_code == 400
    assert "A player can sit only once at a table." in response.content.decode()
    too_high = {"player_0": ann.pk, "won_0": 0, "player_1": ben.pk, "won_1": 10**6}
    assert keeper.post(url, too_high).status_code == 400
    four_rounds = {"player_0": ann.pk, "won_0": 2, "player_1": ben.pk, "won_1": 2}
    response = keeper.post(url, four_rounds, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 400
    assert "the rounds won must add up to 3" in response.content.decode()
    assert not Result.objects.exists()


def test_a_third_game_prints_its_blank_sheet_with_a_row_per_player(client, highcard):
    leagues = client.get(reverse("leagues:league_list")).content.decode()
    assert '<a href="/leagues/sheets/highcard/">High Card sheet</a>' in leagues
    # Each game's own tools are its own: Dragon Formula's calculator, none for High Card.
    tools = re.findall(r'<p><a href="([^"]+)">', leagues)
    assert tools == [reverse("dragonformula:calculator")]
    response = client.get(reverse("leagues:blank_sheet", args=["highcard"]), {"players": 3})
    assert response.status_code == 200
    text = response.content.decode()
    assert "High Card — score sheet" in text
    assert len(re.findall(r"<tr><td>\d</td>", text)) == 3
    assert [f"Round {n}" in text for n in (1, 2, 3, 4)] == [True, True, True, False]
    assert 'href="/leagues/sheets/highcard/pdf/?players=3"' in text


def test_a_game_the_club_does_not_play_has_no_blank_sheet(client, highcard):
    assert client.get("/leagues/sheets/chess/").status_code == 404
    assert client.get("/leagues/sheets/chess/pdf/").status_code == 404


def test_each_league_page_says_what_its_own_games_online_tables_are(keeper, hc_league):
    strict = "League tables are strict: Dan is always offered and a false Dan costs 500."
    dragon_formula = make_league(name="DF League")
    for league, said in ((dragon_formula, True), (hc_league, False)):
        url = reverse("leagues:league_detail", args=[league.pk])
        page = keeper.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
        assert "Open an online league table" in page
        assert (strict in page) is said


# What only Dragon Formula's pages show: its standings column and its header's words, its hand
# names, its set pages; a third game's league, standings and player pages show none of it.
DRAGON_FORMULA_ONLY = ("Best hand", "Dan", "Sets played", "Games won by hand", "/leagues/sets/")


def test_a_third_games_league_standings_and_player_pages_show_nothing_of_dragon_formula(
    keeper, hc_league
):
    ann, ben, _cho = hc_league.members.order_by("name")
    record = reverse("leagues:record", args=[hc_league.pk])
    keeper.post(record, {"player_0": ann.pk, "won_0": 1, "player_1": ben.pk, "won_1": 2})
    league_url = reverse("leagues:league_detail", args=[hc_league.pk])
    pages = {
        "league": keeper.get(league_url, HTTP_ACCEPT_LANGUAGE="en"),
        "standings": keeper.get(league_url, HTTP_ACCEPT_LANGUAGE="en", HTTP_HX_REQUEST="true"),
        "printed": keeper.get(reverse("leagues:standings_sheet", args=[hc_league.pk])),
        "member": keeper.get(reverse("leagues:member_detail", args=[ben.pk])),
    }
    for name, response in pages.items():
        assert response.status_code == 200, name
        text = response.content.decode()
        assert [word for word in DRAGON_FORMULA_ONLY if word in text] == [], name
    headers = re.findall(
        r'<th scope="col"[^>]*>(?:<a [^>]*>)?([^<]+)', pages["standings"].content.decode()
    )
    assert headers == [
        "Place",
        "Player",
        "VP",
        "Rating",
        "Games",
        "VP / game",
        "Wins",
        "Rounds won",
    ]
    # The result is listed, unlinked: the third game names no page for it.
    league = pages["league"].content.decode()
    assert f"Match {Result.objects.get().match_id}, game 1</td>" in league.replace(" <em>", "</td>")
    member = pages["member"].content.decode()
    assert '<h2 id="game-highcard">High Card</h2>' in member
    assert '<dd class="rating-now">?</dd>' in member
    csv = keeper.get(reverse("leagues:standings_csv", args=[hc_league.pk])).content.decode()
    assert (
        csv.splitlines()[0].lstrip("\ufeff")
        == "League,Place,Player,VP,Rating,Games,VP / game,Wins,Rounds won"
    )


def test_the_demo_opens_the_tables_and_league_each_game_says_once(highcard, capsys):
    call_command("load_demo", "--lang", "en")
    call_command("load_demo", "--lang", "en")
    open_tables = Table.objects.filter(status=Table.Status.OPEN)
    games = sorted(open_tables.values_list("game_name", "players"))
    assert games == [("dragonformula", 4), ("dragsaga", 3), ("highcard", 2)]
    hc_table = open_tables.get(game_name="highcard")
    assert hc_table.bot_level == "easy"  # bots take the empty seats once a player starts
    assert list(
        Table.objects.filter(status=Table.Status.PLAYING).values_list("game_name", flat=True)
    ) == ["dragsaga"]
    out = capsys.readouterr().out
    assert f"Open demo table {hc_table.code} (High Card)" in out
    assert out.count("Demo league created: High Card demo league") == 1
    assert sorted(
        League.objects.get(name="High Card demo league").members.values_list("name", flat=True)
    ) == ["Aki", "Ben", "Chie"]


def test_a_third_games_club_night_draws_seats_without_dragon_formulas_elements(keeper, hc_league):
    night, _members = night_of(hc_league, count=7)
    act = reverse("nights:act", args=[night.pk])
    for member in hc_league.members.all():
        assert keeper.post(act, {"action": "check_in", "member": member.pk}).status_code == 302
    keeper.post(act, {"action": "announce"})
    assert keeper.post(act, {"action": "draw", "round": 1, "confirmed": "yes"}).status_code == 302
    tables = list(night.rounds.get(number=1).tables.all())
    assert sum(table.seats.count() for table in tables) == hc_league.members.count() == 8
    assert {seat.element for table in tables for seat in table.seats.all()} == {""}
    for table in tables:
        posted = {"action": "open_table", "table": table.pk, "mode": "cards"}
        assert keeper.post(act, posted).status_code == 302
    for url in (
        reverse("nights:night", args=[night.pk]),
        reverse("nights:screen", args=[night.pk]),
    ):
        page = keeper.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
        for word in ("Fire", "Water", "Air", "Earth", "/leagues/sets/"):
            assert word not in page, (url, word)
        # Every page the night links for its tables opens (none of another game's).
        for link in set(re.findall(r'href="(/nights/\d+/tables/[^"]*)"', page)):
            assert keeper.get(link).status_code == 200, link


def test_the_admin_page_of_a_third_games_set_opens_without_dragon_formulas_sheet(
    admin_client, hc_league
):
    ann, ben, _cho = hc_league.members.order_by("name")
    record = reverse("leagues:record", args=[hc_league.pk])
    posted = {"player_0": ann.pk, "won_0": 1, "player_1": ben.pk, "won_1": 2}
    assert admin_client.post(record, posted).status_code == 302
    hc_set = Result.objects.get()
    page = admin_client.get(reverse("admin:games_result_change", args=[hc_set.pk]))
    assert page.status_code == 200
    assert "/leagues/sets/" not in page.content.decode()


def test_a_third_games_standings_stand_on_no_model_of_another_game(keeper, hc_league):
    """High Card keeps its results in the platform's own result models: recording one makes
    no row of Dragon Formula's or DragSaga's, its league module names nothing of theirs, and
    its players still place in the standings."""
    from dragonformula.models import SetGame, SetLine, SetResult
    from dragsaga.models import DragSagaLine, DragSagaResult
    from examples.highcard import league as highcard_league
    from games.leagues import results

    ann, ben, cho = hc_league.members.order_by("name")
    record = reverse("leagues:record", args=[hc_league.pk])
    posted = {"player_0": ann.pk, "won_0": 0, "player_1": ben.pk, "won_1": 2}
    assert keeper.post(record, {**posted, "player_2": cho.pk, "won_2": 1}).status_code == 302
    for model in (results.result_model("highcard"), results.line_model("highcard")):
        assert model._meta.app_label == "games"
    borrowed = {
        name
        for name, value in vars(highcard_league).items()
        if getattr(value, "__module__", "").startswith(("dragonformula", "dragsaga"))
    }
    assert borrowed == set()
    for model in (SetResult, SetLine, SetGame, DragSagaResult, DragSagaLine):
        assert not model.objects.exists(), model.__name__
    page = keeper.get(reverse("leagues:league_detail", args=[hc_league.pk]))
    rows = [(row[0], row[1], row[2]) for row in cells(page.content.decode(), "standings")]
    assert rows == [("1", "Ben", "3"), ("2", "Cho", "2"), ("3", "Ann", "1")]
