"""A refused click (a stale one above all: three seats answer one pick window at once, and
at a busy club night many clicks cross a move) is answered from the table as the move that
refused it read it: the game locked and its seats, with any deadline the move applied
first. It reads nothing again; what it shows is the table as it now stands, the same
hand and version the seat's own socket shows, with the refusal in the prompt."""

import json
from types import SimpleNamespace

import pytest
from django.conf import settings
from django.utils import translation

from dragonformula.rules.engine import ENGINE as DF
from games.regions import rendering
from games.tables.actions import playing, recording
from games.tables.models import Game
from tests.integration.players import regions_of
from tests.web.tables import browser_of, everyone_connected, htmx_post, seated_table

NAMES = ["Ann", "Ben", "Cho", "Dai"]
STALE = "The table has moved on since you looked; here is the current state."


def japanese_browser_of(player):
    browser = browser_of(player)
    browser.cookies[settings.LANGUAGE_COOKIE_NAME] = "ja"
    return browser


def act(browser, table, action, version, prompt=""):
    return htmx_post(
        browser,
        f"/{table.game_name}/{table.code}/act",
        {"action": json.dumps(action), "version": version, "prompt": prompt},
    )


def fresh(table, player):
    """The actor's regions rendered afresh from the database, as the seat's socket renders
    them, in the browser's language (read as the answer is, by ``regions_of``)."""
    with translation.override("ja"):
        regions = rendering.render_regions(table, player, only=rendering.ACTOR_REGIONS)
    return regions_of("".join(regions.values()))


@pytest.mark.django_db(transaction=True)  # the move's after-commit work runs at its commit
def test_a_stale_click_costs_the_move_s_lock_and_seats_and_shows_the_table_now(
    django_assert_max_num_queries,
):
    table, game, players = seated_table("dragonformula", NAMES)
    everyone_connected(table, players)
    turn = game.state["turn"]
    browser = japanese_browser_of(players[turn])
    assert act(browser, table, {"type": "draw"}, 0).status_code == 200
    # The player (its session is in the cache), then the move's BEGIN, the lock, the seats
    # and COMMIT; nothing is written. The table, the seats or the player's seat read again
    # for the answer or the refusal's log line would be a sixth (it was nine).
    with django_assert_max_num_queries(5):
        answer = act(browser, table, {"type": "draw"}, 0, prompt="an older prompt")
    assert answer.status_code == 409
    shown, now = regions_of(answer.content.decode()), fresh(table, players[turn])
    assert shown["seen"] == now["seen"]  # version 1, and the prompt it shows now
    assert 'name="version" value="1"' in shown["seen"]
    assert shown["hand"] == now["hand"]  # the eleven cards after the draw
    with translation.override("ja"):
        assert translation.gettext(STALE) in shown["prompt"]
    assert Game.objects.get(pk=game.pk).version == 1


@pytest.mark.django_db
def test_a_refusal_after_a_passed_deadline_shows_the_deadline_applied(monkeypatch):
    table, game, players = seated_table("dragonformula", NAMES, options={"pick_seconds": 5})
    everyone_connected(table, players)
    turn = game.state["turn"]
    game = playing.apply_action(game, players[turn], {"type": "draw"}, 0)
    card = game.state["hands"][turn][0]
    game = playing.apply_action(game, players[turn], {"type": "discard", "card": card}, 1)
    deadline = DF.deadline(game.state)
    assert deadline is not None  # the pick window the others may answer
    # Long after the window closed, a seat answers the version it saw before it opened.
    later = SimpleNamespace(time=lambda: deadline + 60)
    monkeypatch.setattr(recording, "time", later)
    monkeypatch.setattr(rendering, "time", later)  # both renders count down from one moment
    other = players[(turn + 1) % 4]
    answer = act(japanese_browser_of(other), table, {"type": "pass"}, 1)
    assert answer.status_code == 409
    saved = Game.objects.get(pk=game.pk)
    assert saved.version > game.version  # the window's close was applied and kept
    shown, now = regions_of(answer.content.decode()), fresh(table, other)
    assert f'name="version" value="{saved.version}"' in shown["seen"]
    assert shown["seen"] == now["seen"] and shown["hand"] == now["hand"]


@pytest.mark.django_db
def test_a_click_at_a_table_of_the_other_game_is_still_not_found():
    table, game, players = seated_table("dragsaga", NAMES)
    browser = browser_of(players[0])
    answer = htmx_post(
        browser,
        f"/dragonformula/{table.code}/act",
        {"action": json.dumps({"type": "draw"}), "version": 0},
    )
    assert answer.status_code == 404
