"""Replays: rebuilt from seed + action log by the engine, stepped page by page (what a viewer
sees of a game still being played: tests/web/test_replays_show_only_what_the_viewer_saw.py)."""

import json
import re

import pytest

from games.registry import engine_for
from games.trust.replays import replay_of, replay_turns
from tests.web.trust_helpers import bots_only_table, finish

pytestmark = pytest.mark.django_db


def normalised(state):
    return json.loads(json.dumps(state))


@pytest.mark.parametrize(
    ("game_name", "players", "level"),
    [("dragonformula", 2, "smart"), ("dragsaga", 3, "heuristic"), ("dragsaga", 4, "random")],
)
def test_a_replay_reaches_the_same_final_state_as_the_live_game(game_name, players, level):
    _table, game = bots_only_table(game_name, players, level)
    game = finish(game)

    rebuilt = replay_of(game)

    assert rebuilt.last == game.version == game.log.count()
    assert normalised(rebuilt.final_state()) == game.state
    assert engine_for(game_name).outcome(rebuilt.final_state()) == game.outcome


def test_each_step_is_what_a_spectator_saw_then(players):
    _table, game = bots_only_table("dragonformula", 2, "smart")
    game = finish(game)
    engine = engine_for("dragonformula")
    rebuilt = replay_of(game)

    deal = rebuilt.step(0)
    fresh = engine.new_game(2, game.options, game.seed, now=game.created_at)
    assert deal.spectator == engine.view(fresh, None) and deal.action is None
    assert deal.previous is None and deal.next == 1
    assert deal.spectator["hand"] == []  # a spectator holds no hand

    middle = rebuilt.step(rebuilt.last // 2)
    entry = game.log.get(version=rebuilt.last // 2)
    assert (middle.action.seat, middle.action.action) == (entry.seat, entry.action)
    # After the game every seat's own view is shown, each with its own hand.
    assert [len(view["hand"]) for view in middle.seats.values()] == middle.spectator["hand_sizes"]


def test_a_step_outside_the_replay_is_refused(client):
    _table, game = bots_only_table("dragsaga", 2, "random")
    game = finish(game)
    for step in ("-1", str(game.version + 1), "two"):
        response = client.get(f"/games/{game.pk}/replay/", {"step": step})
        assert response.status_code == 400
    turns = len(replay_turns(replay_of(game).log))
    for turn in ("-1", str(turns), "nan", "", "9" * 400):  # the slider's field, forged
        response = client.get(f"/games/{game.pk}/replay/", {"turn": turn})
        assert response.status_code == 400
        assert "This replay has steps" in response.content.decode() or "whole number" in (
            response.content.decode()
        )
    assert client.get(f"/games/{game.pk}/replay/", {"turn": turns - 1}).status_code == 200
    assert client.get("/games/999999/replay/").status_code == 404


def test_the_replay_page_steps_through_the_game_with_every_hand_shown(client):
    _table, game = bots_only_table("dragonformula", 2, "smart")
    game = finish(game)
    rebuilt = replay_of(game)
    url = f"/games/{game.pk}/replay/"

    first = client.get(url)
    page = first.content.decode()
    assert first.status_code == 200
    turns = len(replay_turns(rebuilt.log)) - 1
    assert f"Step 0 of {turns}" in page and "The deal." in page
    assert 'id="seats"' in page and 'id="pile"' in page  # the table's own partials
    first_turn = replay_turns(rebuilt.log)[1].last  # the first seat's draw and discard
    assert 'class="replay-prev"' not in page and f'href="{url}?step={first_turn}"' in page
    hands = re.findall(r'<tr class="replay-hand" data-seat="(\d)">.*?<td>(.*?)</td>', page, re.S)
    dealt = rebuilt.state_at(0)["hands"]
    for seat, cell in hands:
        shown = re.findall(r'<span class="tarot-card[^"]*" data-card="([^"]*)"', cell)
        assert sorted(shown) == sorted(dealt[int(seat)])
    assert len(hands) == 2

    last = client.get(url, {"step": "end"}, headers={"HX-Request": "true"})
    fragment = last.content.decode()
    assert "<html" not in fragment and fragment.lstrip().startswith('<div id="replay"')
    assert f"Step {turns} of {turns}" in fragment and f'data-step="{game.version}"' in fragment
    assert 'class="replay-next"' not in fragment and 'class="replay-prev"' in fragment


def test_the_finished_table_links_to_its_replay_and_verify_pages(client):
    table, game = bots_only_table("dragsaga", 2, "random")
    game = finish(game)
    page = client.get(f"/dragsaga/{table.code}/").content.decode()
    assert f'href="/games/{game.pk}/replay/"' in page
    assert f'href="/tables/{table.code}/verify/"' in page


def test_a_forged_step_in_other_digits_or_signs_is_refused_not_read(client):
    """Only a plain step number (ASCII digits) opens a step: a sign, spaces, underscores or
    another script's digits are a forged value, refused with the steps the replay has."""
    _table, game = bots_only_table("dragsaga", 2, "random")
    game = finish(game)
    for key in ("step", "turn"):
        for forged in ("+1", "-0", " 1 ", "1_0", "\u0663", "\uff13", "\u00b2"):
            response = client.get(f"/games/{game.pk}/replay/", {key: forged})
            assert response.status_code == 400, (key, forged)
            assert "whole number" in response.content.decode()
        assert client.get(f"/games/{game.pk}/replay/", {key: "1"}).status_code == 200
