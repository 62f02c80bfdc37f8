"""The review is at hand where the game ends: the match-over dialog offers "Review my
game" with how far the coach has got; the review names each costly decision's cards in
words in the page's language and says why in one sentence; its step numbers are the
replay's; and the replay's game selector names the game it shows."""

import re
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.conf import settings as django_settings
from django.test import Client

from games.coach import bot_thinking, reviews
from games.coach.models import Review
from games.regions import rendering
from games.tables.models import Seat
from games.trust.replays import replay_of, replay_turns, turn_at
from tests.web.tables import browser_of
from tests.web.trust_helpers import bots_only_table, finish, text_of

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def reviews_in_line(settings, monkeypatch):
    settings.REVIEWS_IN_BACKGROUND = False
    # The coach weighs in this process: what is checked here is what the pages say, and a
    # worker at low priority on a busy machine would only make the test slow.
    pool = ThreadPoolExecutor(max_workers=1)
    monkeypatch.setattr(bot_thinking, "pool", lambda: pool)
    yield
    pool.shutdown()


def _finished(game_name, player, players=2):
    level = "smart" if game_name == "dragonformula" else "heuristic"
    table, game = bots_only_table(game_name, players, level, seed=11)
    game = finish(game)
    Seat.objects.filter(table=game.table, number=0).update(player=player, bot_level="")
    return game


def _get(client, url, language="en"):
    client.cookies[django_settings.LANGUAGE_COOKIE_NAME] = language
    return client.get(url)


def _one_line(response):
    return " ".join(text_of(response).split())


def test_the_match_over_dialog_offers_the_review_with_its_progress(players):
    game = _finished("dragonformula", players[0])
    regions = rendering.render_regions(game.table, players[0], only=("result-screen",))
    dialog = regions["result-screen"]
    assert "The match is over" in dialog
    link = f'href="/games/{game.pk}/review/0/"'
    assert link in dialog and "Review my game" in dialog
    status_url = f"/games/{game.pk}/review/0/status"
    assert f'hx-get="{status_url}"' in dialog
    # Nobody else is offered Ann's review, nor another seat's.
    for other in (players[1], None):
        shown = rendering.render_regions(game.table, other, only=("result-screen",))
        assert "/review/" not in shown["result-screen"]

    ann = browser_of(players[0])
    status = _get(ann, status_url)
    assert status.status_code == 200  # the first look starts it (in line here: done at once)
    assert "Your review is ready." in _one_line(status)
    Review.objects.filter(game=game, seat=0).update(status=Review.Status.RUNNING, done=3, total=12)
    running = _get(ann, status_url)
    assert "3 of 12 decisions weighed" in _one_line(running)
    assert 'hx-trigger="load delay:2s"' in running.content.decode()  # it asks again
    assert "3 / 12" not in _one_line(_get(ann, status_url, "ja"))
    assert "12" in _one_line(_get(ann, status_url, "ja"))


def test_the_review_status_is_refused_to_everyone_but_the_seats_player(players):
    game = _finished("dragonformula", players[0])
    url = f"/games/{game.pk}/review/0/status"
    assert Client().get(url).status_code == 403
    assert browser_of(players[1]).get(url).status_code == 403
    assert browser_of(players[0]).get(f"/games/{game.pk}/review/1/status").status_code == 403
    assert browser_of(players[0], csrf=False).post(url).status_code == 405
    assert not Review.objects.exists()


def _review_rows(response):
    """(the number shown, the replay step linked) of each decision row of the review."""
    page = response.content.decode()
    return [
        (int(shown), int(step))
        for step, shown in re.findall(
            r'<tr class="review-decision[^"]*" data-step="\d+">\s*<td><a href="[^"]*\?step=(\d+)">'
            r"(\d+)</a>",
            page,
        )
    ]


@pytest.mark.parametrize("game_name", ["dragonformula", "dragsaga"])
def test_the_reviews_step_numbers_are_the_replays(players, game_name):
    game = _finished(game_name, players[0])
    ann = browser_of(players[0])
    response = _get(ann, f"/games/{game.pk}/review/0/")
    rows = _review_rows(response)
    assert rows and len(rows) == len(Review.objects.get(game=game, seat=0).decisions)
    turns = replay_turns(replay_of(game).log)
    for shown, step in rows:
        assert shown == turn_at(turns, step).index
    # The replay, opened from a row, says the same step number.
    for shown, step in rows[:2] + rows[-1:]:
        replay = _one_line(_get(ann, f"/games/{game.pk}/replay/?step={step}"))
        assert f"Step {shown} of {len(turns) - 1}" in replay


def test_a_costly_dragon_formula_decision_names_its_cards_and_says_why(players):
    game = _finished("dragonformula", players[0])
    ann = browser_of(players[0])
    english = _one_line(_get(ann, f"/games/{game.pk}/review/0/"))
    review = Review.objects.get(game=game, seat=0)
    marked = reviews.costliest(review.decisions)
    assert marked, "a smart bot's game should fall short of the coach's somewhere"
    costly = english.split("The three decisions that cost the most")[1].split("Step Y")[0]
    for step in marked:
        decision = next(d for d in review.decisions if d["step"] == step)
        card = decision["action"].get("card") or decision["offer"]
        # The card by its name as well as its code: "W3 Three of Wands".
        assert re.search(
            rf"{card} (Ace|Two|Three|Four|Five|Six|Seven|Eight|Nine|Ten|Page|"
            rf"Knight|Queen|King|The|Wheel|Strength|Justice|Death|Temperance|"
            rf"Judgement)",
            costly,
        ), (card, costly)
    # One sentence of why each, from how near a win each choice left the hand.
    assert costly.count("Yours left you") == len(marked)
    japanese = _one_line(_get(ann, f"/games/{game.pk}/review/0/", "ja"))
    assert "Yours left you" not in japanese and "Three of" not in japanese
    assert japanese.count("あなたの手") >= len(marked)


def test_a_costly_dragsaga_decision_names_its_cards_and_says_why(players):
    game = _finished("dragsaga", players[0])
    ann = browser_of(players[0])
    response = _get(ann, f"/games/{game.pk}/review/0/")
    english = _one_line(response)
    review = Review.objects.get(game=game, seat=0)
    marked = reviews.costliest(review.decisions)
    assert marked, "a smart bot's game should fall short of the coach's somewhere"
    cards = {card["id"]: card for card in game.state["cards"]}
    for step in marked:
        decision = next(d for d in review.decisions if d["step"] == step)
        for key in ("card", "cards", "discard"):
            named = decision["action"].get(key)
            for card in named if isinstance(named, list) else [named] if named else []:
                assert cards[card]["name_en"] in english
    assert english.count("the coach's choice won") == len(marked)
