"""A turn-based table's page says it is turn-based and how long each awaited seat has left;
nobody waiting between moves is shown as about to be replaced by a bot."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.turns.turn_tables import turn_based_table

pytestmark = pytest.mark.django_db


def _page(player, table):
    client = Client()
    client.force_login(player.user)
    return client.get(f"/{table.game_name}/{table.code}/").content.decode()


def test_a_dragsaga_placing_shows_every_seat_its_own_time_left():
    table, game, (ann, ben, cy) = turn_based_table("dragsaga", ["ann", "ben", "cy"])
    page = _page(ann, table)
    assert "Turn-based: 1 day a move" in page
    for name in ("ann", "ben", "cy"):  # each chooses at once, each with a day
        assert f"{name}: 23 h 59 min left" in page or f"{name}: 1 d 0 h left" in page
    assert "a bot plays in" not in page  # away between moves is how it is played
    assert "not here now" in page
    assert "close the page between them" in page and "A seat left alone" not in page


def test_a_spectator_sees_the_same_clock_and_no_hand():
    table, game, (ann, ben) = turn_based_table("dragonformula", ["ann", "ben"])
    page = Client().get(f"/dragonformula/{table.code}/").content.decode()
    assert "Turn-based: 1 day a move" in page and " left" in page
    assert "When a discard could be picked" not in page  # standing answers are a seat's own
