"""A DragSaga refusal names a card as the player knows it: by its name in their language, from
the card set the table plays with (a club's own set included), never by its id."""

from __future__ import annotations

import html

import pytest

from dragsaga.models import CardSet
from games.tables.actions import playing, starting
from games.tables.models import Game
from tests.web.tables import browser_of, htmx_post
from tests.web.test_ds_card_sets import add_set, club_cards, open_table_with

pytestmark = pytest.mark.django_db


def placing_table(admin_client):
    """A two-player table with a club's renamed set, the divine dragons kept: round 1's placing."""
    add_set(admin_client, "Our box", club_cards())
    table, players = open_table_with(CardSet.objects.get(name="Our box"))
    game = starting.start(table, players[0], seed=4)
    kept = {}
    for seat, player in enumerate(players):
        dragon = next(
            card for card in game.state["seats"][seat]["hand"] if card.startswith("divine")
        )
        kept[seat] = dragon
        game = playing.apply_action(
            game, player, {"type": "choose_dragon", "card": dragon}, game.version
        )
    assert game.state["phase"] == "place"
    return table, game, players, kept


def forged_place(browser, table, game, seat, kept):
    """Place a divine dragon this seat discarded (in the set, not in the hand) and a hand card."""
    hand = game.state["seats"][seat]["hand"]
    missing = next(c for c in game.state["seats"][seat]["discard"] if c != kept[seat])
    other = next(c for c in hand if c != kept[seat])
    response = htmx_post(
        browser,
        f"/dragsaga/{table.code}/act",
        {"type": "place", "cards": [missing, other], "version": game.version},
    )
    return response, next(card for card in club_cards() if card["id"] == missing)


@pytest.mark.parametrize(
    ("language", "sentence"),
    [("ja", "{name} を持っていません。"), ("en", "You do not hold {name}.")],
)
def test_a_forged_placing_of_a_card_not_in_hand_names_it_in_the_players_language(
    admin_client, language, sentence
):
    table, game, players, kept = placing_table(admin_client)
    browser = browser_of(players[0])
    browser.cookies["django_language"] = language

    response, card = forged_place(browser, table, game, 0, kept)

    page = html.unescape(response.content.decode())
    assert response.status_code == 400
    assert sentence.format(name=card[f"name_{language}"]) in page
    assert sentence.format(name=card["id"]) not in page
    assert Game.objects.get(pk=game.pk).version == game.version  # nothing changed


def test_a_flip_of_a_card_not_placed_is_refused_by_name_in_the_rules_and_on_the_page():
    from django.utils import translation

    from games.registry import game_kind
    from games.tables.refusals import refusal_text
    from tests.game.ds_helpers import refused, round_two

    state = round_two()
    seat = state["turn"]["seat"]
    me = state["seats"][seat]
    placed = {p["card"] for p in me["placed"]}
    card = next(c for c in state["cards"] if c["id"] not in placed)
    error = refused(state, seat, "card_not_placed", type="flip", card=card["id"])
    assert error.params == {
        "card": card["id"],
        "card_ja": card["name_ja"],
        "card_en": card["name_en"],
    }
    assert card["id"] not in error.message and card["name_en"] in error.message
    with translation.override("ja"):
        assert card["name_ja"] in refusal_text(error, game_kind("dragsaga").refusals) and card[
            "id"
        ] not in refusal_text(error, game_kind("dragsaga").refusals)
    with translation.override("en"):
        assert (
            refusal_text(error, game_kind("dragsaga").refusals)
            == f"{card['name_en']} is not one of your placed cards."
        )
