"""Winning hands, 上がり (RULES §1.4): every reading of 11 cards, and what each scores.

Built like a mahjong hand calculator: ``readings.readings`` is the one place that divides a
hand into its possible readings (a sephirot hand's head, melds and derived majors, or
a special hand's groups); ``bonuses.BONUS_RULES`` is the one table of sephirot bonuses, one
small condition each. The best-scoring reading wins (here).

The points, the replacements between bonuses, the multipliers' factors and every name
come from ``seeds/df_hands.json`` (``score_table``); the conditions live in the code.

Cards are handled as bit masks (see :mod:`.melds`); all the possible melds, major
groups and special hands are tabled once, so checking a hand is a few dict look-ups.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .bonuses import Context, hand_id, sephirot_bonuses
from .cards import OWN_SUIT, Card, CardError, parse_cards
from .melds import (
    ALL_MELDS,
    NUMBER_TRIPLES,
    codes_of,
    mask_of,
    mask_of_codes,
)
from .readings import SPECIAL_HANDS, Reading, readings, wins
from .score_table import BONUSES, HANDS, MULTIPLIERS
from .tree import DERIVED_MAJORS

HAND_SIZE = 11

# --- the scoring table (seeds/df_hands.json) -----------------------------------


# --- readings -----------------------------------------------------------------


# --- the bonuses of sephirot hands --------------------------------------------


# --- results ------------------------------------------------------------------


@dataclass(frozen=True)
class HandResult:
    """The best reading of a winning hand and its score.

    ``total`` = (``base`` + the bonuses' points) × the multipliers' factors.
    """

    hand: str
    base: int
    bonuses: list[str]
    multipliers: list[str]
    total: int
    head: tuple[str, ...] | None
    melds: list[tuple[str, ...]] = field(default_factory=list)
    majors: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "hand": self.hand,
            "base": self.base,
            "bonuses": list(self.bonuses),
            "multipliers": list(self.multipliers),
            "total": self.total,
            "head": list(self.head) if self.head is not None else None,
            "melds": [list(meld) for meld in self.melds],
            "majors": list(self.majors),
        }


def own_suit_of(element: str) -> str:
    """The own suit of an element (``"fire"`` → ``"W"``); ``ValueError`` for anything else."""
    suit = OWN_SUIT.get(element) if isinstance(element, str) else None
    if suit is None:
        raise CardError(
            f"unknown element {element!r} (fire, water, air or earth)",
            "unknown_element",
            element=str(element)[:20],
        )
    return suit


def hand_mask(cards: Iterable[str | Card] | str, size: int = HAND_SIZE) -> int:
    """The bit mask of exactly ``size`` distinct valid cards; ``ValueError`` names a bad one."""
    if isinstance(cards, list | tuple):  # the engine's canonical codes: the fast path
        try:
            mask = mask_of_codes(cards)
        except ValueError:
            pass  # parse_cards below names what is wrong
        else:
            if len(cards) == size == mask.bit_count():
                return mask
    return mask_of(parse_cards(cards, count=size))


@dataclass(frozen=True)
class Score:
    """What one reading scores before multipliers: ``points`` = base + the bonuses' points."""

    reading: Reading
    hand: str
    base: int
    bonuses: list[str]
    points: int


def score(reading: Reading, mask: int, own_suit: str) -> Score:
    """The score of one reading of the hand ``mask`` for the owner of ``own_suit``."""
    scored = hand_id(reading, own_suit)
    base = HANDS[scored]["points"]
    if reading.head is None:  # special hands get no sephirot bonuses
        return Score(reading, scored, base, [], base)
    bonuses = sephirot_bonuses(Context(reading, mask, own_suit))
    return Score(reading, scored, base, bonuses, base + sum(BONUSES[b]["points"] for b in bonuses))


def best_reading(mask: int, own_suit: str) -> Score | None:
    """The best-scoring reading of a hand (the first found among equals), or ``None``."""
    best: Score | None = None
    for reading in readings(mask):
        scored = score(reading, mask, own_suit)
        if best is None or scored.points > best.points:
            best = scored
    return best


def best_hand(
    cards: Iterable[str | Card] | str,
    element: str,
    *,
    genius: bool = False,
    surprise: bool = False,
    last_judgement: bool = False,
) -> HandResult | None:
    """The best reading of 11 cards for a player of ``element``, or ``None`` if they do not win.

    Raises ``ValueError`` unless ``cards`` are 11 distinct valid card codes (or
    :class:`Card` objects) and ``element`` is fire, water, air or earth, and when both
    ``genius`` and ``surprise`` are set (one win is a Dan or a Pick-and-Dan, not both).
    """
    mask = hand_mask(cards)
    own = own_suit_of(element)
    if genius and surprise:
        raise CardError(
            "Genius (a Dan after a draw) and Surprise (a Pick-and-Dan) cannot both apply to one win",
            "genius_with_surprise",
        )
    best = best_reading(mask, own)
    if best is None:
        return None
    reading = best.reading
    flags = {"genius": genius, "surprise": surprise, "last_judgement": last_judgement}
    multipliers = [m for m in MULTIPLIERS if flags[m]]
    total = best.points
    for multiplier in multipliers:
        total *= MULTIPLIERS[multiplier]["factor"]
    return HandResult(
        hand=best.hand,
        base=best.base,
        bonuses=best.bonuses,
        multipliers=multipliers,
        total=total,
        head=reading.head.cards if reading.head else None,
        melds=reading.card_groups,
        majors=reading.majors,
    )


def reading_parts(reading: Mapping[str, Any]) -> list[tuple[str, list[str]]]:
    """A scored reading (``HandResult.to_json()``) as (kind, cards) in the order shown.

    Kinds: ``head`` and ``meld`` (a sephirot hand's three-card melds), ``pair`` (a special
    hand's two-card group, e.g. Center Pillar's), ``group`` (any other group of a special
    hand: the four courts, an Ace, a series) and ``majors``.
    """
    head = reading.get("head")
    parts: list[tuple[str, list[str]]] = [("head", list(head))] if head else []
    for group in reading.get("melds") or ():
        kind = "meld" if head else ("pair" if len(group) == 2 else "group")
        parts.append((kind, list(group)))
    if reading.get("majors"):
        parts.append(("majors", list(reading["majors"])))
    return parts


def is_winning(cards: Iterable[str | Card] | str, element: str) -> bool:
    """Whether 11 cards win (for any element: winning never depends on it)."""
    mask = hand_mask(cards)
    own_suit_of(element)
    return wins(mask)


# --- generated winning hands (benchmarks, tests, bots) ---------------------------

_SPECIAL_LIST = tuple(SPECIAL_HANDS)


def random_winning_hand(rng: random.Random, special_share: float = 0.1) -> list[str]:
    """A random winning hand: a special hand with probability ``special_share``, else a
    sephirot hand (random N, head, derived majors and two melds that fit)."""
    if rng.random() < special_share:
        return list(codes_of(rng.choice(_SPECIAL_LIST)))
    while True:
        n = rng.randrange(1, 11)
        mask = rng.choice(NUMBER_TRIPLES[n]).mask | mask_of(rng.sample(DERIVED_MAJORS[n], 2))
        for meld in rng.sample(ALL_MELDS, 2):
            if mask & meld.mask:
                break
            mask |= meld.mask
        else:
            return list(codes_of(mask))
