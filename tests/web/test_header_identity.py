"""The header's "who" slot names the visitor, never the player a page is about."""

import re

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


def header_who(client: Client, url: str) -> list[str]:
    page = client.get(url).content.decode()
    header = page.split('<header class="site">', 1)[1].split("</header>", 1)[0]
    return re.findall(r'<span class="who"[^>]*>([^<]*)</span>', header)


def test_an_anonymous_visitor_of_a_history_page_is_not_shown_as_that_player(players):
    ann = players[0]
    client = Client()
    assert header_who(client, f"/players/{ann.pk}/") == []
    assert "Ann" in client.get(f"/players/{ann.pk}/").content.decode()  # the page is about Ann


def test_a_guest_visiting_another_players_history_is_shown_as_themselves(players):
    client = Client()
    client.post("/guest/", {"display_name": "Eve"})
    assert header_who(client, f"/players/{players[1].pk}/") == ["Eve"]
    assert header_who(client, "/") == ["Eve"]


def test_a_member_visiting_a_history_page_is_shown_by_their_account(players, django_user_model):
    user = django_user_model.objects.create_user("kumiko", password="pw-long-enough-1")
    client = Client()
    client.force_login(user)
    assert header_who(client, f"/players/{players[0].pk}/") == ["kumiko"]


def my_games_link(client: Client) -> list[str]:
    page = client.get("/").content.decode()
    header = page.split('<header class="site">', 1)[1].split("</header>", 1)[0]
    return re.findall(r'<a class="my-games" href="([^"]*)">', header)


def test_a_named_guest_finds_their_own_games_from_the_header(players):
    client = Client()
    assert my_games_link(client) == []  # nobody yet: nothing to list
    client.post("/guest/", {"display_name": "Eve"})
    assert my_games_link(client) == ["/me/"]
    answer = client.get("/me/")
    eve = answer.url.rstrip("/").rsplit("/", 1)[1]
    assert client.get(answer.url).context["player"].display_name == "Eve"
    assert int(eve) not in {p.pk for p in players}


def test_a_member_finds_their_own_games_from_the_header(players, django_user_model):
    user = django_user_model.objects.create_user("kumiko", password="pw-long-enough-1")
    client = Client()
    client.force_login(user)
    assert my_games_link(client) == ["/me/"]
    page = client.get(client.get("/me/").url)
    assert page.context["player"].user == user
