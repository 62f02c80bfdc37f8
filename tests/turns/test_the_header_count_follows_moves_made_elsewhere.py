"""The header's "your move" count follows moves made elsewhere without a reload: the page
asks for the link again every minute and when its tab comes back into view; the answer
is the member's own count, and a visitor who signed out is told to stop asking."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from dragonformula.rules.engine import ENGINE
from dragonformula.rules.game import waiting_for
from games.tables.actions import playing
from tests.turns.turn_tables import member, turn_based_table

pytestmark = pytest.mark.django_db

LINK = "/your-move/link/"


def _count(client: Client) -> int:
    answer = client.get(LINK)
    assert answer.status_code == 200
    assert answer["Cache-Control"] == "no-store"
    return int(re.search(r'class="move-count"[^>]*>(\d+)<', answer.content.decode()).group(1))


def _signed_in(player) -> Client:
    client = Client()
    client.force_login(player.user)
    return client


def test_the_count_moves_from_the_seat_that_moved_to_the_seat_now_waited_on():
    table, game, (ann, ben) = turn_based_table(
        "dragonformula", ["ann", "ben"], options={"fire_seat": 0}
    )
    ann_page, ben_page = _signed_in(ann), _signed_in(ben)
    assert (_count(ann_page), _count(ben_page)) == (1, 0)
    while 0 in waiting_for(game.state):  # Ann plays her turn on another device
        action = ENGINE.bot_action(game.state, 0, "smart")
        game = playing.apply_action(game, ann, action, game.version)
    assert _count(ann_page) == 0
    assert waiting_for(game.state) == [1]  # a Pick window or his draw: Ben's move now
    assert _count(ben_page) == 1


def test_every_page_asks_again_each_minute_and_when_its_tab_comes_back():
    client = _signed_in(member("cy"))
    html = client.get("/rules/").content.decode()
    link = re.search(r'<a id="your-move-link"[^>]*>', html).group(0)
    assert f'hx-get="{LINK}"' in link
    assert 'hx-trigger="every 60s, visibilitychange from:document"' in link
    assert 'hx-swap="outerHTML"' in link


def test_a_visitor_not_signed_in_gets_no_count_and_the_page_stops_asking():
    answer = Client().get(LINK)
    assert answer.status_code == 286  # htmx stops polling on 286
    assert answer.content == b""
    assert Client().post(LINK).status_code == 405
