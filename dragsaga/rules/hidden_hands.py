"""Tables a seat cannot tell from the real one: the cards it cannot see dealt again.

Every seat holds the same fifteen cards. Of another seat, ``view(state, seat)`` shows how
many cards it holds, has placed face down and has discarded, and the log shows every card
it flipped (an attack or a guard). :func:`guess` builds a whole state the rules can play
on from the view alone: each other seat's cards not seen flipped are shared at random
among its hand, its face-down placed cards and its discards (two of its divine dragons go
to its discards at the start, unless it has flipped one: then the other two). Choices
not yet revealed (a placing, a guard answer) are made again when the guess is played out.
"""

from __future__ import annotations

import random
from typing import Any

from games.engine import State, View

from .table import CHOOSE_DRAGON


def flipped_cards(view: View) -> list[set[str]]:
    """Per seat, the cards the table saw it flip (now placed face up, or discarded)."""
    seen: list[set[str]] = [set() for _ in range(view["players"])]
    for event in view["events"]:
        if event["type"] in ("flip", "guard"):
            seen[event["seat"]].add(event["card"])
    for seat in view["seats"]:
        for placed in seat["placed"]:
            if placed["card"] is not None:
                seen[seat["seat"]].add(placed["card"])
    return seen


def guess(view: View, rng: random.Random) -> State:
    """A state consistent with everything ``view`` shows (with its events)."""
    me = view["you"]
    everything = [card["id"] for card in view["cards"]]
    divine = [card["id"] for card in view["cards"] if card["cost"] == 6]
    flipped = flipped_cards(view)
    seats = []
    for seen in view["seats"]:
        if seen["seat"] == me["seat"]:
            seats.append(_seat(seen, me["hand"], [dict(p) for p in me["placed"]], me["discard"]))
            seats[-1]["choice"] = me["choice"]
            continue
        seats.append(_dealt(view, seen, everything, divine, flipped[seen["seat"]], rng))
    return _state(view, seats, rng)


def _dealt(
    view: View,
    seen: dict[str, Any],
    everything: list[str],
    divine: list[str],
    flipped: set[str],
    rng: random.Random,
) -> dict[str, Any]:
    face_up = [p["card"] for p in seen["placed"] if p["card"] is not None]
    discard = [card for card in flipped if card not in face_up]
    unknown = [card for card in everything if card not in flipped]
    rng.shuffle(unknown)
    if view["phase"] != CHOOSE_DRAGON:
        kept = [d for d in divine if d in flipped]
        dropped = [d for d in divine if d not in flipped]
        rng.shuffle(dropped)
        dropped = dropped[: len(divine) - 1] if not kept else dropped
        discard += dropped
        unknown = [card for card in unknown if card not in dropped]
    face_down = seen["placed"].count({"card": None, "flipped": False})
    hand = unknown[: seen["hand_count"]]
    down = unknown[seen["hand_count"] : seen["hand_count"] + face_down]
    rest = unknown[seen["hand_count"] + face_down :]
    discard += rest[: max(0, seen["discard_count"] - len(discard))]
    placed, downs = [], iter(down)
    for p in seen["placed"]:
        placed.append({"card": p["card"] if p["flipped"] else next(downs), "flipped": p["flipped"]})
    return _seat(seen, hand, placed, discard)


def _seat(seen: dict[str, Any], hand: list[str], placed: list[Any], discard: list[str]) -> Any:
    return {
        "hand": list(hand),
        "placed": placed,
        "discard": list(discard),
        "target": seen["target"],
        "damage": seen["damage"],
        "choice": None,
    }


def _state(view: View, seats: list[dict[str, Any]], rng: random.Random) -> State:
    guard = view["guard"]
    own = view["you"]
    window = None
    if guard is not None:
        responses = []
        if own["answered"]:
            responses.append({"seat": own["seat"], "card": own["guard_answer"]})
        window = {
            "attacker": guard["attacker"],
            "card": guard["card"],
            "hits": list(guard["hits"]),
            "pending": list(guard["pending"]),
            "responses": responses,
        }
    players = view["players"]
    turn = None
    if view["turn"] is not None:
        index = (view["turn"] - view["start_player"]) % players
        turn = {"seat": view["turn"], "index": index, "flips": view["turn_flips"]}
    return {
        "game": view["game"],
        "players": players,
        "seed": rng.getrandbits(32),
        "finished": False,
        "cards": view["cards"],
        "options": {**view["options"]},
        "colours": list(view["colours"]),
        "phase": view["phase"],
        "round": view["round"],
        "start_player": view["start_player"],
        "seats": seats,
        "turn": turn,
        "guard": window,
        "target_changed": view["target_changed"],
        "deadline": None,
        "version": rng.getrandbits(16),
        "log": [],
        "result": None,
    }
