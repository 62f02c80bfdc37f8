"""The bonuses of sephirot hands: :data:`BONUS_RULES` is the one table of them, one small
condition each; the replacements between bonuses come from the scoring table."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .melds import (
    COURT_SERIES,
    SERIES,
    TRIPLE,
    mask_of,
)
from .readings import Reading
from .score_table import BONUSES
from .tree import MAJORS_OF_CLASS, PATHS

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
