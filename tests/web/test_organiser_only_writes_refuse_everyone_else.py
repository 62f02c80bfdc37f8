"""Every organiser-only write of the leagues and club nights, walked as everyone who is not
an organiser of that league: a plain member of it (with a linked account), an organiser of
ANOTHER league, and someone signed out. Each is refused (403; signed out: to the login page
or 403) and the database is left exactly as it was.

The URLs are not listed by hand: every route of the URLconf whose view lives in the league
code (``games.leagues`` or a game's ``league_views``) is walked, and every action of the night
page's ``act`` that its view names, so a write added later is walked without touching this
file. A route that answers a POST with 405 writes nothing (a page to read). Only the few
writes below are anyone's (each has tests of its own that walk it as the wrong person).
"""

from __future__ import annotations

import inspect
import re

import pytest
from django.apps import apps
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from games.leagues.member_models import GuestSeat, Member
from games.nights import views as night_views
from tests.support.leagues import make_league, make_members, record_dragsaga, record_set, won
from tests.web.night_helpers import keeper_of, night_of, online_table_drawn

pytestmark = pytest.mark.django_db
User = get_user_model()

# The writes that are not the organisers' alone, and who may make them instead.
MEMBER_ALLOWED = {
    "leagues:claim",  # any signed-in account redeems a claim code made for it
    "leagues:hand_preview",  # the reading of typed cards: computes, stores nothing
    "nights:take_seat",  # the one-time seat link's token is the permission (drawn-seat tests)
}
MEMBER_ALLOWED_ACTIONS = {
    "here",  # a member checks only themself in ...
    "going",  # ... and out,
    "sit",  # and sits only in the online seat drawn for them (drawn-seat tests)
}


# The league's packages: results and identity, club nights, ratings, printing.
LEAGUE_CODE = ("games.leagues", "games.nights", "games.ratings", "games.printing")


def league_routes():
    """(name, route) of every URL whose view is league code, from the URLconf itself."""

    def walk(patterns, prefix, namespace):
        for entry in patterns:
            if isinstance(entry, URLResolver):
                space = f"{namespace}:{entry.namespace}" if entry.namespace else namespace
                yield from walk(entry.url_patterns, prefix + str(entry.pattern), space)
            elif isinstance(entry, URLPattern) and entry.name:
                module = entry.callback.__module__
                if module.startswith(LEAGUE_CODE) or module.endswith("league_views"):
                    yield f"{namespace.strip(':')}:{entry.name}", prefix + str(entry.pattern)

    return sorted(set(walk(get_resolver().url_patterns, "", "")))


def act_actions():
    """Every ``action`` the night page's ``act`` view tells apart (read from its code)."""
    source = inspect.getsource(night_views)
    named = set(re.findall(r'action == "(\w+)"', source))
    for group in re.findall(r"action in \(([^)]*)\)", source):
        named |= set(re.findall(r'"(\w+)"', group))
    return sorted(named)


def database():
    """Every row of the site's own tables and its accounts, to compare before and after."""
    league_apps = ("games", "dragonformula", "dragsaga")  # the games keep their own results
    models = [*(m for a in league_apps for m in apps.get_app_config(a).get_models()), User]
    return {m._meta.label: list(m.objects.order_by("pk").values()) for m in models}


@pytest.fixture
def world():
    night, members = night_of(count=4)
    league = night.league
    organiser = keeper_of(league, "org")
    member = User.objects.create_user("ben", password="pw-ben-12345")
    Member.objects.filter(name="Ben").update(user=member)
    other = make_league(name="Autumn League")
    make_members(other, "Zed")
    other_organiser = keeper_of(other, "otherorg")
    night_table = online_table_drawn(night, members)
    set_result = record_set(league, members, [won(0), won(1), won(2), won(3)])
    # A DragSaga game of a league the same organiser keeps, Ben a plain member of it.
    saga = make_league("dragsaga", "Saga League")
    saga.organisers.add(organiser)
    saga.members.add(*members)
    saga_game = record_dragsaga(saga, [(members[0], 3, 2, 1), (members[1], 5, 0, 0)])
    placeholder = Member.objects.create(name="Guest (? 1)", guest=True)
    guest_seat = GuestSeat.objects.create(
        match=set_result.match, seat=0, name="Guest", placeholder=placeholder
    )
    values = {
        "league": league.pk,
        "member_pk": members[2].pk,
        "seat_pk": guest_seat.pk,
        "table": night_table.pk,
        "kind": "set",
        "game": league.game,
        "token": "x" * 32,
        "number": 1,
        "night": night.pk,
    }
    pk_of = {"leagues": league.pk, "nights": night.pk}
    set_pages = {
        "set_detail",
        "next_set",
        "hand_preview",
        "set_sheet",
        "set_sheet_pdf",
        "correct_game",
        "undo_game",
    }
    return {
        "night": night,
        "night_table": night_table,
        "members": members,
        "set": set_result,
        "saga_game": saga_game,
        "values": values,
        "pk": lambda name: (
            saga_game.pk
            if name.split(":")[-1].startswith("dragsaga_")
            else set_result.pk
            if name.split(":")[-1] in set_pages | {"void_result", "restore"}
            else pk_of[name.split(":")[0]]
        ),
        "people": {
            "a plain member of the league": member,
            "an organiser of another league": other_organiser,
            "someone signed out": None,
        },
        "organiser": organiser,
    }


