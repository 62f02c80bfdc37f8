"""The verify page deals a seeded Dragon Formula game again, card for card, with the engine."""

import pytest

from games.tables.actions import opening, starting
from games.trust.models import ShuffleCommitment
from tests.web.trust_helpers import deal_rows, deck_order, finish

pytestmark = pytest.mark.django_db

ELEMENT = {"fire": "Fire", "water": "Water", "air": "Air", "earth": "Earth"}


def started(players):
    table = opening.create_table(game_name="dragonformula", players=players, bot_level="smart")
    game = starting.start(table, None)
    return table, game, ShuffleCommitment.objects.get(game=game)


def test_the_verify_page_recomputes_the_whole_deal_of_a_seeded_game(client):
    _table, game, commitment = started(4)
    dealt = game.state  # the live game as it was dealt, before anyone moved

    response = client.get(
        "/verify/",
        {
            "game": "dragonformula",
            "players": 4,
            "seed": game.seed,
            "salt": commitment.salt,
            "commitment": commitment.commitment,
        },
    )

    page = response.content.decode()
    assert 'data-matches="true"' in page
    deck = deck_order(page)
    assert len(deck) == 78 and len(set(deck)) == 78
    assert deck == [card for hand in dealt["hands"] for card in hand] + dealt["pile"]
    rows = deal_rows(page)
    for seat in range(4):
        label, note, cards = rows[seat]
        assert label == f"Seat {seat + 1}" and cards == dealt["hands"][seat]
        assert note.startswith(ELEMENT[dealt["elements"][seat]])
        assert note.endswith("starts") == (seat == dealt["starter"])
    assert rows[4] == ("Pile, top first", "", dealt["pile"])


def test_after_the_game_the_table_verify_page_checks_the_revealed_seed(client):
    table, game, commitment = started(2)
    dealt = game.state
    game = finish(game)

    page = client.get(f"/tables/{table.code}/verify/").content.decode()

    assert 'data-matches="true"' in page
    assert f'<code class="seed">{game.seed}</code>' in page
    assert f'<code class="salt">{commitment.salt}</code>' in page
    assert deck_order(page) == [card for hand in dealt["hands"] for card in hand] + dealt["pile"]


def test_a_tampered_seed_deals_another_deck_and_says_so(client):
    _table, game, commitment = started(3)
    dealt = game.state
    response = client.get(
        "/verify/",
        {
            "game": "dragonformula",
            "players": 3,
            "seed": game.seed ^ 1,
            "salt": commitment.salt,
            "commitment": commitment.commitment,
        },
    )
    page = response.content.decode()
    assert 'data-matches="false"' in page and "Mismatch" in page
    assert deck_order(page) != [card for hand in dealt["hands"] for card in hand] + dealt["pile"]
