"""A league player's page: rating now and its history chart, what they played and won, their
best hands, and how they placed against the players they met most."""

import re

import pytest
from django.urls import reverse

from tests.support.leagues import (
    NO_WINNER,
    make_league,
    make_members,
    record_dragsaga,
    record_set,
    won,
)

pytestmark = pytest.mark.django_db


def page_of(client, member) -> str:
    response = client.get(reverse("leagues:member_detail", args=[member.pk]))
    assert response.status_code == 200
    return response.content.decode()


def figure(page: str, label: str) -> str:
    return re.search(rf"<dt>{re.escape(label)}</dt><dd[^>]*>([^<]*)</dd>", page).group(1)


def test_the_member_page_counts_sets_games_wins_and_hands(client):
    league = make_league()
    aki, ben, chie = make_members(league, "Aki", "Ben", "Chie")
    record_set(league, [aki, ben], [won(0, "sephirot_6"), NO_WINNER])
    record_set(league, [aki, ben, chie], [won(0, "sephirot_6"), won(2), won(0, "sephirot_10")])
    page = page_of(client, aki)
    assert figure(page, "Sets played") == "2"
    assert figure(page, "Games played") == "5"
    assert figure(page, "Games won") == "3"
    # Games won by hand: two with one hand, one with another, most first.
    hands = re.findall(r'<tr><td>([^<]+)</td><td class="num">(\d+)</td></tr>', page)
    assert [count for _hand, count in hands] == ["2", "1"]
    assert "Best hands" in page
    # Head-to-head: Ben met twice (Aki above both times), Chie once.
    rows = re.findall(
        r'<th scope="row"><a href="[^"]+">(\w+)</a></th>'
        r'<td class="num">(\d+)</td><td class="num">(\d+)</td>'
        r'<td class="num">(\d+)</td><td class="num">(\d+)</td>',
        page,
    )
    assert rows[0] == ("Ben", "2", "2", "0", "0")
    assert rows[1][0:2] == ("Chie", "1")


def test_the_rating_history_is_a_chart_without_script(client):
    league = make_league()
    aki, ben = make_members(league, "Aki", "Ben")
    for winner in (0, 0, 1):
        record_set(league, [aki, ben], [won(winner), NO_WINNER])
    page = page_of(client, aki)
    svg = re.search(r"<svg.*?</svg>", page, re.S).group(0)
    assert svg.count("<circle") == 3  # one point per rated result
    assert "Rating after each of 3 rated results" in svg
    assert "<script" not in svg and "style" not in svg  # nothing a content policy would block
    assert not re.search(r"\son\w+=", svg)  # no inline event handlers
    # No inline script on the page either: every script comes from a file.
    assert all('src="' in tag for tag in re.findall(r"<script[^>]*>", page))


def test_a_dragsaga_player_gets_a_dragsaga_section(client):
    league = make_league("dragsaga", "Saga League")
    aki, ben = make_members(league, "Aki", "Ben")
    record_dragsaga(league, [(aki, 3, 0, 0), (ben, 9, 0, 0)])
    page = page_of(client, aki)
    assert figure(page, "Games played") == "1"
    assert figure(page, "First places") == "1"
    assert "Sets played" not in page


def test_a_placeholder_seat_has_no_member_page(client):
    from games.leagues.member_models import Member

    guest = Member.objects.create(name="Ben (? 1-1)", guest=True)
    response = client.get(reverse("leagues:member_detail", args=[guest.pk]))
    assert response.status_code == 404