def url_of(world, name, route):
    kwargs = {}
    for key in re.findall(r"<(?:\w+:)?(\w+)>", route):
        if key == "pk":
            kwargs[key] = world["pk"](name)
        else:
            assert key in world["values"], f"{name}: give the walk a value for <{key}>"
            kwargs[key] = world["values"][key]
    return reverse(name, kwargs=kwargs)


def body(world):
    """What an organiser would post: every field any of these writes reads, valid."""
    # A seat link is for a member without an account: not Ben's seat, wherever the draw put him.
    seat = world["night_table"].seats.filter(entrant__member__user=None).first()
    return {
        "member": world["members"][3].pk,
        "username": "ben",
        "name": "Visitor",
        "entrant": world["night"].entrants.first().pk,
        "round": 1,
        "minutes": 30,
        "table": world["night_table"].pk,
        "mode": "online",
        "seat": seat.pk,
        "players": 4,
        "reason": "a reason, as an organiser would give",
        "damage_0": 1,
        "cards_left_0": 0,
        "leftover_cost_0": 0,
        "damage_1": 2,
        "cards_left_1": 0,
        "leftover_cost_1": 0,
    }


def refused(response, who):
    if who is None:
        return response.status_code == 403 or (
            response.status_code == 302 and "login" in response["Location"]
        )
    return response.status_code == 403


def test_the_walk_finds_the_writes_it_must_walk(world):
    names = {name for name, _route in league_routes()}
    assert {"leagues:record", "leagues:void_result", "leagues:claim_code", "nights:act"} <= names
    assert {"leagues:set_detail", "nights:table_result", "nights:new"} <= names
    assert {"check_in", "announce", "draw", "end", "seat_link", "here"} <= set(act_actions())


@pytest.mark.parametrize(
    "person",
    ["a plain member of the league", "an organiser of another league", "someone signed out"],
)
def test_every_organiser_only_url_refuses_and_changes_nothing(world, person):
    user = world["people"][person]
    client = Client()
    if user is not None:
        client.force_login(user)
    walked = []
    for name, route in league_routes():
        if name in MEMBER_ALLOWED:
            continue
        url = url_of(world, name, route)
        before = database()
        response = client.post(url, body(world))
        if response.status_code == 405:
            continue  # a page to read: it takes no POST
        assert refused(response, user), f"{person} wrote through {name}: {response.status_code}"
        assert database() == before, f"{person} changed something through {name}"
        walked.append(name)
    assert len(walked) >= 12, walked
    act = reverse("nights:act", args=[world["night"].pk])
    for action in act_actions():
        if action in MEMBER_ALLOWED_ACTIONS:
            continue
        before = database()
        response = client.post(act, {**body(world), "action": action})
        assert refused(response, user), f"{person} did {action!r}: {response.status_code}"
        assert database() == before, f"{person} changed something with {action!r}"


def test_the_same_writes_are_the_organisers(world):
    """The walk's URLs and bodies reach the writes: the league's organiser gets through."""
    client = Client()
    client.force_login(world["organiser"])
    act = reverse("nights:act", args=[world["night"].pk])
    response = client.post(act, {**body(world), "action": "seat_link"})
    assert response.status_code == 200 and "seat-link" in response.content.decode()
    response = client.post(
        reverse("leagues:void_result", args=["set", world["set"].pk]), body(world)
    )
    assert response.status_code == 302
    world["set"].refresh_from_db()
    assert world["set"].voided_at is not None
    saga_game = world["saga_game"]
    response = client.post(reverse("leagues:dragsaga_correct", args=[saga_game.pk]), body(world))
    assert response.status_code == 302
    assert saga_game.lines.get(seat=0).damage == 1
    night = world["night"]
    night.ended = night.opened
    night.save()
    response = client.post(reverse("nights:reopen", args=[night.pk]), body(world))
    assert response.status_code == 302
    night.refresh_from_db()
    assert night.ended is None
