"""A High Card table over HTTP: the page shows each seat its own hand and nobody else's, a
card laid from the prompt is played, and whatever else is posted (out of turn, another seat's
card, a forged or malformed action, a stale or odd version, a stranger) is refused with a
message and a 4xx, and changes nothing."""

from __future__ import annotations

import json

import pytest
from django.utils import translation

from games.registry import game_kind
from games.tables.actions import playing
from games.tables.models import ActionLog, Game, Player
from tests.web.tables import browser_of, htmx_post, seated_table

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(highcard):
    return seated_table("highcard", ["Ann", "Ben"], seed=3)


def lay(card):
    return json.dumps({"type": "play", "card": card})


def shows(html, card):
    return f'data-card="{card}"' in html


def test_each_seat_sees_its_own_hand_and_only_the_seat_to_play_has_buttons(table):
    table, game, (ann, ben) = table
    ann_hand, ben_hand = game.state["hands"]
    page = browser_of(ann).get(f"/highcard/{table.code}/", HTTP_ACCEPT_LANGUAGE="en")
    assert page.status_code == 200
    html = page.content.decode()
    assert "<h1>High Card</h1>" in html and "highcard/highcard.css" in html
    assert all(shows(html, card) for card in ann_hand)
    assert not any(shows(html, card) for card in ben_hand)
    assert html.count('name="action"') == 3  # a button for each of her cards: her turn
    assert "Your turn: lay a card face down." in html
    ben_page = browser_of(ben).get(f"/highcard/{table.code}/", HTTP_ACCEPT_LANGUAGE="en")
    text = ben_page.content.decode()
    assert 'name="action"' not in text and "Ann is laying a card." in text
    assert not any(shows(text, card) for card in ann_hand)
    spectator = browser_of(None).get(f"/highcard/{table.code}/").content.decode()
    assert not any(shows(spectator, card) for card in ann_hand + ben_hand)


def test_a_card_laid_from_the_prompt_is_played_and_answered_with_the_seats_next_view(table):
    table, game, (ann, _ben) = table
    card = game.state["hands"][0][1]
    response = htmx_post(
        browser_of(ann), f"/highcard/{table.code}/act", {"action": lay(card), "version": 0}
    )
    assert response.status_code == 200
    answer = response.content.decode()
    assert f"You laid {int(card[1:])}. Waiting for the others." in answer
    assert not shows(answer, card)  # gone from her hand
    game.refresh_from_db()
    assert game.version == 1 and game.state["laid"][0] == card
    # A form without JSON (type and card fields) lays a card too.
    ben = game.table.seats.get(number=1).player
    other = game.state["hands"][1][0]
    response = htmx_post(
        browser_of(ben),
        f"/highcard/{table.code}/act",
        {"type": "play", "card": other, "version": 1},
    )
    assert response.status_code == 200
    game.refresh_from_db()
    assert game.version == 2 and len(game.state["rounds"]) == 1


@pytest.mark.parametrize(
    ("who", "posted", "status", "says"),
    [
        ("ben", {"action": "HAND0", "version": 0}, 400, "It is not your turn."),
        ("ann", {"action": "BEN_CARD", "version": 0}, 400, "You do not hold"),
        ("ann", {"action": '{"type": "play", "card": "C99"}', "version": 0}, 400, "card 99"),
        (
            "ann",
            {"action": '{"type": "discard", "card": "C1"}', "version": 0},
            400,
            "not an action of this game",
        ),
        ("ann", {"action": "{not json", "version": 0}, 400, "not an action of this game"),
        ("ann", {"action": '{"type": "play", "card": NaN}', "version": 0}, 400, "not an action"),
        ("ann", {"action": "x" * 1_000_000, "version": 0}, 400, "not an action of this game"),
        ("ann", {"action": "HAND0", "version": "٠"}, 400, "which state you saw"),
        ("ann", {"action": "HAND0", "version": "7"}, 409, "moved on"),
        ("ann", {"action": "HAND0"}, 400, "which state you saw"),
        ("dai", {"action": "HAND0", "version": 0}, 403, "Spectators"),
        (None, {"action": "HAND0", "version": 0}, 403, "Spectators"),
    ],
)
def test_a_refused_post_says_why_with_a_4xx_and_changes_nothing(table, who, posted, status, says):
    table, game, (ann, ben) = table
    clients = {"ann": ann, "ben": ben, "dai": Player.objects.create(display_name="Dai"), None: None}
    cards = {"HAND0": lay(game.state["hands"][0][0]), "BEN_CARD": lay(game.state["hands"][1][0])}
    data = {**posted, "action": cards.get(posted["action"], posted["action"])}
    before = Game.objects.get(pk=game.pk).state
    with translation.override("en"):
        response = htmx_post(browser_of(clients[who]), f"/highcard/{table.code}/act", data)
    assert response.status_code == status, response.content.decode()[:300]
    assert says in response.content.decode()
    assert Game.objects.get(pk=game.pk).state == before
    assert not ActionLog.objects.exists()


def test_a_table_of_another_code_or_game_is_not_found(table, client):
    table, _game, _players = table
    assert client.get("/highcard/NOPE9/").status_code == 404
    assert client.get(f"/dragsaga/{table.code}/").status_code == 404


def test_a_finished_game_offers_no_review_for_a_game_without_a_coach(table):
    """High Card has no coach: its game-over prompt offers the rematch and no review, and
    its review pages are not found (a coached game offers both; see the browser tests)."""
    table, game, (ann, ben) = table
    engine = game_kind("highcard").engine
    players = {0: ann, 1: ben}
    while not game.is_finished:
        seat = engine.waiting_for(game.state)[0]
        action = engine.bot_action(game.state, seat, engine.bot_levels()[0])
        game = playing.apply_action(game, players[seat], action, game.version)
    html = browser_of(ann).get(f"/highcard/{table.code}/", HTTP_ACCEPT_LANGUAGE="en")
    text = html.content.decode()
    assert "Rematch" in text and "Review my game" not in text
    for page in (f"/games/{game.pk}/review/0/", f"/games/{game.pk}/review/0/status"):
        assert browser_of(ann).get(page).status_code == 404, page
