"""A league table's results reach the league exactly once per game that ended, with the move
that ended it; the other moves never touch the league (a keeper would see duplicates, or
a club night would pay a league lookup on every card played)."""

import pytest

from dragonformula.models import SetGame
from games.leagues import online
from games.leagues.models import Match
from games.leagues.online import open_league_table
from games.tables.actions import opening, seating, starting
from tests.support.leagues import make_league, play_out

pytestmark = pytest.mark.django_db


@pytest.fixture
def recorded(monkeypatch):
    """The games for which the league was asked to bring its match up to date."""
    calls = []
    real = online.record_online_results

    def record(game):
        calls.append((game.version, len(game.state.get("games", ())), game.is_finished))
        real(game)

    monkeypatch.setattr(online, "record_online_results", record)
    return calls


def test_a_dragon_formula_league_match_is_recorded_once_per_ended_game(recorded, players):
    league = make_league()
    table = open_league_table(league, players=2, bot_level="smart", options={"sets": 1})
    seating.sit(table, players[0])
    game = play_out(starting.start(table, players[0], seed=11), players[0])
    ended = len(game.state["games"])
    # One call per game that ended (the last one also ends the match), none for other moves.
    assert [games for _version, games, _finished in recorded] == list(range(1, ended + 1))
    assert game.version > 3 * ended
    assert SetGame.objects.filter(set__match__table=table).count() == ended


def test_a_dragsaga_league_game_is_recorded_once_when_it_ends(recorded, players):
    league = make_league("dragsaga", "Saga League")
    table = open_league_table(league, players=3, bot_level="random")
    seating.sit(table, players[0])
    game = play_out(starting.start(table, players[0], seed=12), players[0])
    assert recorded == [(game.version, 0, True)]
    assert Match.objects.get(table=table).dragsaga_games.count() == 1


def test_a_table_outside_any_league_never_asks_the_league(recorded, players):
    table = opening.create_table(game_name="dragsaga", players=3, bot_level="random")
    seating.sit(table, players[0])
    game = play_out(starting.start(table, players[0], seed=13), players[0])
    assert game.is_finished
    assert recorded == [(game.version, 0, True)]  # asked once, at the end: it finds no match
    assert not Match.objects.filter(table=table).exists()
