"""Waits, 待ち: the cards that would complete a 10-card hand, and what each would score."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from .cards import ALL_CARDS, INDEX, Card, parse_cards
from .hands import best_reading, hand_mask, own_suit_of
from .melds import mask_of
from .readings import wins

_EVERY_CARD = (1 << len(ALL_CARDS)) - 1


@dataclass(frozen=True)
class Wait:
    """A card that completes the hand: the hand it makes and its total (no multipliers)."""

    card: str
    hand: str
    total: int
    bonuses: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "card": self.card,
            "hand": self.hand,
            "total": self.total,
            "bonuses": list(self.bonuses),
        }


def unseen_cards(hand: Iterable[str], discards: Iterable[Iterable[str]]) -> list[str]:
    """The cards a seat cannot see (other hands and the pile), in card order: every card
    but those in its own ``hand`` and in the table's discard piles. These are what it may
    still draw, so its live waits are among them."""
    seen = set(hand)
    for pile in discards:
        seen.update(pile)
    return [card for card in ALL_CARDS if card not in seen]


def waits(
    cards10: Iterable[str | Card] | str,
    element: str,
    unseen: Iterable[str | Card] | str | None = None,
) -> list[Wait]:
    """Every card not in the 10-card hand (only those in ``unseen``, if given) that makes it
    win, with the total it would score before multipliers; best first, then in card order.

    Raises ``ValueError`` unless ``cards10`` are 10 distinct valid cards, for a bad
    element, or for a malformed code in ``unseen``.
    """
    hand = hand_mask(cards10, size=10)
    own = own_suit_of(element)
    candidates = _EVERY_CARD if unseen is None else mask_of(parse_cards(unseen))
    candidates &= ~hand
    found: list[Wait] = []
    while candidates:
        bit = candidates & -candidates
        candidates ^= bit
        mask = hand | bit
        if not wins(mask):
            continue  # the fast rejection; most cards end here
        best = best_reading(mask, own)
        if best is not None:
            code = ALL_CARDS[bit.bit_length() - 1]
            found.append(Wait(code, best.hand, best.points, tuple(best.bonuses)))
    found.sort(key=lambda wait: (-wait.total, INDEX[wait.card]))
    return found
