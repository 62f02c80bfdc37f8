"""A seat's hints at a DragSaga table, for a player who has them on (a player's first
games; ``games.tables.actions.hints.set_hints``): while placing, what the ♦ counts and what the hand
would cost if the game ended now and whose hand is small enough to end it, and which cards of the hand cannot be flipped with any other in one round
(the cost limit), which of the seat's placed cards can guard the attack it faces, and a
banner when another seat attacks or a guard stops your attack, readable without opening the log.

Worked out from the seat's own view only (its hand and placed cards, the public seats and
events): the others' face-down cards are never read, so a hint tells nothing the seat
could not see itself.
"""

from __future__ import annotations

from typing import Any

from dragsaga.rules.turns import FLIP_LIMIT

BANNER_EVENTS = ("flip", "damage")
END_NEAR = 3  # a seat holding this many cards or fewer as a round begins may end the game
BANNER_LOOKS_BACK = 4  # the newest events a banner is taken from


def seat_hints(
    view: dict[str, Any], names: list[str], cards: dict[str, dict[str, Any]]
) -> dict[str, Any] | None:
    """The hints of the seat whose ``view`` this is (``None`` for a spectator)."""
    you = view["you"]
    if you is None or view["seat"] is None:
        return None
    return {
        # While placing: what the hand would cost at the end (what to place away).
        "standing": _standing(view, you, cards) if view["phase"] == "place" else None,
        "lonely": _lonely(you["hand"], cards) if _placing(view) else None,
        "guard": _guard(view, you, cards),
        "end_near": _end_near(view, names) if view["phase"] == "place" else None,
        "banner": _banner(view, names, cards),
    }


def _placing(view: dict[str, Any]) -> bool:
    """Whether the seat is choosing its two cards now (not yet placed this round)."""
    return any(action["type"] == "place" for action in view["legal_actions"])


def _standing(view: dict[str, Any], you: dict[str, Any], cards: dict) -> dict[str, Any]:
    """The seat's damage (its ♦), and the penalty its hand would add if the game ended now:
    half the cost of the cards in hand (less the two it has just placed), rounded down."""
    placed = (you["choice"] or {}).get("cards", [])
    cost = sum(cards[c]["cost"] for c in you["hand"] if c not in placed)
    return {
        "damage": view["seats"][view["seat"]]["damage"],
        "hand_cost": cost,
        "penalty": cost // 2,
    }


def _lonely(hand: list[str], cards: dict) -> list[dict[str, Any]]:
    """While placing: the hand's cards that cannot be flipped in the same round as any
    other card of the hand (their cost with the cheapest other one is over the limit)."""
    lonely = []
    for card in hand:
        others = [cards[c]["cost"] for c in hand if c != card]
        if others and cards[card]["cost"] + min(others) > FLIP_LIMIT:
            lonely.append(cards[card])
    return lonely


def _guard(view: dict[str, Any], you: dict[str, Any], cards: dict) -> dict[str, Any] | None:
    """The attack the seat is asked to answer: the damage it deals the seat, and which of
    the seat's face-down placed cards can block it now (a guard of its kind, within the
    round's cost limit)."""
    window = view["guard"]
    if window is None or view["seat"] not in window["pending"] or you["answered"]:
        return None
    attack = cards[window["card"]]
    flipped = [cards[p["card"]]["cost"] for p in you["placed"] if p["flipped"]]
    blocks = [
        cards[p["card"]]
        for p in you["placed"]
        if not p["flipped"]
        and attack["kind"] in cards[p["card"]]["blocks"]
        and (not flipped or sum(flipped) + cards[p["card"]]["cost"] <= FLIP_LIMIT)
    ]
    return {"attack": attack, "blocks": blocks}


def _end_near(view: dict[str, Any], names: list[str]) -> list[dict[str, Any]]:
    """The seats whose hands are small enough that the game may end after this round (a
    round that begins with someone holding one card or none ends it), with their counts."""
    return [
        {"name": names[s["seat"]], "you": s["seat"] == view["seat"], "cards": s["hand_count"]}
        for s in view["seats"]
        if s["hand_count"] <= END_NEAR
    ]


def _banner(view: dict[str, Any], names: list[str], cards: dict) -> dict[str, Any] | None:
    """Another seat's newest attack (flipped, or what it did once answered), or the seat's
    own attack when a guard blocked it, readable without opening the log."""
    seat = view["seat"]
    recent = view["events"][-BANNER_LOOKS_BACK:]
    event = next((e for e in reversed(recent) if e["type"] in BANNER_EVENTS), None)
    if event is None:
        return None
    attacker = event["seat"] if event["type"] == "flip" else event["attacker"]
    blocked = event["type"] == "damage" and any(d["blocked_by"] for d in event["damage"])
    if attacker == seat and not blocked:
        return None  # the seat's own attack, as it went: its log line says it
    shown: dict[str, Any] = {
        "type": event["type"],
        "name": names[attacker],
        "card": cards[event["card"]],
    }
    if event["type"] == "flip":
        shown["at_you"] = seat in event["hits"]
        shown["hits"] = [names[s] for s in event["hits"]]
    else:
        # What it did to the seat, and any guard that stopped it; the other seats' damage
        # shows on their panels (a sweep at four seats would fill the phone's screen).
        told = [d for d in event["damage"] if d["seat"] == seat or d["blocked_by"]]
        shown["outcomes"] = [
            {
                "name": names[d["seat"]],
                "you": d["seat"] == seat,
                "amount": d["amount"],
                "blocked_by": cards[d["blocked_by"]] if d["blocked_by"] else None,
            }
            for d in told or event["damage"]
        ]
    return shown
