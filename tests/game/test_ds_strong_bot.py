"""The strong DragSaga bot decides from what its seat may see, and plays legally."""

from __future__ import annotations

import random

import pytest

from dragsaga.rules import ENGINE
from dragsaga.rules.hidden_hands import guess
from games.engine import clone


def _with_hidden_cards_swapped(state, seat, rng):
    """The same table as ``seat`` sees it, the other seats' unseen cards (hand, face-down
    placed cards, discards) dealt differently; seed, log and everything else as it was."""
    swapped = clone(state)
    dealt = guess(ENGINE.view(state, seat), rng)
    for other in range(state["players"]):
        if other == seat:
            continue
        for key in ("hand", "placed", "discard"):
            swapped["seats"][other][key] = dealt["seats"][other][key]
        swapped["seats"][other]["choice"] = state["seats"][other]["choice"]
    if swapped["seats"] == state["seats"]:
        return None
    if any(s["choice"] is not None for s in swapped["seats"]):
        return None  # a secret placing names cards: swapping around it is not a table
    return swapped


def _positions(seed, wanted):
    state = ENGINE.new_game(4, {}, seed)
    found = []
    while not state["finished"] and len(found) < wanted:
        seat = ENGINE.waiting_for(state)[0]
        if len(ENGINE.legal_actions(state, seat)) > 1 and state["version"] % 3 == 0:
            found.append((state, seat))
        state = ENGINE.apply(state, seat, ENGINE.bot_action(state, seat, "heuristic"), 0.0)
    return found


@pytest.mark.parametrize("seed", [2, 9])
def test_swapping_the_cards_a_seat_cannot_see_does_not_change_the_strong_bots_choice(seed):
    rng = random.Random(seed)
    checked = 0
    for state, seat in _positions(seed, 12):
        swapped = _with_hidden_cards_swapped(state, seat, rng)
        if swapped is None:
            continue
        assert ENGINE.view(swapped, seat) == ENGINE.view(state, seat)
        assert ENGINE.bot_action(swapped, seat, "strong") == ENGINE.bot_action(
            state, seat, "strong"
        )
        checked += 1
    assert checked >= 3


def test_a_guessed_table_keeps_every_count_the_seat_sees():
    state, seat = _positions(4, 8)[-1]
    seen = ENGINE.view(state, seat)
    guessed = guess(seen, random.Random(3))
    for number, real in enumerate(state["seats"]):
        other = guessed["seats"][number]
        assert len(other["hand"]) == len(real["hand"])
        assert len(other["discard"]) == len(real["discard"])
        assert [p["flipped"] for p in other["placed"]] == [p["flipped"] for p in real["placed"]]
        every = other["hand"] + other["discard"] + [p["card"] for p in other["placed"]]
        assert len(set(every)) == len(every)
    assert guessed["seats"][seat]["hand"] == state["seats"][seat]["hand"]


def test_a_strong_seat_plays_a_whole_game_legally():
    state = ENGINE.new_game(3, {}, 5)
    while not state["finished"]:
        seat = ENGINE.waiting_for(state)[0]
        level = "strong" if seat == 0 else "heuristic"
        action = ENGINE.bot_action(state, seat, level)
        assert action in ENGINE.legal_actions(state, seat)
        state = ENGINE.apply(state, seat, action, 0.0)
    assert state["result"]["placings"]
