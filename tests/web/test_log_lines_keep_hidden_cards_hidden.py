"""The operator's log says what every seat may see, never more: a DragSaga placing is
"place cards=2" (no card, no target) until its cards are flipped, a refused placing as
well; the kept dragon and a Dragon Formula draw name no card; a pick-window answer is
"answer" until the window closes."""

import json
import re

import pytest

from games.registry import engine_for
from games.tables.actions import playing
from tests.web.tables import browser_of, htmx_post, seated_table
from tests.web.test_oplog_wiring import oplog  # noqa: F401 - the fixture

pytestmark = pytest.mark.django_db(transaction=True)


def post(player, table, action, version):
    url = f"/{table.game_name}/{table.code}/act"
    return htmx_post(browser_of(player), url, {"action": json.dumps(action), "version": version})


def logged_actions(lines):
    return [line for line in lines if line.startswith("action ")]


def test_a_dragsaga_placing_is_logged_as_two_cards_without_naming_them(oplog):  # noqa: F811
    table, game, players = seated_table("dragsaga", ["Ann", "Ben", "Cho"])
    engine = engine_for("dragsaga")
    kept = {}
    for seat in engine.waiting_for(game.state):  # each keeps one dragon, face down
        choice = engine.legal_actions(game.state, seat)[0]
        kept[seat] = choice["card"]
        game = playing.apply_action(game, players[seat], choice, game.version)
    assert game.state["phase"] == "place"
    placed = {}
    for seat in engine.waiting_for(game.state):
        action = engine.bot_action(game.state, seat, "random")
        assert action["type"] == "place"
        placed[seat] = action["cards"]
        if seat == 1:  # a stale placing first: refused, and logged as blind as an applied one
            assert post(players[seat], table, action, game.version - 1).status_code == 409
        assert post(players[seat], table, action, game.version).status_code == 200
        game.refresh_from_db()

    lines = logged_actions(oplog)
    placings = [line for line in lines if '"type":"place"' in line or " type=place " in line]
    applied = [line for line in placings if line.startswith("action applied")]
    assert len(applied) == 3
    assert all('action={"cards":2,"type":"place"}' in line for line in applied), placings
    assert len([line for line in placings if line.startswith("action rejected")]) == 1
    secrets = {card for cards in placed.values() for card in cards} | set(kept.values())
    for line in lines:
        named = set(re.findall(r'"([a-z_]+)"', line)) & secrets
        assert not named, line
        assert "target" not in line, line


def test_a_dragon_formula_draw_and_a_pick_window_answer_name_nothing_hidden(oplog):  # noqa: F811
    table, game, players = seated_table("dragonformula", ["Ann", "Ben", "Cho"])
    engine = engine_for("dragonformula")
    turn = game.state["turn"]
    assert post(players[turn], table, {"type": "draw"}, game.version).status_code == 200
    game.refresh_from_db()
    hand = game.state["hands"][turn]
    discard = next(a for a in engine.legal_actions(game.state, turn) if a["type"] == "discard")
    assert post(players[turn], table, discard, game.version).status_code == 200
    game.refresh_from_db()
    answers = []
    for seat in engine.waiting_for(game.state):
        if game.state["phase"] != "window":
            break
        answer = {"type": "pass"}
        answers.append(seat)
        assert post(players[seat], table, answer, game.version).status_code == 200
        game.refresh_from_db()

    lines = logged_actions(oplog)
    assert any('action={"type":"draw"}' in line for line in lines)
    shown = {discard["card"]}
    for line in lines:
        for card in set(hand) - shown:
            assert f'"{card}"' not in line, line
    assert answers  # a discard opens a pick window for the other seats
    assert any('action={"type":"answer"}' in line for line in lines)
    assert not any('"type":"pass"' in line for line in lines)
