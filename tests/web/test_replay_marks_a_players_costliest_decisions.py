"""Once a game is over and a player's review is done, the replay marks that player's three
costliest decisions on the steps that cover them ("Costly: you …, the coach … (win chance
a % → b %)"), in both languages; nobody else sees another seat's marks."""

import pytest
from django.conf import settings as django_settings
from django.test import Client

from games.coach import bot_thinking, reviews
from games.coach.models import Review
from games.coach.views import costly_marks
from games.tables.models import Seat
from games.trust.replays import replay_of, replay_turns
from tests.web.tables import browser_of
from tests.web.trust_helpers import bots_only_table, finish, text_of

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def reviews_in_line(settings):
    settings.REVIEWS_IN_BACKGROUND = False
    yield
    bot_thinking.shut_down()


def _page(client, game, step, language="en"):
    client.cookies[django_settings.LANGUAGE_COOKIE_NAME] = language
    response = client.get(f"/games/{game.pk}/replay/?step={step}")
    assert response.status_code == 200
    return text_of(response)


def test_a_players_costliest_decisions_are_marked_on_their_replay_only(players):
    table, game = bots_only_table("dragonformula", 2, "smart")
    game = finish(game)
    Seat.objects.filter(table=game.table, number=0).update(player=players[0], bot_level="")
    Seat.objects.filter(table=game.table, number=1).update(player=players[1], bot_level="")
    ann, ben = browser_of(players[0]), browser_of(players[1])
    first = reviews.decisions_of(game, 0)[0][0]
    assert "Costly" not in _page(ann, game, first)  # no review yet: no mark

    assert ann.get(f"/games/{game.pk}/review/0/").status_code == 200
    review = Review.objects.get(game=game, seat=0)
    marked = reviews.costliest(review.decisions)
    assert marked, "the smart bot's play should fall short of the coach's somewhere"
    marks = costly_marks(game, players[0])
    for step in marked:
        mark = marks[step]
        english = _page(ann, game, step)
        assert (
            f"Costly: you — {mark['words']}, the coach — {mark['coach_words']} "
            f"(win chance {mark['chance_percent']} % → {mark['coach_percent']} %)"
        ) in " ".join(english.split())
        japanese = _page(ann, game, step, "ja")
        assert "Costly" not in japanese and "痛手" in japanese
        assert f"{mark['chance_percent']} % → {mark['coach_percent']} %" in japanese
        # Ben (the other seat), a spectator and the signed out see no mark of Ann's.
        assert "Costly" not in _page(ben, game, step)
        assert "Costly" not in _page(browser_of(players[2]), game, step)
        assert "Costly" not in _page(Client(), game, step)
    # A step covering none of them has no mark.
    turns = replay_turns(replay_of(game).log)
    quiet = [t.last for t in turns if t.numbers and not set(t.numbers) & set(marked)]
    assert quiet and "Costly" not in _page(ann, game, quiet[0])
