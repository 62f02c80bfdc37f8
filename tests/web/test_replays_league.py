"""League results link to the replay of an online table's game, and say which games a bot
finished for a player who left."""

import datetime

import pytest

from dragonformula.models import SetLine
from dragsaga.models import DragSagaLine
from games.leagues.models import League
from games.leagues.online import open_league_table
from games.presence import leavers
from games.tables.actions import seating, starting
from tests.web.trust_helpers import finish, text_of

pytestmark = pytest.mark.django_db


def dragsaga_league():
    return League.objects.create(
        name="Thursday DragSaga",
        game="dragsaga",
        season_start=datetime.date(2026, 1, 1),
        season_end=datetime.date(2026, 12, 31),
    )


def test_league_results_link_to_the_replay_and_name_whom_a_bot_stood_in_for(client, players):
    ann, ben = players[0], players[1]
    league = dragsaga_league()
    table = open_league_table(league, players=2, created_by=ann)
    seating.sit(table, ben)
    game = starting.start(table, ann)
    page = client.get(f"/leagues/{league.pk}/").content.decode()
    assert f"/games/{game.pk}/replay/" not in page  # nothing to replay while it is played

    leavers.leave(table, ben)
    leavers.leave(table, ann)
    game = finish(game)

    response = client.get(f"/leagues/{league.pk}/")
    assert f'href="/games/{game.pk}/replay/"' in response.content.decode()
    text = text_of(response)
    assert "a bot finished this game for Ann" in text
    assert "a bot finished this game for Ben" in text
    assert client.get(f"/games/{game.pk}/replay/").status_code == 200
    # The league's result is Ann's and Ben's seats', not the bots' that finished it for them
    # (guests: the seats wait for a keeper to say which league players they were).
    lines = DragSagaLine.objects.filter(game__match__league=league)
    assert sorted(lines.values_list("member__guest_seat__name", flat=True)) == ["Ann", "Ben"]


def test_a_dragon_formula_set_a_bot_played_is_recorded_for_its_players(players):
    ann, ben = players[0], players[1]
    league = League.objects.create(
        name="Tarot Tuesdays",
        game="dragonformula",
        season_start=datetime.date(2026, 1, 1),
        season_end=datetime.date(2026, 12, 31),
    )
    table = open_league_table(league, players=2, bot_level="smart", created_by=ann)
    seating.sit(table, ben)
    game = starting.start(table, ann, seed=1)
    leavers.leave(table, ann)  # both leave before the first game of the set is over
    leavers.leave(table, ben)

    finish(game)

    lines = SetLine.objects.filter(set__match__league=league)
    assert sorted(lines.values_list("member__guest_seat__name", flat=True)) == ["Ann", "Ben"]
