"""Deals a seat cannot tell from the real one: the unseen cards dealt again at random.

From ``view(state, seat)`` alone (its own hand, every discard pile, the picks of this
game, every hand's size and the pile's) :func:`guess` builds a whole state the rules can
play on, with the cards this seat cannot see (the other hands, the pile) shuffled among
the places they may be: a card another seat picked and has not discarded since stays in
that seat's hand. The strong bot and the coach play such guesses out; nothing in them
comes from the real state.
"""

from __future__ import annotations

import random
from typing import Any

from dragonformula.rules import pick_window
from dragonformula.rules.cards import ALL_CARDS
from games.engine import State, View

NEVER = float("inf")  # no deadline in a guessed game: it is played out, never timed


def known_cards(view: View) -> list[set[str]]:
    """Per seat, the cards the table knows it holds: the seat's own hand for itself, and
    for the others the cards they picked in this game and have not discarded since."""
    seat = view["seat"]
    known: list[set[str]] = [set() for _ in range(view["players"])]
    for event in view["events"]:
        if event["type"] == "pick":
            known[event["seat"]].add(event["card"])
        elif event["type"] in ("discard", "discard_major"):
            known[event["seat"]].discard(event["card"])
    known[seat] = set(view["hand"])
    return known


def unseen(view: View, known: list[set[str]]) -> list[str]:
    """The cards in no discard pile and in no known place: the other hands and the pile."""
    placed = {card for pile in view["discards"] for card in pile}
    for cards in known:
        placed |= cards
    return [card for card in ALL_CARDS if card not in placed]


def guess(view: View, rng: random.Random) -> State:
    """A state consistent with everything ``view`` shows, the unseen cards dealt at random."""
    seat, players = view["seat"], view["players"]
    known = known_cards(view)
    hidden = unseen(view, known)
    rng.shuffle(hidden)
    hands: list[list[str]] = []
    for other in range(players):
        if other == seat:
            hands.append(list(view["hand"]))
            continue
        missing = view["hand_sizes"][other] - len(known[other])
        hands.append([*sorted(known[other]), *hidden[:missing]])
        hidden = hidden[missing:]
    if len(hidden) != view["pile_size"]:
        raise ValueError("the view's counts do not add up to a deck")
    return _state(view, hands, hidden, rng)


def _state(view: View, hands: list[list[str]], pile: list[str], rng: random.Random) -> State:
    seat, players = view["seat"], view["players"]
    events = view["events"]
    draws = [0] * players
    picked: list[list[str]] = [[] for _ in range(players)]
    last_drawer = None
    for event in events:
        if event["type"] == "draw":
            draws[event["seat"]] += 1
            if event["pile"] == 0:
                last_drawer = event["seat"]
        elif event["type"] == "pick":
            picked[event["seat"]].append(event["card"])
    auto = [False] * players
    auto[seat] = bool(view["auto_pass"])
    return {
        "game": view["game"],
        "players": players,
        "seed": rng.getrandbits(32),
        "options": {**view["options"], "turn_seconds": 0},
        "finished": False,
        "move": rng.getrandbits(16),
        "set_index": view["set"] - 1,
        "deal_index": 0,
        "total_points": list(view["total_points"]),
        "victory_points": list(view["victory_points"]),
        "sets": list(view["finished_sets"]),
        "games": list(view["games"]),
        "last_game": None,
        "result": None,
        "clock": None,
        "banks": [0.0] * players,
        "bank_set": view["set"] - 1,
        "timeouts": [0] * players,
        "away": [False] * players,
        pick_window.AUTO_PASS: auto,
        "fire_seat": view["fire_seat"],
        "elements": list(view["elements"]),
        "set_points": list(view["set_points"]),
        "games_counted": view["game_in_set"] - 1,
        "starter": view["starter"],
        "hands": hands,
        "pile": pile,
        "discards": [list(p) for p in view["discards"]],
        "draws": draws,
        "picked_cards": picked,
        "last_drawer": last_drawer,
        "window": _window(view, events),
        "picked_card": view["picked_card"],
        "phase": view["phase"],
        "turn": view["turn"],
        "events": [],
    }


def _window(view: View, events: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The open pick window as this seat knows it: only its own answer is known; the
    others answer again when the guess is played out."""
    seen = view["window"]
    if seen is None:
        return None
    answers: list[str | None] = [None] * view["players"]
    answers[view["seat"]] = seen["your_answer"]
    last = next((e for e in reversed(events) if e["type"] in ("discard", "discard_major")), None)
    return {
        "discarder": seen["discarder"],
        "card": seen["card"],
        "kind": "pick" if last is not None and last["type"] == "discard_major" else "turn",
        "deadline": NEVER,
        "answers": answers,
        "auto": [],
    }
