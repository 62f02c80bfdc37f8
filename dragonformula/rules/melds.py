"""Melds, 三枚組 (RULES §1.3): triples, series, court series and major series.

Every possible meld is listed once, at import, with its card set as a bit mask over
:data:`~dragonformula.rules.cards.ALL_CARDS` (bit ``i`` is ``ALL_CARDS[i]``), so the
hand evaluator can look melds up instead of searching for them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from itertools import combinations

from .cards import ALL_CARDS, COURTS, INDEX, SUITS, Card, card

TRIPLE = "triple"
SERIES = "series"
COURT_SERIES = "court_series"
MAJOR_SERIES = "major_series"

BIT: dict[str | Card, int] = {code: 1 << i for i, code in enumerate(ALL_CARDS)}
BIT.update({Card(code): bit for code, bit in list(BIT.items())})
MAJOR_BITS = sum(1 << INDEX[f"M{n}"] for n in range(22))
SUITED_BITS = (1 << len(ALL_CARDS)) - 1 - MAJOR_BITS


def mask_of(codes: Iterable[str | Card]) -> int:
    """The bit mask of some cards."""
    mask = 0
    for code in codes:
        mask |= BIT[card(code).code]
    return mask


def mask_of_codes(codes: Iterable[str]) -> int:
    """The bit mask of canonical card codes (``"W3"``, ``"M12"``, as the engine stores them):
    the fast path of :func:`mask_of`; ``ValueError`` names a code that is not canonical."""
    mask = 0
    for code in codes:
        bit = BIT.get(code) if isinstance(code, str) else None
        if bit is None:
            raise ValueError(f"not a canonical card code: {code!r}")
        mask |= bit
    return mask


def codes_of(mask: int) -> tuple[str, ...]:
    """The codes in a bit mask, in canonical order."""
    codes = []
    while mask:
        low = mask & -mask
        codes.append(ALL_CARDS[low.bit_length() - 1])
        mask ^= low
    return tuple(codes)


def bits_of(mask: int) -> list[int]:
    """The single bits of a mask (one per card), lowest first."""
    bits = []
    while mask:
        low = mask & -mask
        bits.append(low)
        mask ^= low
    return bits


@dataclass(frozen=True)
class Meld:
    """Three cards that go together. ``rank`` is the number (or court rank 11–14) of a
    triple, the lowest rank of a series or court series, the lowest number of a major
    series; ``suits`` are the suits the meld's cards come from."""

    kind: str
    cards: tuple[str, ...]
    mask: int
    rank: int
    suits: frozenset[str]

    @property
    def is_number_triple(self) -> bool:
        return self.kind == TRIPLE and self.rank <= 10

    @property
    def suit(self) -> str | None:
        """The one suit of a series or court series (``None`` for triples and majors)."""
        return next(iter(self.suits)) if self.kind in (SERIES, COURT_SERIES) else None


def _meld(kind: str, codes: Iterable[str]) -> Meld:
    cards = tuple(sorted(codes, key=INDEX.__getitem__))
    ranks = [Card(code).rank for code in cards]
    return Meld(kind, cards, mask_of(cards), min(ranks), frozenset(code[0] for code in cards))


def _all_melds() -> tuple[Meld, ...]:
    melds: list[Meld] = []
    for tail in (*(str(n) for n in range(1, 11)), *COURTS):
        for suits in combinations(SUITS, 3):
            melds.append(_meld(TRIPLE, (suit + tail for suit in suits)))
    for suit in SUITS:
        for low in range(1, 9):
            melds.append(_meld(SERIES, (f"{suit}{n}" for n in range(low, low + 3))))
        for low in range(2):
            melds.append(_meld(COURT_SERIES, (suit + court for court in COURTS[low : low + 3])))
    for low in range(20):
        melds.append(_meld(MAJOR_SERIES, (f"M{n}" for n in range(low, low + 3))))
    return tuple(melds)


ALL_MELDS: tuple[Meld, ...] = _all_melds()
MELD_BY_MASK: dict[int, Meld] = {meld.mask: meld for meld in ALL_MELDS}
SUITED_MELDS: tuple[Meld, ...] = tuple(m for m in ALL_MELDS if m.kind != MAJOR_SERIES)
MAJOR_SERIES_MELDS: tuple[Meld, ...] = tuple(m for m in ALL_MELDS if m.kind == MAJOR_SERIES)

MELDS_WITH_CARD: dict[str, tuple[Meld, ...]] = {
    code: tuple(meld for meld in ALL_MELDS if code in meld.cards) for code in ALL_CARDS
}
"""Every meld that uses a card, by the card's canonical code (see :func:`melds_with_card`)."""


MELD_MASKS_WITH_CARD: dict[int, tuple[int, ...]] = {
    mask_of_codes((code,)): tuple(meld.mask for meld in melds)
    for code, melds in MELDS_WITH_CARD.items()
}
"""Every meld's mask that uses a card, by the card's bit: for questions asked of masks."""


def melds_with_card(code: str | Card) -> tuple[Meld, ...]:
    """Every meld that uses the card ``code`` (any case); ``ValueError`` for a bad code."""
    return MELDS_WITH_CARD[card(code).code]


NUMBER_TRIPLES: dict[int, tuple[Meld, ...]] = {
    n: tuple(m for m in ALL_MELDS if m.kind == TRIPLE and m.rank == n) for n in range(1, 11)
}
"""The four possible triples of each number 1–10 (the candidate heads of a sephirot hand)."""


def _suited_pairs() -> dict[int, tuple[tuple[Meld, Meld], ...]]:
    pairs: dict[int, list[tuple[Meld, Meld]]] = {}
    for first, second in combinations(SUITED_MELDS, 2):
        if not first.mask & second.mask:
            pairs.setdefault(first.mask | second.mask, []).append((first, second))
    return {mask: tuple(found) for mask, found in pairs.items()}


SUITED_MELD_PAIRS: dict[int, tuple[tuple[Meld, Meld], ...]] = _suited_pairs()
"""Six suited cards (as a mask) → every way to read them as two melds."""


def meld_of(cards: Iterable[str | Card]) -> Meld | None:
    """The meld three cards form, or ``None`` if they form none."""
    codes = [card(c).code for c in cards]
    if len(codes) != 3 or len(set(codes)) != 3:
        return None
    return MELD_BY_MASK.get(mask_of(codes))
