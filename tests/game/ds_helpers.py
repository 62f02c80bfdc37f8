"""Stacked DragSaga games for scenario tests: every choice is given explicitly."""

from __future__ import annotations

from typing import Any

import pytest

from dragsaga.rules import ENGINE
from games.engine import IllegalAction, State, dumps

NOW = 1000.0


def seed_with_start(players: int, start: int) -> int:
    """A seed whose first start player is ``start`` (the seed decides it)."""
    for seed in range(1000):
        if ENGINE.new_game(players, {}, seed)["start_player"] == start:
            return seed
    raise AssertionError("no seed found")


def act(state: State, seat: int | None, now: float = NOW, **action: Any) -> State:
    return ENGINE.apply(state, seat, action, now)


def refused(state: State, seat: int | None, code: str, **action: Any) -> IllegalAction:
    """Apply an action that must be refused with ``code``; the state must not change."""
    before = dumps(state)
    with pytest.raises(IllegalAction) as caught:
        ENGINE.apply(state, seat, action, NOW)
    assert caught.value.code == code, caught.value.message
    assert caught.value.message
    assert dumps(state) == before
    return caught.value


def keep_dragons(state: State, dragons: dict[int, str]) -> State:
    for seat, card in dragons.items():
        state = act(state, seat, type="choose_dragon", card=card)
    return state


def place_all(state: State, placings: dict[int, tuple[list[str], int | None]]) -> State:
    for seat, (cards, target) in placings.items():
        action: dict[str, Any] = {"type": "place", "cards": cards}
        if target is not None:
            action["target"] = target
        state = act(state, seat, **action)
    return state


def new_table(players: int, start: int = 0, dragon: str = "divine_storm", **options: Any) -> State:
    """A game in round 1's placing phase, start player ``start``, everyone keeping ``dragon``."""
    state = ENGINE.new_game(players, options, seed_with_start(players, start), now=NOW)
    return keep_dragons(state, dict.fromkeys(range(players), dragon))


def pass_round(state: State) -> State:
    """Every player places their two cheapest cards at their left neighbour and passes."""
    placings = {}
    for seat in range(state["players"]):
        hand = sorted(state["seats"][seat]["hand"], key=_cost(state))
        placings[seat] = (hand[:2], (seat + 1) % state["players"])
    state = place_all(state, placings)
    while state["phase"] == "turns":
        state = act(state, state["turn"]["seat"], type="pass")
    return state


def _cost(state: State) -> Any:
    costs = {card["id"]: card["cost"] for card in state["cards"]}
    return lambda card: (costs[card], card)


def flipped(state: State, seat: int) -> list[str]:
    return [p["card"] for p in state["seats"][seat]["placed"] if p["flipped"]]


def round_one(
    players: int, placings: dict[int, list[str]], start: int = 0, **options: Any
) -> State:
    """Round 1's turns: everyone kept Divine Storm and placed ``placings[seat]`` at their
    left neighbour (round 1's forced target)."""
    state = new_table(players, start, **options)
    return place_all(state, {seat: (cards, None) for seat, cards in placings.items()})


def round_two(players: int = 3) -> State:
    """Round 2's turns (start player seat 1, so seat 0 plays last): after a round of
    passing, everyone placed Fang and Wind Blade at their left neighbour."""
    state = pass_round(new_table(players, start=0))
    cards = ["fang", "wind_blade"]
    return place_all(state, {seat: (cards, (seat + 1) % players) for seat in range(players)})
