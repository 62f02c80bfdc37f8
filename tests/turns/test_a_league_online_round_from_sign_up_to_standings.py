"""A league's online round between nights (issue 53): an organiser opens it with a move
deadline and a length, members sign up (or the organiser signs them up), the committed seat
draw seats them at turn-based tables that start at once, the round's board says who is to
move, and a finished table's result counts in the league's standings like a night's.

Every write is walked as someone who may not make it: anonymous, a member, another league's
organiser; the organiser and staff may. Bad choices are refused with a message and change
nothing."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from games.leagues import selectors
from games.leagues.member_models import Member
from games.nights.models import ClubNight, NightEntrant, OnlineRound
from games.registry import game_kind
from games.tables import selectors as table_selectors
from games.tables.actions import playing as table_playing
from games.tables.models import Table
from games.trust import fairness
from games.turns.models import DAY, HOUR, Deadline
from tests.support.leagues import make_league, make_members

pytestmark = pytest.mark.django_db
User = get_user_model()


def _account(name: str, **extra) -> tuple[User, Client]:
    user = User.objects.create_user(name.lower(), password=f"pw-{name}-12345", **extra)
    client = Client()
    client.force_login(user)
    return user, client


def _league_with_accounts(game: str, names: list[str], organiser_name: str = "org"):
    """A league whose players ``names`` each have an account, and an organiser."""
    league = make_league(game, name=f"{organiser_name}'s league")
    members = make_members(league, *names)
    clients = {}
    for member in members:
        user, clients[member.name] = _account(member.name)
        member.user = user
        member.save(update_fields=["user"])
    organiser, org_client = _account(organiser_name)
    league.organisers.add(organiser)
    return league, members, clients, org_client


def _open(client: Client, league, **fields) -> object:
    data = {"move_deadline": str(DAY), "days": "7", **fields}
    return client.post(reverse("nights:new_online_round", args=[league.pk]), data)


def test_only_the_leagues_organisers_and_staff_open_an_online_round():
    league, _members, clients, org_client = _league_with_accounts("dragsaga", ["Aki"])
    other_league, *_rest, other_org = _league_with_accounts("dragonformula", ["Bo"], "other-org")
    _staff, staff_client = _account("Staff", is_staff=True)

    anonymous = _open(Client(), league)
    assert anonymous.status_code == 302 and "login" in anonymous["Location"]
    assert _open(clients["Aki"], league).status_code == 403  # a member of the league
    assert _open(other_org, league).status_code == 403  # another league's organiser
    assert not ClubNight.objects.filter(league=league).exists()

    made = _open(org_client, league, move_deadline=str(3 * DAY), days="10")
    assert made.status_code == 302
    night = ClubNight.objects.get(league=league)
    online = OnlineRound.objects.get(night=night)
    assert online.move_deadline == 3 * DAY
    assert 9.99 < (online.ends - night.opened).total_seconds() / DAY <= 10
    page = org_client.get(made["Location"]).content.decode()
    assert "Online round" in page and "3 days a move" in page
    # The draw's commitment is on the page before anyone signs up.
    assert night.rounds.get().commitment in page
    assert _open(staff_client, league).status_code == 302
    assert ClubNight.objects.filter(league=league).count() == 2
    assert not ClubNight.objects.filter(league=other_league).exists()


@pytest.mark.parametrize(
    "fields",
    [
        {"move_deadline": "3600"},  # not one of the offered deadlines
        {"move_deadline": "abc"},
        {"move_deadline": "８６４００"},  # non-ASCII digits
        {"move_deadline": str(DAY) * 100_000},  # a huge field
        {"days": "0"},
        {"days": "61"},
        {"days": "7.5"},
        {"days": "NaN"},
        {"days": ""},
    ],
)
def test_a_bad_choice_opens_no_round(fields):
    league, _members, _clients, org_client = _league_with_accounts("dragsaga", ["Aki"])
    response = _open(org_client, league, **fields)
    assert response.status_code == 400
    body = response.content.decode()
    assert "12 hours, 1 day or 3 days" in body or "1 to 60 days" in body
    assert not ClubNight.objects.exists() and not OnlineRound.objects.exists()


def _act(client: Client, night: ClubNight, **data) -> object:
    return client.post(reverse("nights:act", args=[night.pk]), data)


def test_a_round_from_sign_up_through_the_draw_to_the_standings():
    names = ["Aki", "Ben", "Cho"]
    league, members, clients, org_client = _league_with_accounts("dragsaga", names)
    no_account = make_members(league, "Dai")[0]
    other_league, *_rest, other_org = _league_with_accounts("dragsaga", ["Eri"], "other-org")
    night = ClubNight.objects.get(
        pk=_open(org_client, league, move_deadline=str(12 * HOUR))["Location"].split("/")[-2]
    )

    # Members sign themselves up; the organiser signs up one more; nobody else may.
    assert _act(clients["Aki"], night, action="here").status_code == 302
    assert _act(clients["Ben"], night, action="here").status_code == 302
    cho = members[2]
    assert _act(Client(), night, action="check_in", member=cho.pk).status_code == 302  # login
    assert _act(clients["Aki"], night, action="check_in", member=cho.pk).status_code == 403
    assert _act(other_org, night, action="check_in", member=cho.pk).status_code == 403
    assert not NightEntrant.objects.filter(night=night, member=cho).exists()
    refused = _act(org_client, night, action="check_in", member=no_account.pk)
    assert refused.status_code == 400 and "no account" in refused.content.decode()
    assert _act(clients["Ben"], night, action="going").status_code == 302  # withdraws
    assert _act(clients["Ben"], night, action="here").status_code == 302  # and is back
    assert _act(org_client, night, action="check_in", member=cho.pk).status_code == 302
    assert night.entrants.count() == 3
    # A club night's steps an online round has not, and a visitor without an account.
    for step in ({"action": "visitor", "name": "Guest"}, {"action": "announce"}):
        assert _act(org_client, night, **step).status_code == 409
    assert night.entrants.count() == 3 and night.rounds.count() == 1

    # The draw: members and other organisers may not; the organiser draws (confirmed).
    round_ = night.rounds.get()
    draw = {"action": "draw", "round": "1", "confirmed": "yes"}
    assert _act(clients["Aki"], night, **draw).status_code == 403
    assert _act(other_org, night, **draw).status_code == 403
    assert not Table.objects.exists()
    assert _act(org_client, night, **draw).status_code == 302
    table = Table.objects.get()
    assert table.move_deadline == 12 * HOUR and table.status == Table.Status.PLAYING
    seated = {seat.player.user.username for seat in table.seats.select_related("player__user")}
    assert seated == {"aki", "ben", "cho"}
    round_.refresh_from_db()
    assert fairness.commit(round_.salt, round_.seed) == round_.commitment
    late = make_members(league, "Fumi")[0]
    late.user, _late_client = _account("Fumi")
    late.save(update_fields=["user"])
    closed = _act(org_client, night, action="check_in", member=late.pk)
    assert closed.status_code == 409 and "sign-up is closed" in closed.content.decode()
    assert _act(clients["Aki"], night, action="going").status_code == 409
    aki = night.entrants.get(member=members[0])
    assert _act(org_client, night, action="leave", entrant=aki.pk).status_code == 409
    assert night.entrants.filter(left_after__isnull=True).count() == 3

    # The board and the projector say who is to move, and by when.
    game = table_selectors.current_game(table)
    awaited = set(Deadline.objects.filter(game=game, kind="move").values_list("seat", flat=True))
    assert awaited
    drawn = {seat.number: seat.entrant.name for seat in round_.tables.get().seats.all()}
    for page in (
        Client().get(reverse("nights:night", args=[night.pk])),
        Client().get(reverse("nights:screen", args=[night.pk])),
    ):
        text = page.content.decode()
        to_move = text.split("To move:")[1].split("</p>")[0]
        assert {name for number, name in drawn.items() if number in awaited} == {
            name for name in names if name in to_move
        }

    # The round cannot end while its table plays (an ended night takes no more results).
    early = _act(org_client, night, action="end", confirmed="yes")
    assert early.status_code == 409 and "still playing" in early.content.decode()
    night.refresh_from_db()
    assert night.ended is None

    # Each member moves within their deadline until the game is over.
    engine = game_kind(table.game_name).engine
    players = {seat.number: seat.player for seat in table.seats.select_related("player")}
    now = game.created.timestamp()
    for _step in range(3000):
        if game.is_finished:
            break
        now += HOUR / 4
        waiting = engine.waiting_for(game.state)
        if waiting:
            seat = waiting[0]
            action = engine.bot_action(game.state, seat, engine.bot_levels()[0])
            game = table_playing.apply_action(game, players[seat], action, game.version, now=now)
        else:
            game = table_playing.advance(game.pk, game.version, now=now) or game
    assert game.is_finished

    # The result counts in the league's standings, for the members drawn, played by them.
    rows = {row.name: row for row in selectors.standings(league)}
    assert {name: rows[name].played for name in names} == {name: 1 for name in names}
    # Each drawn member has the victory points of their seat's placing in the game itself.
    placings = engine.outcome(game.state)["placings"]
    assert {drawn[p["seat"]]: float(rows[drawn[p["seat"]]].vp_total) for p in placings} == {
        drawn[p["seat"]]: float(p["victory_points"]) for p in placings
    }
    assert sum(float(rows[name].vp_total) for name in names) == pytest.approx(6.0)
    assert not any(rows[name].by_bot for name in names)
    assert not selectors.standings(other_league).filter(played__gt=0).exists()
    board = Client().get(reverse("nights:night", args=[night.pk])).content.decode()
    assert "finished" in board and "To move:" not in board
    assert Member.objects.filter(name="Dai", night_entries__isnull=True).exists()
    # Once it has finished, the organiser ends the round: its seed is shown.
    assert _act(org_client, night, action="end", confirmed="yes").status_code == 302
    night.refresh_from_db()
    assert night.ended is not None
    assert (
        str(round_.seed) in Client().get(reverse("nights:night", args=[night.pk])).content.decode()
    )
