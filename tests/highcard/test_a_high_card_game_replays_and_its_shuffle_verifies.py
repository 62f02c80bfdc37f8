"""After a High Card game its shuffle is checked on /verify/ (the commitment published at the
start matches the revealed seed and salt, and the seed deals the very hands played, drawn by
the game's own card partial), and its replay steps through every card laid. While the game
is being played neither page tells a seat the card another has laid face down."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games.registry import game_kind
from games.tables.actions import playing
from games.trust.models import ShuffleCommitment
from tests.web.tables import browser_of, seated_table

pytestmark = pytest.mark.django_db


def shows(html, card):
    return f'data-card="{card}"' in html


def play_to_the_end(game, players):
    engine = game_kind("highcard").engine
    while not game.is_finished:
        seat = game.state["turn"]
        action = engine.bot_action(game.state, seat, "easy")
        game = playing.apply_action(game, players[seat], action, game.version)
    return game


def test_a_finished_games_shuffle_verifies_and_the_seed_deals_the_hands_played(highcard):
    table, game, players = seated_table("highcard", ["Ann", "Ben"], seed=8)
    dealt = [list(hand) for hand in game.state["hands"]]
    before = browser_of(players[1]).get(reverse("games:table_verify", args=[table.code]))
    assert before.status_code == 200
    assert not any(shows(before.content.decode(), c) for hand in dealt for c in hand)
    game = play_to_the_end(game, players)
    page = browser_of(None).get(
        reverse("games:table_verify", args=[table.code]), HTTP_ACCEPT_LANGUAGE="en"
    )
    html = page.content.decode()
    assert 'data-matches="true"' in html
    assert all(shows(html, card) for hand in dealt for card in hand)
    assert "The hands dealt" in html
    # The same check by hand, with a commitment that is not the one published, fails.
    commitment = ShuffleCommitment.objects.get(game=game)
    query = {
        "game": "highcard",
        "players": 2,
        "seed": game.seed,
        "salt": commitment.salt,
        "commitment": "0" * 64,
        "options": '{"turn_seconds": 30}',
    }
    forged = browser_of(None).get(reverse("games:verify"), query)
    assert forged.status_code == 200 and 'data-matches="false"' in forged.content.decode()
    real = browser_of(None).get(
        reverse("games:verify"), {**query, "commitment": commitment.commitment}
    )
    assert 'data-matches="true"' in real.content.decode()


def test_the_replay_shows_every_card_once_the_game_is_over_and_no_laid_card_before(highcard):
    table, game, players = seated_table("highcard", ["Ann", "Ben"], seed=9)
    dealt = [list(hand) for hand in game.state["hands"]]
    ann_card = dealt[0][0]
    game = playing.apply_action(game, players[0], {"type": "play", "card": ann_card}, game.version)
    url = reverse("games:replay", args=[game.pk])
    during = browser_of(players[1]).get(url, {"step": "end"}, HTTP_ACCEPT_LANGUAGE="en")
    assert during.status_code == 200
    text = during.content.decode()
    assert not any(shows(text, card) for card in dealt[0])  # none of Ann's, laid or held
    assert "not shown while the game is played" in text
    game = play_to_the_end(game, players)
    after = browser_of(None).get(url, {"step": "end"}, HTTP_ACCEPT_LANGUAGE="en")
    assert after.status_code == 200
    html = after.content.decode()
    for played in game.state["rounds"]:
        assert all(shows(html, card) for card in played["cards"])
    assert "rounds won" in html
    # Once it is over, the deal shows every seat's hand as dealt.
    start = browser_of(None).get(url, {"step": 0}).content.decode()
    assert all(shows(start, card) for hand in dealt for card in hand)
    assert browser_of(None).get(url, {"step": "99"}).status_code == 400
    assert browser_of(None).get(url, {"step": "١"}).status_code == 400
