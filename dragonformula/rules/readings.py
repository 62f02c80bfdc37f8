"""Every reading of 11 cards (RULES §1.4): :func:`readings` is the one place that divides a
hand into its possible readings (a sephirot hand's head, melds and derived majors, or a
special hand's groups), and :func:`wins` says whether any exists."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from itertools import combinations, product

from .cards import COURTS, SUITS
from .melds import (
    MAJOR_BITS,
    MAJOR_SERIES_MELDS,
    MELD_BY_MASK,
    NUMBER_TRIPLES,
    SUITED_BITS,
    SUITED_MELD_PAIRS,
    Meld,
    mask_of,
)
from .tree import DERIVED_MAJORS, MAJORS_OF_CLASS


@dataclass(frozen=True)
class Reading:
    """One way to read 11 cards as a winning hand.

    ``hand`` is ``"sephirot_N"`` or a special hand's id (the plain one: an own-suit
    elemental hand is told apart when scored). A sephirot reading has ``head`` (the
    triple of N), two ``melds`` and the two derived ``majors``; a special reading has
    its ``groups`` (e.g. the four courts, the Ace and two series of a palace) and majors.
    """

    hand: str
    majors: tuple[str, ...]
    head: Meld | None = None
    melds: tuple[Meld, ...] = ()
    groups: tuple[tuple[str, ...], ...] = ()
    sephira: int | None = None
    suit: str | None = None

    @property
    def card_groups(self) -> list[tuple[str, ...]]:
        """The melds (sephirot, in card order) or groups (special hands) as tuples of codes."""
        if self.head is None:
            return list(self.groups)
        return [meld.cards for meld in sorted(self.melds, key=lambda meld: meld.mask & -meld.mask)]


def _sephirot_majors() -> dict[int, tuple[tuple[int, tuple[str, str], tuple[Meld, ...]], ...]]:
    """Majors (as a mask) → every (N, two majors derived from N, major series) they read as."""
    table: dict[int, list[tuple[int, tuple[str, str], tuple[Meld, ...]]]] = {}
    for n, derived in DERIVED_MAJORS.items():
        for pair in combinations(derived, 2):
            pair_mask = mask_of(pair)
            for count in range(3):
                for series in combinations(MAJOR_SERIES_MELDS, count):
                    mask = pair_mask
                    for meld in series:
                        if mask & meld.mask:
                            break
                        mask |= meld.mask
                    else:
                        table.setdefault(mask, []).append((n, pair, series))
    return {mask: tuple(entries) for mask, entries in table.items()}


SEPHIROT_MAJORS = _sephirot_majors()
_SEPHIROT_NUMBERS: dict[int, tuple[int, ...]] = {
    mask: tuple(sorted({n for n, _, _ in entries})) for mask, entries in SEPHIROT_MAJORS.items()
}


def _special_readings() -> list[Reading]:
    found: list[Reading] = []
    for suit in SUITS:
        courts = tuple(suit + court for court in COURTS)
        for low, high in combinations(range(2, 9), 2):
            if high >= low + 3:
                series = tuple(tuple(f"{suit}{n}" for n in range(s, s + 3)) for s in (low, high))
                groups = (courts, (f"{suit}1",), *series)
                found.append(Reading("elemental_palace", (), groups=groups, suit=suit))
        numbers = tuple(f"{suit}{n}" for n in range(1, 11))
        for court in courts:
            found.append(Reading("elemental_series", (), groups=(numbers, (court,)), suit=suit))
    pillar_majors = ("M2", "M14", "M21")
    for pairs in product(*(list(combinations(SUITS, 2)) for _ in range(4))):
        groups = tuple(
            tuple(suit + str(n) for suit in suits)
            for n, suits in zip((1, 6, 9, 10), pairs, strict=True)
        )
        found.append(Reading("center_pillar", pillar_majors, groups=groups))
    for low in range(12):
        found.append(Reading("straight_major", tuple(f"M{n}" for n in range(low, low + 11))))
    for majors in combinations(MAJORS_OF_CLASS["zodiacal"], 11):
        found.append(Reading("constellation", majors))
    for royal, court, number in (
        ("kingdom_of_princesses", "P", 10),
        ("beauty_of_princes", "N", 6),
        ("understanding_of_queens", "Q", 3),
        ("wisdom_of_kings", "K", 2),
    ):
        groups = (tuple(suit + court for suit in SUITS), tuple(f"{suit}{number}" for suit in SUITS))
        for majors in combinations(DERIVED_MAJORS[number], 3):
            found.append(Reading(royal, majors, groups=groups))
    return found


def _specials_by_mask() -> dict[int, tuple[Reading, ...]]:
    table: dict[int, list[Reading]] = {}
    for reading in _special_readings():
        cards = [code for group in reading.groups for code in group] + list(reading.majors)
        table.setdefault(mask_of(cards), []).append(reading)
    return {mask: tuple(found) for mask, found in table.items()}


SPECIAL_HANDS = _specials_by_mask()


def _sephirot_readings(mask: int) -> Iterator[Reading]:
    suited = mask & SUITED_BITS
    for n, pair, series in SEPHIROT_MAJORS.get(mask & MAJOR_BITS, ()):
        for head in NUMBER_TRIPLES[n]:
            if head.mask & suited != head.mask:
                continue
            rest = suited ^ head.mask
            if not series:
                pairs = SUITED_MELD_PAIRS.get(rest, ())
            elif len(series) == 1:
                meld = MELD_BY_MASK.get(rest)
                pairs = ((meld, series[0]),) if meld else ()
            else:
                pairs = (series,) if not rest else ()
            for melds in pairs:
                yield Reading(f"sephirot_{n}", pair, head=head, melds=melds, sephira=n)


def readings(mask: int) -> Iterator[Reading]:
    """Every reading of the 11 cards in ``mask`` as a winning hand (none if it does not win)."""
    yield from SPECIAL_HANDS.get(mask, ())
    yield from _sephirot_readings(mask)


def wins(mask: int) -> bool:
    """Whether the 11 cards in ``mask`` win: the fast path of :func:`readings`."""
    if mask in SPECIAL_HANDS:
        return True
    numbers = _SEPHIROT_NUMBERS.get(mask & MAJOR_BITS)
    if not numbers:
        return False
    suited = mask & SUITED_BITS
    melds = 3 - ((mask & MAJOR_BITS).bit_count() - 2) // 3  # suited melds incl. the head
    for n in numbers:
        for head in NUMBER_TRIPLES[n]:
            if head.mask & suited == head.mask:
                rest = suited ^ head.mask
                if (
                    (melds == 3 and rest in SUITED_MELD_PAIRS)
                    or (melds == 2 and rest in MELD_BY_MASK)
                    or (melds == 1 and not rest)
                ):
                    return True
    return False
