"""A club night's table plays one set a round (the next round's draw seats the next): the page
of a set played at a night's table offers no "next set at this table" (an easy mis-tap in the
middle of a night) and the button's POST is refused with a message, changing nothing; an
ordinary league match keeps offering its next set."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from dragonformula.models import SetResult
from games.nights import round_tables
from games.nights.models import NightTable
from games.tables.actions import playing, starting
from tests.support.leagues import make_league, make_members
from tests.web.night_helpers import keeper_of, night_of, one_table_drawn, online_table_drawn

pytestmark = pytest.mark.django_db

NEXT_SET = "Start the next set"
ONE_SET = "table plays one set a round: the next round&#x27;s draw seats the next"


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    client.cookies["django_language"] = "en"
    return client


def finish(client, set_result):
    """The keeper records a game nobody won for each seat: the set is complete."""
    for _game in range(set_result.lines.count()):
        response = client.post(
            reverse("leagues:set_detail", args=[set_result.pk]), {"win": "none", "winner": ""}
        )
        assert response.status_code == 302, response.content.decode()
    set_result.refresh_from_db()
    assert set_result.complete


def real_cards_night_set():
    """A night of four, round 1 drawn, its table at real cards; its organiser's browser."""
    night, members = night_of(count=4)
    night_table = one_table_drawn(night, members)
    round_tables.open_table(night_table, NightTable.Mode.CARDS)
    night_table.refresh_from_db()
    return night, night_table.match.sets.get(), signed_in(keeper_of(night.league))


def test_a_set_at_a_night_table_offers_no_next_set_and_refuses_one():
    night, set_result, keeper = real_cards_night_set()
    url = reverse("leagues:next_set", args=[set_result.pk])
    # Refused while the set runs, with the reason (not "finish this set first").
    response = keeper.post(url, {"fire": 1})
    assert response.status_code == 409 and ONE_SET in response.content.decode()
    finish(keeper, set_result)
    page = keeper.get(reverse("leagues:set_detail", args=[set_result.pk])).content.decode()
    assert "The set is complete" in page
    assert NEXT_SET not in page and "who is Fire?" not in page and url not in page
    assert ONE_SET in page and reverse("nights:night", args=[night.pk]) in page
    for fire in ("1", "0", "", "x"):
        response = keeper.post(url, {"fire": fire})
        assert response.status_code == 409 and ONE_SET in response.content.decode()
    assert SetResult.objects.filter(match=set_result.match).count() == 1


def test_everyone_else_is_refused_the_next_set_of_a_night_table_too():
    night, set_result, keeper = real_cards_night_set()
    finish(keeper, set_result)
    url = reverse("leagues:next_set", args=[set_result.pk])
    assert Client().post(url, {"fire": 1}).status_code == 302  # signed out: to the login
    plain = User.objects.create_user("plain", password="x-123456")
    drawn = night.entrants.first().member  # a member who played at the table, not an organiser
    type(drawn).objects.filter(pk=drawn.pk).update(user=plain)
    assert signed_in(plain).post(url, {"fire": 1}).status_code == 403
    assert SetResult.objects.filter(match=set_result.match).count() == 1


def test_the_set_of_an_online_night_table_offers_no_next_set():
    night, members = night_of(count=4)
    night_table = online_table_drawn(night, members)
    table = night_table.match.table
    game = starting.start(table, None)
    now = game.created.timestamp()
    while not game.state.get("games"):  # the bots play the set's first game
        now += 1.0
        game = playing.advance(game.pk, game.version, now=now) or type(game).objects.get(pk=game.pk)
    set_result = night_table.match.sets.get()
    keeper = signed_in(keeper_of(night.league))
    page = keeper.get(reverse("leagues:set_detail", args=[set_result.pk])).content.decode()
    assert NEXT_SET not in page
    response = keeper.post(reverse("leagues:next_set", args=[set_result.pk]), {"fire": 0})
    assert response.status_code == 409 and ONE_SET in response.content.decode()
    assert SetResult.objects.filter(match=set_result.match).count() == 1


def test_an_ordinary_league_set_still_offers_its_next_set():
    league = make_league()
    members = make_members(league, "Aki", "Ben", "Chie", "Dai")
    user = User.objects.create_user("aki", password="x-123456")
    league.organisers.add(user)
    keeper = signed_in(user)
    data = {f"player_{i}": m.pk for i, m in enumerate(members)}
    data |= {f"element_{i}": e for i, e in enumerate(("water", "air", "earth", "fire"))}
    assert keeper.post(reverse("leagues:record", args=[league.pk]), data).status_code == 302
    set_result = SetResult.objects.get()
    finish(keeper, set_result)
    page = keeper.get(reverse("leagues:set_detail", args=[set_result.pk])).content.decode()
    assert NEXT_SET in page and "who is Fire?" in page and ONE_SET not in page
    response = keeper.post(reverse("leagues:next_set", args=[set_result.pk]), {"fire": 1})
    following = SetResult.objects.latest("pk")
    assert response.status_code == 302 and (following.match_id, following.number) == (
        set_result.match_id,
        2,
    )
