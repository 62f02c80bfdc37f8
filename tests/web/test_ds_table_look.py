"""What the DragSaga seats show after the reveal: who aims at whom (for the arrows),
each flipped card with what it did, and who has answered an attack, without secrets."""

import re

import pytest
from django.utils.html import strip_tags

from games.regions import rendering
from games.registry import engine_for
from games.tables.actions import playing
from tests.web.tables import seated_table

pytestmark = pytest.mark.django_db
NAMES = ["Ann", "Ben", "Cho"]


def seats_html(table, player) -> str:
    return rendering.render_regions(table, player)["seats"]


def play_until(game, players, done):
    engine = engine_for("dragsaga")
    for _step in range(400):
        if done(game.state):
            return game
        seat = engine.waiting_for(game.state)[0]
        action = engine.bot_action(game.state, seat, "heuristic")
        game = playing.apply_action(game, players[seat], action, game.version)
    raise AssertionError("the game never got there")


def this_round(state):
    starts = [i for i, e in enumerate(state["log"]) if e["type"] == "round_start"]
    return state["log"][starts[-1] :] if starts else []


def test_seats_sit_around_the_viewer_and_name_their_targets_after_the_reveal():
    table, game, players = seated_table("dragsaga", NAMES, seed=4)
    game = play_until(game, players, lambda s: s["phase"] == "turns")
    html = seats_html(table, players[1])
    order = re.findall(r'class="ds-seat pos-(\w+) [^"]*" data-seat="(\d)" data-target="(\d)"', html)
    # Ben's view: Ben at the bottom, Cho (next clockwise) on his left, Ann on his right;
    # round 1: everyone aims at the left neighbour.
    assert order == [("you", "1", "2"), ("left", "2", "0"), ("right", "0", "1")]
    assert 'class="ds-arrows"' in html


def test_a_flipped_attack_shows_the_damage_it_dealt():
    table, game, players = seated_table("dragsaga", NAMES, seed=4)

    def attack_resolved_and_on_table(state):
        damage = [e for e in this_round(state) if e["type"] == "damage"]
        return state["phase"] == "turns" and damage and state["guard"] is None

    game = play_until(game, players, attack_resolved_and_on_table)
    event = [e for e in this_round(game.state) if e["type"] == "damage"][-1]
    html = seats_html(table, players[0])
    flip_key = f'data-flip="{game.state["round"]}-{event["attacker"]}-{event["card"]}"'
    shown = html.split(flip_key, 1)[1].split("</div>", 1)[0]  # to the end of the placed cards
    for hit in event["damage"]:
        name = NAMES[hit["seat"]]
        expected = f"{name} blocks" if hit["blocked_by"] else f"{name} −{hit['amount']}"
        assert expected in strip_tags(shown)
        # Each line starts with the hit player's dragon swatch (a narrow seat shows it alone).
        colour = game.state["colours"][hit["seat"]]
        assert f'dragon-{colour}" aria-hidden="true"></span><span class="who">{name}<' in shown


def test_hit_players_show_a_tick_once_they_have_answered():
    table, game, players = seated_table("dragsaga", NAMES, seed=4)
    game = play_until(  # an attack on all that asks both others
        game, players, lambda s: s["guard"] is not None and len(s["guard"]["pending"]) == 2
    )
    asked = game.state["guard"]["pending"]
    html = seats_html(table, players[game.state["guard"]["attacker"]])
    assert html.count("deciding whether to guard") == len(asked)
    engine = engine_for("dragsaga")
    first = asked[0]
    answer = engine.bot_action(game.state, first, "heuristic")
    game = playing.apply_action(game, players[first], answer, game.version)
    html = seats_html(table, players[game.state["guard"]["attacker"]])
    assert html.count("deciding whether to guard") == 1
    assert "✓ answered" in html.split(f'data-seat="{first}"', 1)[1].split("</article>", 1)[0]
