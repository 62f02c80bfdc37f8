"""High Card's rules (examples/highcard/rules, Django-free): a round's cards stay face down
until every seat has laid one, the highest wins it, and after three rounds the seats place
by rounds won; a seat out of time lays its lowest card; a replay of the log is the game."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from examples.highcard.rules import ENGINE, HAND, value
from games.engine import TICK, IllegalAction, replay, time_out_action

RULES = Path(__file__).resolve().parents[2] / "examples" / "highcard" / "rules"


def new(players=2, seed=5, now=0.0):
    return ENGINE.new_game(players, ENGINE.validate_options({}), seed, now=now)


def lay(state, seat, card, now=0.0):
    return ENGINE.apply(state, seat, {"type": "play", "card": card}, now)


def test_the_rules_package_imports_no_django():
    imported = set()
    for path in RULES.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                imported |= {alias.name for alias in node.names}
            elif isinstance(node, ast.ImportFrom):
                imported.add(node.module or "")
    assert imported and not any(name.split(".")[0] == "django" for name in imported)


def test_each_seat_is_dealt_three_different_cards_from_the_seed():
    state = new(players=4)
    cards = [card for hand in state["hands"] for card in hand]
    assert [len(hand) for hand in state["hands"]] == [HAND] * 4
    assert len(set(cards)) == 12 and all(1 <= value(card) <= 20 for card in cards)
    assert new(players=4)["hands"] == state["hands"]  # the same seed deals the same hands
    assert new(players=4, seed=6)["hands"] != state["hands"]


def test_a_laid_card_is_face_down_to_the_others_until_the_round_is_turned_up():
    state = new()
    ann, ben = state["hands"]
    state = lay(state, 0, ann[0])
    assert ENGINE.view(state, 0)["my_laid"] == ann[0]
    for viewer in (1, None):
        view = ENGINE.view(state, viewer)
        assert view["laid"] == [True, False] and view["my_laid"] is None
        assert ann[0] not in repr(view)
    state = lay(state, 1, ben[0])
    round_one = ENGINE.view(state, None)["rounds"]
    winner = 0 if value(ann[0]) > value(ben[0]) else 1
    assert round_one == [{"cards": [ann[0], ben[0]], "winner": winner}]
    assert ENGINE.view(state, None)["won"] == [int(winner == 0), int(winner == 1)]


def test_out_of_turn_a_card_not_held_and_an_unknown_action_are_refused():
    state = new()
    ann, ben = state["hands"]
    with pytest.raises(IllegalAction, match="not your turn"):
        lay(state, 1, ben[0])
    with pytest.raises(IllegalAction, match=f"You do not hold card {value(ben[0])}\\."):
        lay(state, 0, ben[0])
    with pytest.raises(IllegalAction, match="Unknown action"):
        ENGINE.apply(state, 0, {"type": "discard", "card": ann[0]}, 0)


def test_a_seat_out_of_time_lays_its_lowest_card():
    state = new(now=100.0)
    assert ENGINE.apply(state, None, TICK, 129.0) is state  # not yet
    state = ENGINE.apply(state, None, TICK, 131.0)
    lowest = min(new()["hands"][0], key=value)
    assert state["laid"][0] == lowest and state["turn"] == 1


def test_a_turn_based_seat_past_its_move_deadline_lays_its_lowest_card():
    options = ENGINE.validate_options(ENGINE.turn_based_options())
    state = ENGINE.new_game(2, options, 5, now=0.0)
    assert ENGINE.deadline(state) is None  # no clock of its own: days may pass
    assert ENGINE.apply(state, None, TICK, 10.0**9) is state
    assert ENGINE.apply(state, None, time_out_action(1), 0.0) is state  # not Ben's turn
    with pytest.raises(IllegalAction):
        ENGINE.apply(state, 0, time_out_action(0), 0.0)  # a player cannot send it
    state = ENGINE.apply(state, None, time_out_action(0), 0.0)
    assert state["laid"][0] == min(new()["hands"][0], key=value) and state["turn"] == 1


def test_three_rounds_end_the_game_and_the_seats_place_by_rounds_won():
    state = new(players=3)
    log = []
    while not state["finished"]:
        seat = state["turn"]
        action = ENGINE.bot_action(state, seat, "keen" if seat == 2 else "easy")
        log.append((seat, action, 0.0))
        state = ENGINE.apply(state, seat, action, 0.0)
    outcome = ENGINE.outcome(state)
    assert sum(outcome["rounds_won"]) == HAND
    ranked = sorted(outcome["placings"], key=lambda p: p["rank"])
    assert [p["rounds_won"] for p in ranked] == sorted(outcome["rounds_won"], reverse=True)
    assert sum(p["victory_points"] for p in ranked) == pytest.approx(3 + 2 + 1)
    assert replay(ENGINE, 3, state["options"], 5, log) == state
    with pytest.raises(IllegalAction, match="over"):
        lay(state, 0, "C1")


def test_bad_options_are_refused_by_name():
    for options in ({"turn_seconds": 0}, {"turn_seconds": True}, {"turn_seconds": "30"}):
        with pytest.raises(ValueError, match="turn_seconds"):
            ENGINE.validate_options(options)
    with pytest.raises(ValueError, match="unknown option: colour"):
        ENGINE.validate_options({"colour": "red"})
