"""A league round whose organiser chose forfeits (issue 53): a seat out of time on two moves
in a row forfeits that game. It is placed last in the table's league result with no victory
points; the seats that played are placed among themselves and get the first places' points.
A game that counts no moves out of time (DragSaga: a seat out of time plays its stated
default) cannot be given forfeits."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from dragonformula.models import SetGame, SetResult
from games.leagues import selectors
from games.leagues.forfeits import placed_with_forfeits
from games.nights import online_rounds
from games.nights.models import ClubNight, NightEntrant, OnlineRound
from games.presence.models import StandIn
from games.registry import game_kind
from games.tables import selectors as table_selectors
from games.tables.actions import playing
from games.tables.models import Table
from games.turns import scheduler
from games.turns.models import DAY, HOUR
from tests.support.leagues import make_league, make_members

User = get_user_model()


def test_a_forfeiting_seat_is_last_with_nothing_and_the_others_keep_their_order():
    game_order = {0: 1, 1: 2, 2: 3, 3: 4}
    assert placed_with_forfeits(game_order, {0}) == {
        1: (1, 3.0),
        2: (2, 2.0),
        3: (3, 1.0),
        0: (4, 0.0),
    }
    # Tied firsts still share; two forfeiting seats share the last place, each with none.
    assert placed_with_forfeits({0: 1, 1: 1, 2: 3, 3: 4}, {3}) == {
        0: (1, 2.5),
        1: (1, 2.5),
        2: (3, 1.0),
        3: (4, 0.0),
    }
    assert placed_with_forfeits(game_order, {0, 1}) == {
        2: (1, 3.0),
        3: (2, 2.0),
        0: (3, 0.0),
        1: (3, 0.0),
    }
    assert placed_with_forfeits({0: 1, 1: 2, 2: 3}, set()) == {
        0: (1, 3.0),
        1: (2, 2.0),
        2: (3, 1.0),
    }


def _round(out_of_time: str):
    league = make_league("dragonformula")
    members = make_members(league, "Aki", "Ben")
    for member in members:
        member.user = User.objects.create_user(member.name.lower(), password="pw-12345-x")
        member.save(update_fields=["user"])
    night = online_rounds.open_online_round(league, str(DAY), "7", out_of_time)
    for member in members:
        NightEntrant.objects.create(night=night, member=member, name=member.name)
    online_rounds.draw(night.rounds.get())
    return league, Table.objects.get()


def _ben_plays_and_aki_never_moves(table: Table):
    """Ben moves an hour after his turn comes; Aki lets every deadline pass, the server's
    scheduler plays what falls due (Aki's seat out of time, then the bot standing in)."""
    engine = game_kind(table.game_name).engine
    seats = {
        seat.player.user.username: seat.number
        for seat in table.seats.select_related("player__user")
    }
    ben = table.seats.get(number=seats["ben"]).player
    now = table_selectors.current_game(table).created.timestamp()
    for _step in range(5000):
        now += HOUR
        scheduler.run_due(now)
        game = table_selectors.current_game(table)
        if game.is_finished:
            return game, seats
        if seats["ben"] in engine.waiting_for(game.state):
            action = engine.bot_action(game.state, seats["ben"], engine.bot_levels()[0])
            playing.apply_action(game, ben, action, game.version, now=now)
    raise AssertionError("the game did not finish")


@pytest.mark.django_db
def test_a_seat_out_of_time_twice_forfeits_the_game_in_a_forfeit_round():
    league, table = _round(OnlineRound.OutOfTime.FORFEIT)
    game, seats = _ben_plays_and_aki_never_moves(table)
    assert StandIn.objects.filter(
        game__table=table, seat_number=seats["aki"], reason=StandIn.Reason.OUT_OF_TIME
    ).exists()
    rows = {row.name: row for row in selectors.standings(league)}
    assert (rows["Aki"].played, float(rows["Aki"].vp_total)) == (1, 0.0)
    assert (rows["Ben"].played, float(rows["Ben"].vp_total)) == (1, 3.0)
    assert rows["Ben"].place == 1 and rows["Aki"].place == 2

    # The organiser corrects a game of the set (Aki won it with a Dan, say): the set is
    # settled again by its games, and the forfeit still stands.
    organiser = User.objects.create_user("org", password="pw-12345-x")
    league.organisers.add(organiser)
    client = Client()
    client.force_login(organiser)
    set_result = SetResult.objects.get(match__table=table)
    correct = reverse("leagues:correct_game", args=[set_result.pk, 1])
    fields = {"winner": seats["aki"], "win": "dan", "hand": "sephirot_6", "reason": "Aki's Dan"}
    assert client.post(correct, fields).status_code == 302
    assert SetGame.objects.get(set=set_result, number=1).winner.name == "Aki"
    rows = {row.name: row for row in selectors.standings(league)}
    assert (float(rows["Aki"].vp_total), float(rows["Ben"].vp_total)) == (0.0, 3.0)


@pytest.mark.django_db
def test_in_a_round_without_forfeits_the_bot_plays_for_the_seat_and_it_keeps_its_placing():
    league, table = _round(OnlineRound.OutOfTime.BOT)
    game, seats = _ben_plays_and_aki_never_moves(table)
    assert StandIn.objects.filter(game__table=table, reason=StandIn.Reason.OUT_OF_TIME).exists()
    rows = {row.name: row for row in selectors.standings(league)}
    # A table of two gives 3 and 2 (2.5 each when tied): the seat out of time keeps its own.
    assert sorted(float(rows[name].vp_total) for name in ("Aki", "Ben")) in ([2.0, 3.0], [2.5, 2.5])


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("game", "choice"),
    [
        ("dragsaga", "forfeit"),
        ("dragonformula", "lose"),
        ("dragonformula", "x" * 100_000),
    ],
)
def test_forfeits_the_game_cannot_give_are_refused(game, choice):
    league = make_league(game)
    organiser = User.objects.create_user("org", password="pw-12345-x")
    league.organisers.add(organiser)
    client = Client()
    client.force_login(organiser)
    response = client.post(
        reverse("nights:new_online_round", args=[league.pk]),
        {"move_deadline": str(DAY), "days": "7", "out_of_time": choice},
    )
    assert response.status_code == 400
    assert "out of time" in response.content.decode()
    assert not ClubNight.objects.exists()
