"""The nearest winning hands: how many cards a hand is from a win, and which hands are
in reach with the cards each lacks. What the calculator tells a hand that does not win,
and what a seat's hints tell it at the table (from its own view only: the cards it may
still take are those it cannot see).

A hand of 10 or 11 cards is ``k`` cards away from a winning hand of 11 when it holds all
but ``k`` of them: it must take those ``k`` and let go of the rest of its own. For each
winning hand (by its id) the search finds its nearest cards: a special hand is one of a
few hundred fixed sets of cards; a sephirot hand of N is the majors derived from N (with
any major series), the head (a triple of N) and suited melds, each part taken at its
most overlapping with the hand, independently, as the parts never share a card.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from .cards import ALL_CARDS, INDEX
from .hands import _SEPHIROT_NUMBERS, HAND_SIZE, SPECIAL_HANDS, best_reading, own_suit_of
from .melds import MAJOR_BITS, NUMBER_TRIPLES, SUITED_MELDS, codes_of, mask_of

_EVERY_CARD = (1 << len(ALL_CARDS)) - 1
# The suited melds a sephirot hand needs beside its head, by how many majors it holds.
_MELDS_BESIDE_HEAD = {2: 2, 5: 1, 8: 0}


@dataclass(frozen=True)
class Reach:
    """One winning hand in reach: ``away`` cards to take (``lacks``), ``let_go`` of one's
    own to give up, and the points the hand would score before multipliers."""

    hand: str
    away: int
    lacks: tuple[str, ...]
    let_go: tuple[str, ...]
    total: int

    def to_json(self) -> dict[str, Any]:
        return {
            "hand": self.hand,
            "away": self.away,
            "lacks": list(self.lacks),
            "let_go": list(self.let_go),
            "total": self.total,
        }


def cards_away(reaches: list[Reach]) -> int | None:
    """How many cards the hand is from its nearest win (``None``: no win in reach)."""
    return min((reach.away for reach in reaches), default=None)


def nearest_hands(
    cards: Iterable[str] | str, element: str, unseen: Iterable[str] | None = None
) -> list[Reach]:
    """Every winning hand (by its id) at its nearest to the 10 or 11 ``cards``, nearest
    first, then the higher total. ``unseen``: the only cards that may be taken (a seat's
    view: what it cannot see); every other card by default. ``ValueError`` for bad cards
    or a bad element."""
    codes = cards.split() if isinstance(cards, str) else list(cards)
    hand = mask_of(codes)
    if len(codes) not in (HAND_SIZE - 1, HAND_SIZE) or hand.bit_count() != len(codes):
        raise ValueError("A hand to measure has 10 or 11 distinct cards.")
    pool = _EVERY_CARD if unseen is None else mask_of(unseen)
    return list(_nearest(hand, own_suit_of(element), pool | hand))


@lru_cache(maxsize=512)
def _nearest(hand: int, own: str, allowed: int) -> tuple[Reach, ...]:
    """``allowed``: the cards a winning hand may be made of (the hand's and those it may take)."""
    nearest: dict[str, tuple[int, int]] = {}  # hand id -> (overlap, the winning hand's mask)

    def offer(hand_id: str, overlap: int, mask: int) -> None:
        if hand_id not in nearest or nearest[hand_id][0] < overlap:
            nearest[hand_id] = (overlap, mask)

    for mask, readings in SPECIAL_HANDS.items():
        if not mask & ~allowed:
            offer(readings[0].hand, (mask & hand).bit_count(), mask)
    melds = _overlapping_melds(hand, allowed)
    for (n, majors), (overlap, mask) in _best_majors(hand & MAJOR_BITS, allowed & MAJOR_BITS):
        beside = _MELDS_BESIDE_HEAD[majors]
        for head in NUMBER_TRIPLES[n]:
            if head.mask & ~allowed:
                continue
            rest = _best_melds(melds, head.mask, beside)
            if rest is not None:
                total = overlap + (head.mask & hand).bit_count() + rest[0]
                offer(f"sephirot_{n}", total, mask | head.mask | rest[1])
    found = []
    for _overlap, mask in nearest.values():
        scored = best_reading(mask, own)
        if scored is not None:  # every mask offered is a winning hand
            found.append(
                Reach(
                    scored.hand,
                    HAND_SIZE - (mask & hand).bit_count(),
                    _codes(mask & ~hand),
                    _codes(hand & ~mask),
                    scored.points,
                )
            )
    return tuple(sorted(found, key=lambda r: (r.away, -r.total, r.hand)))


def _majors_by_part() -> dict[tuple[int, int], tuple[tuple[int, int], ...]]:
    parts: dict[tuple[int, int], list[tuple[int, int]]] = {}
    for place, (mask, numbers) in enumerate(_SEPHIROT_NUMBERS.items()):
        for n in numbers:
            parts.setdefault((n, mask.bit_count()), []).append((place, mask))
    return {part: tuple(masks) for part, masks in parts.items()}


# (N, how many majors) -> every set of majors a sephirot hand of N may hold, each with its
# place in the order all of them are searched in.
_MAJORS_BY_PART = _majors_by_part()


@lru_cache(maxsize=4096)
def _best_majors(hand: int, allowed: int) -> tuple[tuple[tuple[int, int], tuple[int, int]], ...]:
    """((N, how many majors), (overlap, mask)): the allowed majors of a sephirot hand of N
    overlapping the hand most, the first of equals; the parts in the order their first
    allowed majors come in. Only majors count (``hand`` and ``allowed`` are the majors
    held and allowed), so a hand whose majors and whose unseen majors did not change
    since a card went by is answered from memory."""
    held = (hand & MAJOR_BITS).bit_count()
    found: list[tuple[int, tuple[int, int], tuple[int, int]]] = []
    for part, masks in _MAJORS_BY_PART.items():
        most = min(held, part[1])  # no set of majors overlaps the hand more
        first: int | None = None
        best = (-1, 0)
        for place, mask in masks:
            if mask & ~allowed:
                continue
            if first is None:
                first = place
            overlap = (mask & hand).bit_count()
            if best[0] < overlap:
                best = (overlap, mask)
                if overlap == most:
                    break
        if first is not None:
            found.append((first, part, best))
    return tuple((part, best) for _first, part, best in sorted(found))


def _overlapping_melds(hand: int, allowed: int) -> list[tuple[int, int]]:
    """The allowed suited melds, in their order, each as (overlap with the hand, mask)."""
    return [
        ((meld.mask & hand).bit_count(), meld.mask)
        for meld in SUITED_MELDS
        if not meld.mask & ~allowed
    ]


def _best_melds(melds: list[tuple[int, int]], head: int, count: int) -> tuple[int, int] | None:
    """``count`` (0-2) of the allowed ``melds`` beside ``head``, sharing no card, that
    overlap the hand most: (overlap, mask). Of equals, the first in the melds' order
    (for two, the first of the first meld, then the first second)."""
    if count == 0:
        return 0, 0
    beside = [(overlap, mask) for overlap, mask in melds if not mask & head]
    if not beside:
        return None
    if count == 1:
        return max(beside, key=lambda meld: meld[0])  # max keeps the first of equals
    by_overlap: dict[int, list[tuple[int, int]]] = {}
    for place, (overlap, mask) in enumerate(beside):
        by_overlap.setdefault(overlap, []).append((place, mask))
    for wanted in range(2 * max(by_overlap), -1, -1):
        for place, (first_overlap, first) in enumerate(beside):
            for second_place, second in by_overlap.get(wanted - first_overlap, ()):
                if second_place > place and not first & second:
                    return wanted, first | second
    return None


def _codes(mask: int) -> tuple[str, ...]:
    return tuple(sorted(codes_of(mask), key=INDEX.get))
