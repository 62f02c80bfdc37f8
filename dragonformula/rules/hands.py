"""Winning hands, 上がり (RULES §1.4): every reading of 11 cards, and what each scores.

Built like a mahjong hand calculator: :func:`readings` is the one place that divides a
hand into its possible readings (a sephirot hand's head, melds and derived majors, or
a special hand's groups); :data:`BONUS_RULES` is the one table of sephirot bonuses, one
small condition each. The best-scoring reading wins.

The points, the replacements between bonuses, the multipliers' factors and every name
come from ``seeds/df_hands.json``; the conditions live here.

Cards are handled as bit masks (see :mod:`.melds`); all the possible melds, major
groups and special hands are tabled once, so checking a hand is a few dict look-ups.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from itertools import combinations, product
from typing import Any

from .cards import COURTS, OWN_SUIT, SUITS, Card, CardError, load_seed, parse_cards
from .melds import (
    ALL_MELDS,
    COURT_SERIES,
    MAJOR_BITS,
    MAJOR_SERIES_MELDS,
    MELD_BY_MASK,
    NUMBER_TRIPLES,
    SERIES,
    SUITED_BITS,
    SUITED_MELD_PAIRS,
    TRIPLE,
    Meld,
    codes_of,
    mask_of,
    mask_of_codes,
)
from .tree import DERIVED_MAJORS, MAJORS_OF_CLASS, PATHS

HAND_SIZE = 11

# --- the scoring table (seeds/df_hands.json) -----------------------------------

_TABLE: dict[str, Any] = load_seed("df_hands.json")
HANDS: dict[str, dict[str, Any]] = {entry["id"]: entry for entry in _TABLE["hands"]}
BONUSES: dict[str, dict[str, Any]] = {entry["id"]: entry for entry in _TABLE["bonuses"]}
MULTIPLIERS: dict[str, dict[str, Any]] = {entry["id"]: entry for entry in _TABLE["multipliers"]}


def _term(table: dict[str, dict[str, Any]], kind: str, term_id: str) -> dict[str, Any]:
    if term_id not in table:
        raise ValueError(f"unknown {kind} id {term_id!r}")
    return table[term_id]


def hand_name(hand_id: str, lang: str = "ja") -> str:
    """The name of a hand id (``"sephirot_6"``, ``"center_pillar"`` …) in ``"ja"`` or ``"en"``."""
    return _term(HANDS, "hand", hand_id)["name_en" if lang.startswith("en") else "name_ja"]


def bonus_name(bonus_id: str, lang: str = "ja") -> str:
    return _term(BONUSES, "bonus", bonus_id)["name_en" if lang.startswith("en") else "name_ja"]


def multiplier_name(multiplier_id: str, lang: str = "ja") -> str:
    entry = _term(MULTIPLIERS, "multiplier", multiplier_id)
    return entry["name_en" if lang.startswith("en") else "name_ja"]


def hand_points(hand_id: str) -> int:
    return _term(HANDS, "hand", hand_id)["points"]


def bonus_points(bonus_id: str) -> int:
    return _term(BONUSES, "bonus", bonus_id)["points"]


def multiplier_factor(multiplier_id: str) -> int:
    return _term(MULTIPLIERS, "multiplier", multiplier_id)["factor"]


def scoring_table() -> dict[str, Any]:
    """The whole table of hands, bonuses and multipliers with ja/en names and points."""
    return {
        "hands": [dict(entry) for entry in HANDS.values()],
        "bonuses": [dict(entry, replaces=list(entry["replaces"])) for entry in BONUSES.values()],
        "multipliers": [dict(entry) for entry in MULTIPLIERS.values()],
    }


# --- readings -----------------------------------------------------------------


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


# --- the bonuses of sephirot hands --------------------------------------------

PLANETARY_BITS = mask_of(MAJORS_OF_CLASS["planetary"])
MATERIAL_BITS = mask_of(("M0", "M12", "M20"))


@dataclass(frozen=True)
class Context:
    """What a bonus condition looks at: the reading, the whole hand, the owner's suit."""

    reading: Reading
    mask: int
    own_suit: str


def _triangle(ctx: Context) -> frozenset[int] | None:
    """The three numbers a, b, c of a triangle, if the reading is one."""
    reading = ctx.reading
    triples = (reading.head, *reading.melds)
    if not all(meld is not None and meld.is_number_triple for meld in triples):
        return None
    numbers = frozenset(meld.rank for meld in triples if meld is not None)
    if len(numbers) != 3:
        return None
    ends = {end for code in reading.majors for end in PATHS[code].sephiroth}
    return numbers if ends == numbers else None


def _triple_series(ctx: Context) -> bool:
    triples = (ctx.reading.head, *ctx.reading.melds)
    if not all(meld is not None and meld.is_number_triple for meld in triples):
        return False
    ranks = sorted(meld.rank for meld in triples if meld is not None)
    suits = {meld.suits for meld in triples if meld is not None}
    return ranks == list(range(ranks[0], ranks[0] + 3)) and len(suits) == 1


def _my_series(ctx: Context) -> bool:
    own = ctx.own_suit
    if any(meld.kind == SERIES and own in meld.suits for meld in ctx.reading.melds):
        return True
    head = ctx.reading.head
    # Decision: in a triple-series hand the series reading counts.
    return head is not None and own in head.suits and _triple_series(ctx)


def _my_court_series(ctx: Context) -> bool:
    return any(m.kind == COURT_SERIES and ctx.own_suit in m.suits for m in ctx.reading.melds)


def _three_triples(ctx: Context) -> bool:
    return all(meld.kind == TRIPLE for meld in ctx.reading.melds)


def _order(*numbers: int) -> Callable[[Context], bool]:
    wanted = frozenset(numbers)

    def condition(ctx: Context) -> bool:
        return _triangle(ctx) == wanted

    return condition


BONUS_RULES: tuple[tuple[str, Callable[[Context], bool]], ...] = (
    ("my_series", _my_series),
    ("my_court_series", _my_court_series),
    ("three_triples", _three_triples),
    ("material", lambda ctx: ctx.mask & MATERIAL_BITS == MATERIAL_BITS),
    ("triangle", lambda ctx: _triangle(ctx) is not None),
    ("planetary", lambda ctx: ctx.mask & PLANETARY_BITS == PLANETARY_BITS),
    ("triple_series", _triple_series),
    ("first_order", _order(7, 8, 9)),
    ("second_order", _order(4, 5, 6)),
    ("third_order", _order(1, 2, 3)),
    ("pillar_of_mercy", _order(3, 5, 8)),
    ("pillar_of_severity", _order(2, 4, 7)),
)
"""Each sephirot bonus and its condition; points and replacements come from the seed table."""

if [bonus_id for bonus_id, _ in BONUS_RULES] != list(BONUSES):
    raise RuntimeError("seeds/df_hands.json and BONUS_RULES list different bonuses")


def sephirot_bonuses(ctx: Context) -> list[str]:
    """The bonus ids a sephirot reading earns, each once, after the replacements."""
    earned = [bonus_id for bonus_id, condition in BONUS_RULES if condition(ctx)]
    replaced = {old for bonus_id in earned for old in BONUSES[bonus_id]["replaces"]}
    return [bonus_id for bonus_id in earned if bonus_id not in replaced]


def hand_id(reading: Reading, own_suit: str) -> str:
    """The scored hand id: an elemental palace or series in the own suit is the ``my_`` one."""
    if reading.suit is not None and reading.suit == own_suit:
        return "my_" + reading.hand
    return reading.hand


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
