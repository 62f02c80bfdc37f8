"""'Show my waits' on assisted Dragon Formula tables: my hand's waits, from what I may see."""

import pytest

from dragonformula.waits_helper import waits_in_view
from games.tables.actions import opening, seating, starting
from games.tables.models import Player, Table
from tests.web.tables import browser_of

pytestmark = pytest.mark.django_db

# Seat 0 (Fire, to draw) waits on a Kether hand: head W1 C1 S1, melds C4-C5-C6 and S7-S8-S9,
# M0 held; M1 or M2 (both derived from Kether) completes it.
KETHER_WAIT = ["W1", "C1", "S1", "C4", "C5", "C6", "S7", "S8", "S9", "M0"]
OTHERS = [
    ["W2", "W3", "W4", "W5", "W6", "W7", "W8", "W9", "W10", "WP"],
    ["C2", "C3", "C7", "C8", "C9", "C10", "CP", "CN", "CQ", "CK"],
    ["S2", "S3", "S4", "S5", "S6", "S10", "SP", "SN", "SQ", "SK"],
]


def assisted_table(dan_assist: bool = True):
    players = [Player.objects.create(display_name=name) for name in ("Ann", "Ben", "Cho", "Dai")]
    table = opening.create_table(
        game_name="dragonformula",
        players=4,
        options={"dan_assist": dan_assist},
        created_by=players[0],
    )
    Table.objects.filter(pk=table.pk).update(
        stacking={"deals": [{"hands": [KETHER_WAIT, *OTHERS]}], "fire_seats": [0]}
    )
    table.refresh_from_db()
    for player in players[1:]:
        seating.sit(table, player)
    game = starting.start(table, players[0], seed=3)
    return table, game, players


def test_my_waits_lists_the_cards_that_complete_my_hand():
    table, _game, players = assisted_table()
    response = browser_of(players[0]).get(
        f"/dragonformula/{table.code}/waits", HTTP_ACCEPT_LANGUAGE="en"
    )
    assert response.status_code == 200
    page = response.content.decode()
    assert 'data-card="M1"' in page and 'data-card="M2"' in page
    assert "Sephirot hand: Kether" in page
    assert "complete your hand" in page


def test_waits_leave_out_cards_lying_in_the_discards():
    view = {
        "hand": KETHER_WAIT,
        "seat": 0,
        "elements": ["fire", "water", "air", "earth"],
        "discards": [[], ["M2"], [], []],
    }
    cards = [wait["card"] for wait in waits_in_view(view)]
    assert "M1" in cards and "M2" not in cards
    assert waits_in_view({**view, "hand": KETHER_WAIT[:9]}) is None


def test_a_strict_table_shows_no_waits():
    table, _game, players = assisted_table(dan_assist=False)
    response = browser_of(players[0]).get(f"/dragonformula/{table.code}/waits")
    assert response.status_code == 403
    assert "data-card" not in response.content.decode()


def test_spectators_and_strangers_get_no_waits():
    table, _game, _players = assisted_table()
    stranger = Player.objects.create(display_name="Eve")
    for client in (browser_of(None), browser_of(stranger)):
        response = client.get(f"/dragonformula/{table.code}/waits")
        assert response.status_code == 403
        assert "data-card" not in response.content.decode()


def test_each_seat_sees_only_its_own_waits():
    table, _game, players = assisted_table()
    page = browser_of(players[1]).get(f"/dragonformula/{table.code}/waits").content.decode()
    assert 'data-card="M1"' not in page  # Ben's Wands hand waits on nothing


def test_the_table_offers_the_helper_only_when_assisted():
    table, _game, players = assisted_table()
    page = browser_of(players[0]).get(f"/dragonformula/{table.code}/").content.decode()
    assert f"/dragonformula/{table.code}/waits" in page
    strict, _game, strict_players = assisted_table(dan_assist=False)
    page = browser_of(strict_players[0]).get(f"/dragonformula/{strict.code}/").content.decode()
    assert "/waits" not in page
