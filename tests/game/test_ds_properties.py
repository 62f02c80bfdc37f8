"""Properties over many seeded games played by bots, with deadlines passing at random:
cards are conserved, states round-trip through JSON, replay reproduces the game,
``apply`` never mutates its input, and no view shows what its seat may not know."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from dragsaga.rules import ENGINE
from games.engine import TICK, State, dumps, loads, replay

CARD_IDS = Counter(card["id"] for card in ENGINE.default_options()["card_set"])


def play(seed: int, players: int, levels: list[str], tick_rate: float):
    """Yield (state, log) after each action of a bot game where ticks happen at random."""
    rng = random.Random(seed)
    now = 0.0
    state = ENGINE.new_game(players, {}, seed, now=now)
    log: list[tuple[int | None, dict[str, Any], float]] = []
    yield state, log
    while not state["finished"]:
        deadline = ENGINE.deadline(state)
        if deadline is not None and rng.random() < tick_rate:
            seat, action, now = None, dict(TICK), max(now, deadline)
        else:
            seat = rng.choice(ENGINE.waiting_for(state))
            action = ENGINE.bot_action(state, seat, levels[seat])
            now += rng.random()
        before = dumps(state)
        new = ENGINE.apply(state, seat, action, now)
        assert dumps(state) == before  # apply never mutates its input
        assert new["version"] == state["version"] + 1
        state = new
        log.append((seat, action, now))
        yield state, log


def assert_cards_conserved(state: State) -> None:
    for seat in state["seats"]:
        held = seat["hand"] + [p["card"] for p in seat["placed"]] + seat["discard"]
        assert Counter(held) == CARD_IDS
        assert len(held) == 15


def scrambled(state: State, other: int) -> State:
    """``state`` with everything ``other`` keeps hidden changed."""
    state = loads(dumps(state))
    seat = state["seats"][other]
    seat["hand"] = [f"hidden-{i}" for i, _ in enumerate(seat["hand"])]
    seat["discard"] = [f"hidden-d{i}" for i, _ in enumerate(seat["discard"])]
    for placed in seat["placed"]:
        if not placed["flipped"]:
            placed["card"] = "hidden-placed"
    choice = seat["choice"]
    if isinstance(choice, dict):
        others = [s for s in range(state["players"]) if s not in (other, choice["target"])]
        seat["choice"] = {"cards": ["x", "y"], "target": others[0] if others else other}
    elif choice is not None:
        seat["choice"] = "another-dragon"
    if state["guard"]:
        for response in state["guard"]["responses"]:
            if response["seat"] == other:
                response["card"] = None if response["card"] else "hidden-guard"
    return state


def assert_no_view_leaks(state: State) -> None:
    viewers: list[int | None] = [None, *range(state["players"])]
    for viewer in viewers:
        seen = ENGINE.view(state, viewer)
        assert "seed" not in seen
        for other in range(state["players"]):
            if other != viewer:
                assert ENGINE.view(scrambled(state, other), viewer) == seen


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 2**40),
    players=st.integers(2, 4),
    levels=st.lists(st.sampled_from(["random", "heuristic"]), min_size=4, max_size=4),
    tick_rate=st.sampled_from([0.0, 0.05, 0.3]),
)
def test_bot_games_keep_every_invariant(seed, players, levels, tick_rate):
    for state, log in play(seed, players, levels, tick_rate):
        assert state["version"] == len(log)
        assert_cards_conserved(state)
        assert loads(dumps(state)) == state
        if not state["finished"]:
            assert_no_view_leaks(state)
    assert state["finished"]
    assert dumps(replay(ENGINE, players, {}, seed, log)) == dumps(state)
    outcome = ENGINE.outcome(state)
    assert sorted(row["seat"] for row in outcome["placings"]) == list(range(players))
    assert sum(row["victory_points"] for row in outcome["placings"]) == sum([3, 2, 1, 0][:players])


def test_many_seeded_games_end_and_replay_exactly():
    for seed in range(60):
        players = 2 + seed % 3
        levels = ["heuristic", "random", "heuristic", "random"]
        for state, log in play(seed, players, levels, tick_rate=0.02):
            assert state["version"] == len(log)
            assert_cards_conserved(state)
        assert state["finished"] and 1 <= state["round"] <= 14
        assert dumps(replay(ENGINE, players, {}, seed, log)) == dumps(state)


@st.composite
def card_sets(draw: st.DrawFn) -> list[dict[str, Any]]:
    """Any valid 15-card set: three cost-6 divine dragons, the rest cost 1-5."""
    costs = [6, 6, 6] + draw(st.lists(st.integers(1, 5), min_size=12, max_size=12))
    cards = []
    for index, cost in enumerate(costs):
        kind = draw(st.sampled_from(["melee", "ranged", "guard"]))
        card: dict[str, Any] = {
            "id": f"card_{index}",
            "name_ja": f"カード{index}",
            "name_en": f"Card {index}",
            "kind": kind,
            "cost": cost,
        }
        if kind == "guard":
            card["blocks"] = draw(st.sampled_from([["melee"], ["ranged"], ["melee", "ranged"]]))
        else:
            card["damage"] = draw(st.integers(1, 8))
            card["scope"] = draw(st.sampled_from(["target", "all"]))
        cards.append(card)
    return cards


@settings(max_examples=20, deadline=None)
@given(cards=card_sets(), seed=st.integers(0, 2**40), players=st.integers(2, 4))
def test_any_valid_card_set_plays_to_the_end(cards, seed, players):
    options = {"card_set": cards}
    state = ENGINE.new_game(players, options, seed)
    log = []
    while not state["finished"]:
        seat = ENGINE.waiting_for(state)[0]
        action = ENGINE.bot_action(state, seat, "heuristic" if seat % 2 else "random")
        state = ENGINE.apply(state, seat, action, 0.0)
        log.append((seat, action, 0.0))
        for held in state["seats"]:
            owned = held["hand"] + [p["card"] for p in held["placed"]] + held["discard"]
            assert sorted(owned) == sorted(card["id"] for card in cards)
    assert dumps(replay(ENGINE, players, options, seed, log)) == dumps(state)
