"""A club night's online Dragon Formula table deals each seat the element the night's draw gave
it (RULES §1.5.1: the draw's Fire seat, then Water, Air, Earth clockwise): the started game,
the table's own page, the night page and the projector all say the same of every member."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from games.leagues.member_models import Member
from games.nights import round_tables
from games.nights.models import NightTable
from games.nights.refused import NightRefused
from games.tables.models import Player
from tests.web.night_helpers import keeper_of, night_of, one_table_drawn

pytestmark = pytest.mark.django_db


def act(client, night, action, **fields):
    data = {"action": action, "confirmed": "yes", **fields}
    return client.post(reverse("nights:act", args=[night.pk]), data)


def drawn_elements(night) -> dict[str, str]:
    """Each member's element as the round's draw gave it, by name."""
    return {
        seat.entrant.name: seat.element
        for table in NightTable.objects.filter(round__night=night)
        for seat in table.seats.select_related("entrant")
    }


def night_page_elements(page: str) -> dict[str, str]:
    """Each seat's element on the night page: its element badge, then the name."""
    return dict(
        (name, element)
        for element, name in re.findall(r'class="element element-(\w+)">[^<]*</span> (\w+)', page)
    )


def projector_elements(page: str) -> dict[str, str]:
    pairs = re.findall(
        r'class="element element-(\w+)">[^<]*</span> <span class="name">(\w+)</span>', page
    )
    return {name: element for element, name in pairs}


def test_each_drawn_member_plays_online_the_element_the_draw_gave_them():
    night, members = night_of(count=11)  # tables of 4, 4 and 3
    dai = User.objects.create_user("dai", password="x-123456")
    Member.objects.filter(name="Dai").update(user=dai)
    keeper = Client()
    keeper.force_login(keeper_of(night.league))
    keeper.cookies["django_language"] = "en"
    for member in members:
        assert act(keeper, night, "check_in", member=member.pk).status_code == 302
    act(keeper, night, "announce")
    assert act(keeper, night, "draw", round=1).status_code == 302
    drawn = drawn_elements(night)
    assert sorted(drawn) == sorted(m.name for m in members) and all(drawn.values())
    night_tables = list(NightTable.objects.filter(round__night=night).order_by("number"))
    assert [t.seats.count() for t in night_tables] == [4, 4, 3]
    for night_table in night_tables:
        response = act(keeper, night, "open_table", table=night_table.pk, mode="online")
        assert response.status_code == 302
    # Opened, not started: the night page already says each member's element, the draw's.
    page = keeper.get(reverse("nights:night", args=[night.pk])).content.decode()
    assert night_page_elements(page) == drawn
    # Dai sits in his drawn seat himself; bots play the others' seats for them.
    phone = Client()
    phone.force_login(dai)
    dai_seat = next(s for t in night_tables for s in t.seats.all() if s.entrant.name == "Dai")
    assert act(phone, night, "sit", seat=dai_seat.pk).status_code == 302
    for night_table in night_tables:
        assert act(keeper, night, "start_table", table=night_table.pk).status_code == 302
    for night_table in night_tables:
        night_table.refresh_from_db()
        game = night_table.match.table.games.get()
        seats = list(night_table.seats.order_by("number"))
        assert game.state["elements"] == [seat.element for seat in seats]
        fire = next(seat.number for seat in seats if seat.element == "fire")
        assert game.state["fire_seat"] == fire and game.state["starter"] == fire
    page = keeper.get(reverse("nights:night", args=[night.pk])).content.decode()
    assert night_page_elements(page) == drawn
    screen = keeper.get(reverse("nights:screen", args=[night.pk])).content.decode()
    assert projector_elements(screen) == drawn
    # Dai's own table page shows him the element he was drawn.
    table = dai_seat.table.match.table
    phone.cookies["django_language"] = "en"
    own = phone.get(reverse("dragonformula:table", args=[table.code])).content.decode()
    label = {"fire": "Fire", "water": "Water", "air": "Air", "earth": "Earth"}[drawn["Dai"]]
    assert re.search(
        rf'class="seat-name">Dai</strong>\s*<span class="element" title="{label}">', own
    ), own
    assert table.seats.get(number=dai_seat.number).player == Player.objects.get(user=dai)


def test_elements_no_table_deals_are_refused_and_open_nothing():
    night_table = one_table_drawn(*night_of(count=4))
    night_table.seats.filter(number__in=[0, 1]).update(element="fire")  # two Fire seats
    with pytest.raises(NightRefused, match="clockwise"):
        round_tables.open_table(night_table, NightTable.Mode.ONLINE)
    night_table.refresh_from_db()
    assert night_table.mode == "" and night_table.match is None
