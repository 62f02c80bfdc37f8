"""A High Card game played at an online league table records its result when it ends, once,
for the league players linked to the seats' accounts, and the standings count it: the rounds
each won and the victory points of their places, as the engine's outcome says."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from games.leagues import online
from games.leagues import services as leagues
from games.leagues.models import Result, ResultLine
from games.leagues.online import open_league_table
from games.tables.actions import playing, seating, starting
from games.tables.models import Player
from tests.support.leagues import make_league, make_members
from tests.support.pages import cells

pytestmark = pytest.mark.django_db


def standings(client, league):
    page = client.get(reverse("leagues:league_detail", args=[league.pk]), HTTP_ACCEPT_LANGUAGE="en")
    return cells(page.content.decode(), "standings")


def test_a_finished_league_table_records_one_result_that_places_in_the_standings(highcard, client):
    league = make_league(game="highcard", name="High Card League")
    members = make_members(league, "Ann", "Ben")
    players = []
    for member in members:
        user = get_user_model().objects.create_user(member.name.lower())
        leagues.link_member(member, user)
        players.append(Player.objects.create(display_name=member.name, user=user))
    table = open_league_table(league, players=2, created_by=players[0])
    seating.sit(table, players[1])
    game = starting.start(table, players[0], seed=21)
    engine = highcard.engine
    while not game.is_finished:
        seat = game.state["turn"]
        assert not Result.objects.exists()  # nothing is recorded before the game ends
        action = engine.bot_action(game.state, seat, "keen" if seat == 1 else "easy")
        game = playing.apply_action(game, players[seat], action, game.version)
    outcome = game.outcome
    result = Result.objects.get(match__table=table)
    assert result.complete
    lines = {line.member.name: line for line in ResultLine.objects.filter(result=result)}
    for placing in outcome["placings"]:
        line = lines[members[placing["seat"]].name]
        assert line.points == placing["rounds_won"] and line.rank == placing["rank"]
        assert float(line.victory_points) == placing["victory_points"]
    # Recording again (a later save, a reopened night) records nothing twice.
    online.record_online_results(game)
    assert Result.objects.count() == 1

    rows = standings(client, league)
    by_name = {row[1]: row for row in rows}
    first = min(outcome["placings"], key=lambda p: p["rank"])
    assert rows[0][1] == members[first["seat"]].name
    for placing in outcome["placings"]:
        row = by_name[members[placing["seat"]].name]
        assert row[0] == str(placing["rank"])
        assert float(row[2]) == placing["victory_points"]  # VP
        assert row[4] == "1"  # games played
        assert row[-1] == str(placing["rounds_won"])  # rounds won, the game's own points
