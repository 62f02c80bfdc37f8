"""A seat's review of a finished game: only its player opens it, only once the game is
over; it is computed in the worker pool and stored, and the page shows each decision
with the coach's and the three costliest marked."""

import time

import pytest
from django.test import Client

from games.coach import bot_thinking, reviews
from games.coach.models import Review
from games.presence.models import StandIn
from games.tables.actions import playing, stand_ins
from games.tables.models import Seat
from tests.web.tables import browser_of
from tests.web.trust_helpers import bots_only_table, finish, text_of

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def reviews_in_line(settings):
    settings.REVIEWS_IN_BACKGROUND = False  # the test waits for the pool's answers itself
    yield
    bot_thinking.shut_down()


def _seat_for(game, number, player):
    Seat.objects.filter(table=game.table, number=number).update(player=player, bot_level="")


def test_an_unfinished_game_has_no_review_and_reveals_nothing(players):
    table, game = bots_only_table("dragonformula", 2, "smart")
    game = playing.advance(game.pk, game.version)
    _seat_for(game, 0, players[0])
    response = browser_of(players[0]).get(f"/games/{game.pk}/review/0/")
    assert response.status_code == 409
    assert not Review.objects.exists()
    for card in game.state["hands"][1]:
        assert card not in response.content.decode()


def test_only_the_player_of_the_seat_opens_its_review(players):
    table, game = bots_only_table("dragonformula", 2, "smart")
    game = finish(game)
    _seat_for(game, 0, players[0])
    url = f"/games/{game.pk}/review/0/"
    assert Client().get(url).status_code == 403  # signed out
    assert browser_of(players[1]).get(url).status_code == 403  # another guest
    assert browser_of(players[0]).get(f"/games/{game.pk}/review/1/").status_code == 403
    assert browser_of(players[0]).get(f"/games/{game.pk}/review/9/").status_code == 403
    assert browser_of(players[0], csrf=False).post(url).status_code == 405
    assert not Review.objects.exists()


def test_a_finished_games_review_weighs_every_choice_and_marks_the_costliest(players):
    table, game = bots_only_table("dragonformula", 2, "smart")
    game = finish(game)
    _seat_for(game, 0, players[0])
    response = browser_of(players[0]).get(f"/games/{game.pk}/review/0/")
    assert response.status_code == 200
    review = Review.objects.get(game=game, seat=0)
    assert review.status == Review.Status.DONE and review.done == review.total > 0
    choices = [d for _s, _st, d in reviews.decisions_of(game, 0) if d["type"] != "draw"]
    assert 0 < len(review.decisions) <= len(choices)
    for decision in review.decisions:
        assert 0 <= decision["chance"] <= 1 and 0 <= decision["coach_chance"] <= 1
    page = text_of(response)
    assert page.count("%") >= 2 * len(review.decisions)
    marked = reviews.costliest(review.decisions)
    assert len(marked) <= 3
    for rank, step in enumerate(marked, start=1):
        assert f'data-step="{step}"' in response.content.decode()
        assert f"★{rank}" in page
    # Opening it again shows what is stored: nothing is computed twice.
    again = browser_of(players[0]).get(f"/games/{game.pk}/review/0/", HTTP_HX_REQUEST="true")
    assert again.status_code == 200 and Review.objects.get(pk=review.pk).updated == review.updated


def test_the_coach_plays_out_as_many_deals_as_the_setting_says(players, settings):
    settings.REVIEW_SAMPLES = 1  # one deal each: a decision either won it or did not
    table, game = bots_only_table("dragonformula", 2, "smart")
    game = finish(game)
    _seat_for(game, 0, players[0])
    assert browser_of(players[0]).get(f"/games/{game.pk}/review/0/").status_code == 200
    review = Review.objects.get(game=game, seat=0)
    assert review.status == Review.Status.DONE and review.decisions
    for decision in review.decisions:
        assert decision["chance"] in (0, 1) and decision["coach_chance"] in (0, 1)


def test_a_players_review_is_computed_when_the_game_ends_before_anyone_opens_it(players, settings):
    settings.REVIEWS_AFTER_THE_GAME = True
    table, game = bots_only_table("dragonformula", 2, "smart")
    _seat_for(game, 0, players[0])  # Ann sits, then leaves: a bot plays her seat to the end
    seat = Seat.objects.get(table=game.table, number=0)
    stand_ins.take_over(game, seat, StandIn.Reason.DISCONNECTED, time.time())
    game = finish(game)
    review = Review.objects.get(game=game, seat=0)  # nobody opened the page
    assert review.status == Review.Status.DONE and review.done == review.total > 0
    assert not Review.objects.filter(game=game, seat=1).exists()  # a bot's seat has none
    response = browser_of(players[0]).get(f"/games/{game.pk}/review/0/")
    assert (
        response.status_code == 200 and Review.objects.get(pk=review.pk).updated == review.updated
    )


def test_the_costliest_are_the_three_widest_gaps():
    decisions = [
        {"step": 1, "chance": 0.5, "coach_chance": 0.5},
        {"step": 2, "chance": 0.1, "coach_chance": 0.4},
        {"step": 3, "chance": 0.2, "coach_chance": 0.3},
        {"step": 4, "chance": 0.0, "coach_chance": 0.5},
        {"step": 5, "chance": 0.3, "coach_chance": 0.35},
        {"step": 6, "chance": 0.6, "coach_chance": 0.5},
    ]
    assert reviews.costliest(decisions) == [4, 2, 3]
