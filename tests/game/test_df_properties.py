"""Random seeded Dragon Formula matches never break the game's invariants."""

from __future__ import annotations

import contextlib
import random
from collections import Counter
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dragonformula.rules.cards import ALL_CARDS
from dragonformula.rules.engine import ENGINE
from games.engine import IllegalAction, dumps, loads, replay

CODES = frozenset(ALL_CARDS)


def _codes_in(value: Any) -> set[str]:
    if isinstance(value, str):
        return {value} if value in CODES else set()
    if isinstance(value, dict):
        return set().union(*(_codes_in(v) for v in value.values())) if value else set()
    if isinstance(value, list | tuple):
        return set().union(*(_codes_in(v) for v in value)) if value else set()
    return set()


def _check_invariants(state: dict) -> None:
    everything = [c for hand in state["hands"] for c in hand] + state["pile"]
    everything += [c for pile in state["discards"] for c in pile]
    assert Counter(everything) == Counter(ALL_CARDS)
    if not state["finished"]:
        sizes = [len(hand) for hand in state["hands"]]
        if state["phase"] in ("discard", "pick_discard"):
            expected = [11 if seat == state["turn"] else 10 for seat in range(state["players"])]
        elif state["phase"] == "result":  # the ended game's hands, shown to everyone
            expected = [len(hand) for hand in state["last_game"]["hands"]]
        else:
            expected = [10] * state["players"]
        assert sizes == expected, (state["phase"], sizes)
    assert loads(dumps(state)) == state


def _check_views(state: dict) -> None:
    """No seat sees a card of another seat's hand, except cards that seat picked in the open."""
    for viewer in [None, *range(state["players"])]:
        seen = ENGINE.view(state, viewer)
        seen.pop("last_game")  # the finished game's revealed cards, dealt again since
        codes = _codes_in(seen)
        for seat, hand in enumerate(state["hands"]):
            if seat != viewer:
                hidden = set(hand) - set(state["picked_cards"][seat])
                assert not codes & hidden, (viewer, seat, codes & hidden)
        assert seen["seed"] is None or state["finished"]


def _try_something_illegal(state: dict, rng: random.Random, now: float) -> None:
    seat = rng.randrange(state["players"])
    action = rng.choice(
        [
            {"type": "draw"},
            {"type": "dan"},
            {"type": "pass"},
            {"type": "pick"},
            {"type": "pick_and_dan"},
            {"type": "tick"},
            {"type": "discard", "card": rng.choice(ALL_CARDS)},
            {"type": "discard_major", "card": f"M{rng.randrange(22)}"},
            {"type": "discard", "card": "Z9"},
        ]
    )
    before = dumps(state)
    with contextlib.suppress(IllegalAction):
        ENGINE.apply(state, seat, action, now)
    assert dumps(state) == before


def _moves(legal: list[dict]) -> list[dict]:
    """The legal actions that are moves (not "pass automatically", nor "back" of a seat
    a bot stands in for)."""
    return [action for action in legal if action["type"] not in ("auto_pass", "back")]


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32),
    players=st.sampled_from([2, 3, 4]),
    assisted=st.booleans(),
    levels=st.lists(st.sampled_from(["random", "smart"]), min_size=4, max_size=4),
)
def test_random_matches_keep_every_invariant_and_replay_exactly(seed, players, assisted, levels):
    options = {"dan_assist": assisted}
    state = ENGINE.new_game(players, options, seed)
    rng = random.Random(seed)
    log: list[tuple[int | None, dict, float]] = []
    now = 0.0
    steps = 0
    while not state["finished"]:
        steps += 1
        assert steps < 20_000
        now += 0.5
        due = ENGINE.deadline(state)
        if due is not None and rng.random() < 0.05:
            now = max(now, due)
            seat, action = None, {"type": "tick"}
        else:
            seat = rng.choice(ENGINE.waiting_for(state))
            action = ENGINE.bot_action(state, seat, levels[seat])
            assert action in ENGINE.legal_actions(state, seat)
        if steps % 7 == 0:
            _try_something_illegal(state, rng, now)
        state = ENGINE.apply(state, seat, action, now)
        log.append((seat, action, now))
        _check_invariants(state)
        offered = [s for s in range(players) if _moves(ENGINE.legal_actions(state, s))]
        assert offered == ENGINE.waiting_for(state)
        if steps % 23 == 0 or action["type"] in ("pick", "discard_major"):
            _check_views(state)
    _check_views(state)
    assert ENGINE.waiting_for(state) == []
    outcome = ENGINE.outcome(state)
    assert sorted(p["seat"] for p in outcome["placings"]) == list(range(players))
    assert sum(outcome["victory_points"]) == sum([3, 2, 1, 0][:players])
    assert dumps(replay(ENGINE, players, options, seed, log)) == dumps(state)


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.sampled_from([2, 3, 4]), set_index=st.integers(0, 5))
def test_elements_go_clockwise_from_a_seeded_fire_seat(seed, players, set_index):
    state = ENGINE.new_game(players, {"sets": 6}, seed)
    fire = state["fire_seat"]
    order = ["fire", "water", "air", "earth"][:players]
    assert [state["elements"][(fire + k) % players] for k in range(players)] == order
    assert state["starter"] == fire
    assert ENGINE.new_game(players, {"sets": 6}, seed) == state


def test_bots_are_deterministic_given_the_state():
    state = ENGINE.new_game(4, {}, 99)
    for _ in range(200):
        seat = ENGINE.waiting_for(state)[0]
        first = ENGINE.bot_action(state, seat, "smart")
        assert ENGINE.bot_action(loads(dumps(state)), seat, "smart") == first
        state = ENGINE.apply(state, seat, first, 0.0)
