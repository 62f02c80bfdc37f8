"""What a seat knows of the cards it cannot see, from ``view(state, seat)`` alone.

Its own hand and every discard pile are in view; a card another seat picked and has not
discarded since is known to be in that seat's hand; every other card (the other hands,
the pile) is unseen. The strong bot's play-outs (:mod:`playouts`) deal the unseen cards
again from these; nothing in them comes from the real state.
"""

from __future__ import annotations

from dragonformula.rules.cards import ALL_CARDS
from games.engine import View


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
