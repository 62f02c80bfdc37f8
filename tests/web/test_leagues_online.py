"""Online league tables: results flow into the league through the web layer, typed by no one."""

from decimal import Decimal

import pytest
from django.contrib.auth import get_user_model

from dragonformula.models import SetGame
from games.leagues import selectors
from games.leagues.models import Match
from games.leagues.online import open_league_table, record_online_results
from games.tables.actions import guests, opening, starting
from games.tables.models import Player
from tests.support.leagues import make_league, make_members, play_out

pytestmark = pytest.mark.django_db


def linked_player(league, name: str) -> Player:
    """A club member whose account a keeper linked to the league player ``name``."""
    user = get_user_model().objects.create_user(name.lower(), password="pw")
    (member,) = make_members(league, name)
    member.user = user
    member.save()
    return guests.player_for_user(user)


def test_an_online_dragon_formula_match_flows_into_the_league_set_by_set():
    league = make_league()
    aki = linked_player(league, "Aki")
    table = open_league_table(
        league, players=2, bot_level="smart", options={"sets": 2}, created_by=aki
    )
    assert table.options["dan_assist"] is False  # league tables are strict
    game = play_out(starting.start(table, aki, seed=11), aki)
    match = Match.objects.get(table=table)
    assert match.source == Match.Source.ONLINE and match.table_code == table.code
    engine_sets = game.state["sets"]
    assert [s.number for s in match.sets.all()] == [1, 2]
    for set_result, engine_set in zip(match.sets.all(), engine_sets, strict=True):
        assert set_result.complete
        lines = {line.seat: line for line in set_result.lines.select_related("member")}
        assert [lines[seat].element for seat in range(2)] == engine_set["elements"]
        for placing in engine_set["placings"]:
            line = lines[placing["seat"]]
            assert line.points == placing["points"]
            assert line.rank == placing["rank"]
            assert line.victory_points == Decimal(str(placing["victory_points"]))
    assert SetGame.objects.filter(set__match=match).count() == len(game.state["games"])
    won = [g for g in game.state["games"] if g["result"] == "win"]
    assert won  # smart bots win games: their hands are in the league
    recorded = (
        SetGame.objects.filter(set__match=match)
        .exclude(winner=None)
        .order_by("set__number", "number")
    )
    assert [(g.hand, g.points) for g in recorded] == [(g["hand"], g["points"]) for g in won]
    rows = {row.name: row for row in selectors.standings(league)}
    assert rows["Aki"].played == 2
    assert float(rows["Aki"].vp_total) == sum(
        p["victory_points"] for s in engine_sets for p in s["placings"] if p["seat"] == 0
    )
    record_online_results(game)  # a repeated call records nothing twice
    assert SetGame.objects.filter(set__match=match).count() == len(game.state["games"])


def test_an_online_dragsaga_game_flows_into_the_league():
    league = make_league("dragsaga", "Saga League")
    ben = linked_player(league, "Ben")
    table = open_league_table(league, players=3, bot_level="random", created_by=ben)
    game = play_out(starting.start(table, ben, seed=12), ben)
    result = Match.objects.get(table=table).dragsaga_games.get()
    lines = {line.seat: line for line in result.lines.select_related("member")}
    assert lines[0].member.name == "Ben"
    for placing in game.outcome["placings"]:
        line = lines[placing["seat"]]
        assert (line.damage, line.penalty, line.final_damage) == (
            placing["damage"],
            placing["penalty"],
            placing["final_damage"],
        )
        assert (line.cards_left, line.rank) == (placing["hand_count"], placing["rank"])
        assert line.victory_points == Decimal(str(placing["victory_points"]))


def test_a_table_outside_any_league_records_nothing():
    cho = Player.objects.create(display_name="Cho")
    table = opening.create_table(
        game_name="dragsaga", players=2, bot_level="random", created_by=cho
    )
    play_out(starting.start(table, cho, seed=13), cho)
    assert not Match.objects.exists()


def test_a_keeper_opens_a_league_table_from_the_league_page(admin_client):
    league = make_league()
    page = admin_client.get(f"/leagues/{league.pk}/").content.decode()
    assert "Open an online league table" in page
    response = admin_client.post(
        f"/leagues/{league.pk}/tables/", {"players": 2, "bot_level": "smart"}
    )
    match = Match.objects.get(league=league)
    assert response.status_code == 302
    assert response["Location"] == f"/dragonformula/{match.table.code}/"
    assert match.table.options["dan_assist"] is False and match.table.bot_level == "smart"


def test_only_keepers_open_league_tables(client):
    league = make_league()
    assert (
        "Open an online league table" not in client.get(f"/leagues/{league.pk}/").content.decode()
    )
    response = client.post(f"/leagues/{league.pk}/tables/", {"players": 2})
    assert response.status_code == 302 and "login" in response["Location"]
    assert not Match.objects.exists()
