"""The platform knows no game: a third game (the toy game of tests/web/toygame.py) gets a rules
page, a league whose results place in the standings, and a blank score sheet, through nothing
but the hooks of its ``RegisteredGame`` (``rulebook_path``, ``league_path``)."""

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
from tests.web.night_helpers import night_of

pytestmark = pytest.mark.django_db


def cells(html: str, table_id: str) -> list[list[str]]:
    """The text of each body row's cells of the table ``table_id``."""
    table = html[html.index(f'id="{table_id}"') :]
    body = table[table.index("<tbody>") : table.index("</tbody>")]
    return [
        [
            re.sub(r"<[^>]+>", "", cell).strip()
            for cell in re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", row, re.S)
        ]
        for row in re.findall(r"<tr>(.*?)</tr>", body, re.S)
    ]


def test_the_rules_index_lists_the_third_game_and_its_page_shows_its_own_rules(client, toygame):
    index = client.get("/rules/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    for name in ("dragonformula", "dragsaga", "toygame"):
        assert f'href="/rules/{name}/"' in index
    page = client.get("/rules/toygame/", HTTP_ACCEPT_LANGUAGE="en")
    assert page.status_code == 200
    text = page.content.decode()
    assert "<h1>Toy game</h1>" in text
    assert "2–4 players. Each is dealt 3 of the 20 numbered cards" in text
    assert "within 30 seconds" in text


def test_a_game_the_club_does_not_play_has_no_rules_page(client, toygame):
    assert client.get("/rules/chess/").status_code == 404


@pytest.fixture
def toy_league(toygame):
    league = make_league(game="toygame", name="Toy League")
    make_members(league, "Ann", "Ben", "Cho")
    return league


@pytest.fixture
def keeper(client):
    client.force_login(get_user_model().objects.create_user("keeper", is_staff=True))
    return client


def test_a_keeper_records_a_third_game_and_its_players_place_in_the_standings(keeper, toy_league):
    ann, ben, cho = toy_league.members.order_by("name")
    url = reverse("leagues:record", args=[toy_league.pk])
    form = keeper.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "A toy game at a real table" in form and 'name="total_3"' in form
    posted = {"player_0": ann.pk, "total_0": 30, "player_1": ben.pk, "total_1": 45}
    response = keeper.post(url, {**posted, "player_2": cho.pk, "total_2": 30})
    assert response.status_code == 302
    assert response.url == reverse("leagues:league_detail", args=[toy_league.pk])
    page = keeper.get(response.url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    rows = [(row[0], row[1], row[2], row[4], row[7]) for row in cells(page, "standings")]
    # Highest total first with 3 VP; the two tied players share the 2nd place's 2 + 1 VP.
    assert rows == [
        ("1", "Ben", "3", "1", "45"),
        ("2", "Ann", "1.50", "1", "30"),
        ("2", "Cho", "1.50", "1", "30"),
    ]
    assert "Ann 30 · 1.50" in page  # the result is listed with the league's results
    assert f'href="{url}">Record a toy game</a>' in page
    # Its players are rated in the third game, not in Dragon Formula's ratings.
    assert set(Rating.objects.values_list("game", flat=True)) == {"toygame"}
    assert Rating.objects.count() == 3
    # Dragon Formula's own set pages are not the third game's: no such page, not a crash.
    toy_set = Result.objects.get()
    assert keeper.get(reverse("leagues:set_detail", args=[toy_set.pk])).status_code == 404
    assert keeper.get(reverse("leagues:set_sheet", args=[toy_set.pk])).status_code == 404


def test_a_third_game_result_the_game_refuses_stores_nothing(keeper, toy_league):
    ann, ben, _cho = toy_league.members.order_by("name")
    url = reverse("leagues:record", args=[toy_league.pk])
    twice = {"player_0": ann.pk, "total_0": 30, "player_1": ann.pk, "total_1": 45}
    response = keeper.post(url, twice)
    assert response.status_code == 400
    assert "A player can sit only once at a table." in response.content.decode()
    too_high = {"player_0": ann.pk, "total_0": 30, "player_1": ben.pk, "total_1": 10**6}
    assert keeper.post(url, too_high).status_code == 400
    assert not Result.objects.exists()


def test_a_third_game_prints_its_blank_sheet_with_a_row_per_player(client, toygame):
    leagues = client.get(reverse("leagues:league_list")).content.decode()
    assert '<a href="/leagues/sheets/toygame/">Toy game sheet</a>' in leagues
    # Each game's own tools are its own: Dragon Formula's calculator, none for the toy game.
    tools = re.findall(r'<p><a href="([^"]+)">', leagues)
    assert tools == [reverse("dragonformula:calculator")]
    response = client.get(reverse("leagues:blank_sheet", args=["toygame"]), {"players": 3})
    assert response.status_code == 200
    text = response.content.decode()
    assert "Toy game — score sheet" in text
    assert len(re.findall(r"<tr><td>\d</td>", text)) == 3
    assert 'href="/leagues/sheets/toygame/pdf/?players=3"' in text


def test_a_game_the_club_does_not_play_has_no_blank_sheet(client, toygame):
    assert client.get("/leagues/sheets/chess/").status_code == 404
    assert client.get("/leagues/sheets/chess/pdf/").status_code == 404


def test_each_league_page_says_what_its_own_games_online_tables_are(keeper, toy_league):
    strict = "League tables are strict: Dan is always offered and a false Dan costs 500."
    dragon_formula = make_league(name="DF League")
    for league, said in ((dragon_formula, True), (toy_league, False)):
        url = reverse("leagues:league_detail", args=[league.pk])
        page = keeper.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
        assert "Open an online league table" in page
        assert (strict in page) is said


# What only Dragon Formula's pages show: its standings column and its header's words, its hand
# names, its set pages; a third game's league, standings and player pages show none of it.
DRAGON_FORMULA_ONLY = ("Best hand", "Dan", "Sets played", "Games won by hand", "/leagues/sets/")


def test_a_third_games_league_standings_and_player_pages_show_nothing_of_dragon_formula(
    keeper, toy_league
):
    ann, ben, _cho = toy_league.members.order_by("name")
    record = reverse("leagues:record", args=[toy_league.pk])
    keeper.post(record, {"player_0": ann.pk, "total_0": 30, "player_1": ben.pk, "total_1": 45})
    league_url = reverse("leagues:league_detail", args=[toy_league.pk])
    pages = {
        "league": keeper.get(league_url, HTTP_ACCEPT_LANGUAGE="en"),
        "standings": keeper.get(league_url, HTTP_ACCEPT_LANGUAGE="en", HTTP_HX_REQUEST="true"),
        "printed": keeper.get(reverse("leagues:standings_sheet", args=[toy_league.pk])),
        "member": keeper.get(reverse("leagues:member_detail", args=[ben.pk])),
    }
    for name, response in pages.items():
        assert response.status_code == 200, name
        text = response.content.decode()
        assert [word for word in DRAGON_FORMULA_ONLY if word in text] == [], name
    headers = re.findall(
        r'<th scope="col"[^>]*>(?:<a [^>]*>)?([^<]+)', pages["standings"].content.decode()
    )
    assert headers == ["Place", "Player", "VP", "Rating", "Sets", "VP / set", "Wins", "Points"]
    # The result is listed, unlinked: the third game names no page for it.
    league = pages["league"].content.decode()
    assert f"Match {Result.objects.get().match_id}, set 1</td>" in league.replace(" <em>", "</td>")
    member = pages["member"].content.decode()
    assert '<h2 id="game-toygame">Toy game</h2>' in member
    assert '<dd class="rating-now">?</dd>' in member
    csv = keeper.get(reverse("leagues:standings_csv", args=[toy_league.pk])).content.decode()
    assert (
        csv.splitlines()[0].lstrip("\ufeff")
        == "League,Place,Player,VP,Rating,Sets,VP / set,Wins,Points"
    )


def test_the_demo_opens_the_tables_and_league_each_game_says_once(toygame, capsys):
    call_command("load_demo", "--lang", "en")
    call_command("load_demo", "--lang", "en")
    open_tables = Table.objects.filter(status=Table.Status.OPEN)
    games = sorted(open_tables.values_list("game_name", "players"))
    assert games == [("dragonformula", 4), ("dragsaga", 3), ("toygame", 2)]
    toy_table = open_tables.get(game_name="toygame")
    assert toy_table.bot_level == "easy"  # bots take the empty seats once a player starts
    assert list(
        Table.objects.filter(status=Table.Status.PLAYING).values_list("game_name", flat=True)
    ) == ["dragsaga"]
    out = capsys.readouterr().out
    assert f"Open demo table {toy_table.code} (Toy game)" in out
    assert out.count("Demo league created: Toy demo league") == 1
    assert sorted(
        League.objects.get(name="Toy demo league").members.values_list("name", flat=True)
    ) == ["Aki", "Ben", "Chie"]


def test_a_third_games_club_night_draws_seats_without_dragon_formulas_elements(keeper, toy_league):
    night, _members = night_of(toy_league, count=7)
    act = reverse("nights:act", args=[night.pk])
    for member in toy_league.members.all():
        assert keeper.post(act, {"action": "check_in", "member": member.pk}).status_code == 302
    keeper.post(act, {"action": "announce"})
    assert keeper.post(act, {"action": "draw", "round": 1, "confirmed": "yes"}).status_code == 302
    tables = list(night.rounds.get(number=1).tables.all())
    assert sum(table.seats.count() for table in tables) == toy_league.members.count() == 8
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
    admin_client, toy_league
):
    ann, ben, _cho = toy_league.members.order_by("name")
    record = reverse("leagues:record", args=[toy_league.pk])
    posted = {"player_0": ann.pk, "total_0": 30, "player_1": ben.pk, "total_1": 45}
    assert admin_client.post(record, posted).status_code == 302
    toy_set = Result.objects.get()
    page = admin_client.get(reverse("admin:games_result_change", args=[toy_set.pk]))
    assert page.status_code == 200
    assert "/leagues/sets/" not in page.content.decode()


def test_a_third_games_standings_stand_on_no_model_of_another_game(keeper, toy_league):
    """The toy game keeps its results in the platform's own result models: recording one makes
    no row of Dragon Formula's or DragSaga's, its league module names nothing of theirs, and
    its players still place in the standings."""
    from dragonformula.models import SetGame, SetLine, SetResult
    from dragsaga.models import DragSagaLine, DragSagaResult
    from games.leagues import results
    from tests.web import toygame_league

    ann, ben, cho = toy_league.members.order_by("name")
    record = reverse("leagues:record", args=[toy_league.pk])
    posted = {"player_0": ann.pk, "total_0": 12, "player_1": ben.pk, "total_1": 40}
    assert keeper.post(record, {**posted, "player_2": cho.pk, "total_2": 25}).status_code == 302
    for model in (results.result_model("toygame"), results.line_model("toygame")):
        assert model._meta.app_label == "games"
    borrowed = {
        name
        for name, value in vars(toygame_league).items()
        if getattr(value, "__module__", "").startswith(("dragonformula", "dragsaga"))
    }
    assert borrowed == set()
    for model in (SetResult, SetLine, SetGame, DragSagaResult, DragSagaLine):
        assert not model.objects.exists(), model.__name__
    page = keeper.get(reverse("leagues:league_detail", args=[toy_league.pk]))
    rows = [(row[0], row[1], row[2]) for row in cells(page.content.decode(), "standings")]
    assert rows == [("1", "Ben", "3"), ("2", "Cho", "2"), ("3", "Ann", "1")]
