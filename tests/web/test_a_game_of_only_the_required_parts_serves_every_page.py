"""A game that gives only the contract's required parts (an engine, ``present``,
``action_from_post``, ``REGIONS`` and its table templates) and a league module naming
nothing: every optional part's default works. Its table is listed, opened, played and shown;
its league page, CSVs and player pages answer; the pages it has no part for (score keeping at
a real table, the blank sheet, the rules page, the cheat sheet) are 404s, never a 500; an
online league table's finished game counts in the standings, placed as its outcome says."""

from __future__ import annotations

import json
import re

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from games import registry
from games.leagues import online
from games.leagues.member_models import Member
from games.leagues.models import Result
from games.tables.actions import opening, playing, seating, starting
from games.tables.models import Player
from tests.support.leagues import make_league
from tests.web.conftest import TEMPLATES
from tests.web.tables import browser_of, htmx_post

pytestmark = pytest.mark.django_db


@pytest.fixture
def baregame(settings):
    settings.ROOT_URLCONF = "tests.web.urls"
    settings.TEMPLATES = [
        {**settings.TEMPLATES[0], "DIRS": [*settings.TEMPLATES[0]["DIRS"], TEMPLATES]}
    ]
    kind = registry.register(
        registry.RegisteredGame(
            name="baregame",
            label="Bare game",
            engine_path="examples.highcard.rules:ENGINE",
            presenters_path="tests.web.baregame",
            template_dir="highcard",
            league_path="tests.web.baregame_league",
        )
    )
    yield kind
    registry.GAMES.pop("baregame", None)


def play_out(game, players):
    """Every turn played with the seat's first legal card, as its player's move."""
    engine = registry.engine_for("baregame")
    while not game.is_finished:
        seat = engine.waiting_for(game.state)[0]
        action = engine.legal_actions(game.state, seat)[0]
        game = playing.apply_action(game, players[seat], action, game.version)
    return game


def test_its_table_is_opened_from_the_lobby_shown_and_played(client, baregame):
    lobby = client.get("/", HTTP_ACCEPT_LANGUAGE="en")
    assert lobby.status_code == 200 and "Bare game" in lobby.content.decode()
    ann, ben = (Player.objects.create(display_name=name) for name in ("Ann", "Ben"))
    table = opening.create_table(game_name="baregame", players=2, created_by=ann)
    seating.sit(table, ben)
    game = starting.start(table, ann, seed=3)
    page = browser_of(ann).get(f"/baregame/{table.code}/", HTTP_ACCEPT_LANGUAGE="en")
    assert page.status_code == 200
    hand = game.state["hands"][0]
    assert all(card in page.content.decode() for card in hand)
    seat = 0 if game.state["turn"] == 0 else 1
    mover = (ann, ben)[seat]
    card = game.state["hands"][seat][0]
    answer = htmx_post(
        browser_of(mover),
        f"/baregame/{table.code}/act",
        {"action": json.dumps({"type": "play", "card": card}), "version": game.version},
    )
    assert answer.status_code == 200
    game.refresh_from_db()
    assert game.state["laid"][seat] == card
    # What it has no part for is not there: no rules page, no cheat sheet, no verify deal.
    assert client.get("/rules/baregame/").status_code == 404
    assert client.get(reverse("learn:cheat_sheet", args=["baregame"])).status_code == 404


def test_its_league_pages_answer_and_its_missing_parts_are_404s(client, baregame):
    league = make_league(game="baregame", name="Bare League")
    client.force_login(get_user_model().objects.create_user("keeper", is_staff=True))
    page = client.get(reverse("leagues:league_detail", args=[league.pk]))
    assert page.status_code == 200
    assert reverse("leagues:record", args=[league.pk]) not in page.content.decode()
    assert client.get(reverse("leagues:record", args=[league.pk])).status_code == 404
    assert client.post(reverse("leagues:record", args=[league.pk]), {}).status_code == 404
    assert client.get(reverse("leagues:blank_sheet", args=["baregame"])).status_code == 404
    listed = client.get(reverse("leagues:league_list")).content.decode()
    assert "/leagues/sheets/baregame/" not in listed
    for csv in ("results_csv", "standings_csv"):
        assert client.get(reverse(f"leagues:{csv}", args=[league.pk])).status_code == 200


def test_an_online_league_table_of_it_counts_in_the_standings_as_its_outcome_places(
    client, baregame
):
    league = make_league(game="baregame", name="Bare League")
    users = [get_user_model().objects.create_user(name) for name in ("ann", "ben")]
    members = [
        Member.objects.create(name=n, user=u) for n, u in zip(("Ann", "Ben"), users, strict=True)
    ]
    league.members.add(*members)
    players = [Player.objects.create(display_name=m.name, user=m.user) for m in members]
    table = online.open_league_table(league, players=2, created_by=players[0])
    seating.sit(table, players[1])
    game = play_out(starting.start(table, players[0], seed=5), players)
    totals = game.outcome["rounds_won"]
    result = Result.objects.get(match__league=league)
    lines = {line.member.name: line for line in result.lines.all()}
    winner = "Ann" if totals[0] > totals[1] else "Ben"
    assert lines[winner].rank == 1 and lines[winner].victory_points == 3
    page = client.get(reverse("leagues:league_detail", args=[league.pk])).content.decode()
    standings = page[page.index('id="standings"') :]
    first = re.search(r"<tbody>.*?<tr>(.*?)</tr>", standings, re.S).group(1)
    assert winner in first
    member = lines[winner].member
    player_page = client.get(reverse("leagues:member_detail", args=[member.pk]))
    assert player_page.status_code == 200 and "Bare game" in player_page.content.decode()
