"""The nearest winning hands: how many cards a hand is from a win, and which hands are
in reach with the cards each lacks. What the calculator tells a hand that does not win,
and what a seat's hints tell it at the table (from its own view only: the cards it may
still take are those it cannot see).

A hand of 10 or 11 cards is ``k`` cards away from a winning hand of 11 when it holds all
but ``k`` of them: it must take those ``k`` and let go of the rest of its own. For each
winning hand (by its id) the search finds its nearest cards: a special hand is one of
some 1,400 fixed sets of cards; a sephirot hand of N is the majors derived from N (with
any major series), the head (a triple of N) and suited melds, each part taken at its
most overlapping with the hand, independently, as the parts never share a card.

The candidates of each kind (the suited melds, the sets of majors of each N and count,
the special hands) are numbered once, at import, and a question about all of them at
once is asked with a bit set over their numbers (bit ``i`` stands for candidate ``i``):
for each card, the candidates holding it; which ones hold none of the cards that may not
be taken; which ones hold at least k of the hand's cards. Of equally overlapping
candidates the first (the lowest number) is chosen, so the cards a reach lacks and lets
go are always the same for the same hand.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from .candidate_sets import (
    cards_held_by_any,
    holders_by_card,
    holding_at_least,
    holding_none,
    lowest_member,
    member_numbers,
    top_level,
)
from .cards import ALL_CARDS
from .hands import HAND_SIZE, best_reading, own_suit_of
from .melds import (
    MAJOR_BITS,
    NUMBER_TRIPLES,
    SUITED_BITS,
    SUITED_MELDS,
    bits_of,
    codes_of,
    mask_of,
    mask_of_codes,
)
from .readings import _SEPHIROT_NUMBERS, SPECIAL_HANDS

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
    hand = _mask(codes)
    if len(codes) not in (HAND_SIZE - 1, HAND_SIZE) or hand.bit_count() != len(codes):
        raise ValueError("A hand to measure has 10 or 11 distinct cards.")
    pool = _EVERY_CARD if unseen is None else _mask(list(unseen))
    return list(_nearest(hand, own_suit_of(element), pool | hand))


@lru_cache(maxsize=2048)
def ways_in(hand: int, allowed: int) -> tuple[int, int]:
    """How many cards the ten-card ``hand`` (a mask) is from its nearest winning hands
    made of ``allowed`` cards (12 when none is in reach), and every card that would bring
    it one nearer (a mask): the cards any of those nearest hands lacks, over every one of
    them (where :func:`nearest_hands` names only the first of equals of each hand id)."""
    held = bits_of(hand)
    barred = bits_of(_EVERY_CARD & ~allowed)
    takeable = allowed & ~hand
    most, ways = -1, 0  # the most cards a winning hand shares with the hand, and its ways in
    specials = holding_none(_EVERY_SPECIAL, _SPECIALS_HOLDING, barred)
    if specials:
        levels = holding_at_least(specials, _SPECIALS_HOLDING, held, HAND_SIZE)
        most = top_level(levels)
        ways = cards_held_by_any(levels[most], _SPECIALS_HOLDING, takeable)
    melds, by_overlap, overall = _allowed_melds(held, barred)
    parts = _majors_at_most(hand & MAJOR_BITS, allowed & MAJOR_BITS)
    for (n, majors), (overlap, sets), head, apart in _with_heads(parts, melds):
        rest = _nearest_rest(by_overlap, apart, overall, _MELDS_BESIDE_HEAD[majors])
        if rest is None:
            continue
        head_mask = _MELD_MASKS[head]
        total = overlap + (head_mask & hand).bit_count() + rest[0]
        if total < most:
            continue
        if total > most:
            most, ways = total, 0
        ways |= cards_held_by_any(sets, _MAJORS_HOLDING[(n, majors)], takeable & MAJOR_BITS)
        ways |= head_mask & ~hand
        ways |= cards_held_by_any(rest[1], _MELDS_HOLDING, takeable & SUITED_BITS)
    if most < 0:
        return HAND_SIZE + 1, 0
    return HAND_SIZE - most, ways


@lru_cache(maxsize=4096)
def _majors_at_most(hand: int, allowed: int) -> tuple[tuple[tuple[int, int], tuple[int, int]], ...]:
    """((N, how many majors), (overlap, sets)): for each part with allowed majors, the
    most majors of the hand its sets hold and the bit set of every set holding that many."""
    return tuple(
        (part, (overlap, nearest))
        for part, _sets, overlap, nearest in _majors_in_reach(hand, allowed)
    )


def _nearest_rest(
    by_overlap: list[int], apart: int, overall: tuple[int, int, int] | None, beside: int
) -> tuple[int, int] | None:
    """The melds beside a head: how many of the hand's cards the best of them hold, and
    the bit set of every meld in some best choice (``None``: no choice is allowed)."""
    if beside == 0:
        return 0, 0
    if beside == 1:
        for overlap in range(3, -1, -1):
            if by_overlap[overlap] & apart:
                return overlap, by_overlap[overlap] & apart
        return None
    pair = _best_pair_apart(by_overlap, apart, overall)
    if pair is None:
        return None
    wanted = pair[0]
    members = 0
    for first_overlap in range(max(0, wanted - 3), min(3, wanted) + 1):
        seconds = by_overlap[wanted - first_overlap] & apart
        for first in member_numbers(by_overlap[first_overlap] & apart):
            partners = seconds & _APART[first]
            if partners:
                members |= 1 << first | partners
    return wanted, members


def _mask(codes: list[str]) -> int:
    """The mask of some cards: canonical codes (a seat's view) straight from the table,
    any other spelling through the parser (which names a bad code)."""
    try:
        return mask_of_codes(codes)
    except ValueError:
        return mask_of(codes)


@lru_cache(maxsize=512)
def _nearest(hand: int, own: str, allowed: int) -> tuple[Reach, ...]:
    """``allowed``: the cards a winning hand may be made of (the hand's and those it may take)."""
    held = bits_of(hand)
    barred = bits_of(_EVERY_CARD & ~allowed)
    # hand id -> (overlap, the winning hand's mask), in the order the hands are first met
    nearest: dict[str, tuple[int, int]] = {}
    for hand_id, overlap, mask in _nearest_specials(held, barred):
        nearest[hand_id] = (overlap, mask)
    for n, overlap, mask in _nearest_sephirot(hand, allowed, held, barred):
        hand_id = f"sephirot_{n}"
        if hand_id not in nearest or nearest[hand_id][0] < overlap:
            nearest[hand_id] = (overlap, mask)
    found = []
    for _overlap, mask in nearest.values():
        scored = _scored(mask, own)
        if scored is not None:  # every mask offered is a winning hand
            hand_id, points = scored
            found.append(
                Reach(
                    hand_id,
                    HAND_SIZE - (mask & hand).bit_count(),
                    codes_of(mask & ~hand),
                    codes_of(hand & ~mask),
                    points,
                )
            )
    return tuple(sorted(found, key=lambda r: (r.away, -r.total, r.hand)))


@lru_cache(maxsize=4096)
def _scored(mask: int, own: str) -> tuple[str, int] | None:
    """The hand id and points of the best reading of a winning hand (``None``: no win)."""
    best = best_reading(mask, own)
    return None if best is None else (best.hand, best.points)


# --- special hands ---------------------------------------------------------------------

_SPECIAL_MASKS = tuple(SPECIAL_HANDS)
_EVERY_SPECIAL = (1 << len(_SPECIAL_MASKS)) - 1
_SPECIALS_HOLDING = holders_by_card(_SPECIAL_MASKS)


def _specials_by_hand() -> tuple[tuple[str, int], ...]:
    sets: dict[str, int] = {}
    for place, readings in enumerate(SPECIAL_HANDS.values()):
        sets[readings[0].hand] = sets.get(readings[0].hand, 0) | 1 << place
    return tuple(sets.items())


# Each special hand's id with the bit set of its card sets (by their place in SPECIAL_HANDS).
_SPECIALS_BY_HAND = _specials_by_hand()


def _nearest_specials(held: list[int], barred: list[int]) -> Iterator[tuple[str, int, int]]:
    """Each special hand with an allowed card set, at its most overlapping with the hand
    (the first of equals): (hand id, overlap, mask), in the order of their first allowed
    card sets."""
    allowed = holding_none(_EVERY_SPECIAL, _SPECIALS_HOLDING, barred)
    if not allowed:
        return
    levels = holding_at_least(allowed, _SPECIALS_HOLDING, held, HAND_SIZE)
    top = top_level(levels)
    in_reach = sorted(
        (lowest_member(sets & allowed), hand_id, sets)
        for hand_id, sets in _SPECIALS_BY_HAND
        if sets & allowed
    )
    for _first, hand_id, sets in in_reach:
        overlap = top
        while not levels[overlap] & sets:
            overlap -= 1
        yield hand_id, overlap, _SPECIAL_MASKS[lowest_member(levels[overlap] & sets)]


# --- sephirot hands: majors ------------------------------------------------------------


def _majors_by_part() -> dict[tuple[int, int], tuple[tuple[int, ...], tuple[int, ...]]]:
    parts: dict[tuple[int, int], list[tuple[int, int]]] = {}
    for place, (mask, numbers) in enumerate(_SEPHIROT_NUMBERS.items()):
        for n in numbers:
            parts.setdefault((n, mask.bit_count()), []).append((place, mask))
    return {
        part: (tuple(place for place, _ in found), tuple(mask for _, mask in found))
        for part, found in parts.items()
    }


# (N, how many majors) -> every set of majors a sephirot hand of N may hold: their places
# in the order all of them are searched in, and their masks (the sets are numbered in
# that order).
_MAJORS_BY_PART = _majors_by_part()
# (N, how many majors) -> each major (as its bit) -> the bit set of the part's sets holding it.
_MAJORS_HOLDING = {
    part: holders_by_card(masks) for part, (_places, masks) in _MAJORS_BY_PART.items()
}


@lru_cache(maxsize=4096)
def _best_majors(hand: int, allowed: int) -> tuple[tuple[tuple[int, int], tuple[int, int]], ...]:
    """((N, how many majors), (overlap, mask)): the allowed majors of a sephirot hand of N
    overlapping the hand most, the first of equals; the parts in the order their first
    allowed majors come in. Only majors count (``hand`` and ``allowed`` are the majors
    held and allowed), so a hand whose majors and whose unseen majors did not change
    since a card went by is answered from memory."""
    found: list[tuple[int, tuple[int, int], tuple[int, int]]] = []
    for part, sets, overlap, nearest in _majors_in_reach(hand, allowed):
        places, masks = _MAJORS_BY_PART[part]
        found.append((places[lowest_member(sets)], part, (overlap, masks[lowest_member(nearest)])))
    return tuple((part, best) for _first, part, best in sorted(found))


def _majors_in_reach(hand: int, allowed: int) -> Iterator[tuple[tuple[int, int], int, int, int]]:
    """For each part (N, how many majors) with allowed sets of majors: the part, the bit
    set of those sets, the most of the hand's majors one of them holds, and the bit set
    of the sets holding that many."""
    held = bits_of(hand)
    barred = bits_of(MAJOR_BITS & ~allowed)
    for part, (_places, masks) in _MAJORS_BY_PART.items():
        holders = _MAJORS_HOLDING[part]
        sets = holding_none((1 << len(masks)) - 1, holders, barred)
        if not sets:
            continue
        levels = holding_at_least(sets, holders, held, min(len(held), part[1]))
        overlap = top_level(levels)
        yield part, sets, overlap, levels[overlap]


# --- sephirot hands: head and suited melds -----------------------------------------------

_MELD_MASKS = tuple(meld.mask for meld in SUITED_MELDS)
_EVERY_MELD = (1 << len(_MELD_MASKS)) - 1
_MELDS_HOLDING = holders_by_card(_MELD_MASKS)
# Each suited meld (by its number) -> the bit set of the melds sharing no card with it.
_APART = tuple(
    sum(1 << place for place, other in enumerate(_MELD_MASKS) if not other & mask)
    for mask in _MELD_MASKS
)
# N -> the numbers of its triples (the heads of a sephirot hand of N) among the melds.
_HEADS = {
    n: tuple(_MELD_MASKS.index(head.mask) for head in heads) for n, heads in NUMBER_TRIPLES.items()
}


def _nearest_sephirot(
    hand: int, allowed: int, held: list[int], barred: list[int]
) -> Iterator[tuple[int, int, int]]:
    """For each sephirot hand of N with allowed majors, each allowed head and its allowed
    melds beside it: (N, overlap, mask); each head's melds at their most overlapping, the
    parts in the order the majors come in, then the heads in their order."""
    melds, by_overlap, overall = _allowed_melds(held, barred)
    parts = _best_majors(hand & MAJOR_BITS, allowed & MAJOR_BITS)
    for (n, majors), (overlap, mask), head, apart in _with_heads(parts, melds):
        beside = _MELDS_BESIDE_HEAD[majors]
        if beside == 0:
            rest: tuple[int, int] | None = (0, 0)
        elif beside == 1:
            rest = _best_meld(by_overlap, apart)
        else:
            rest = _best_pair_apart(by_overlap, apart, overall)
        if rest is not None:
            head_mask = _MELD_MASKS[head]
            total = overlap + (head_mask & hand).bit_count() + rest[0]
            yield n, total, mask | head_mask | rest[1]


def _with_heads(
    parts: tuple[tuple[tuple[int, int], tuple[int, int]], ...], melds: int
) -> Iterator[tuple[tuple[int, int], tuple[int, int], int, int]]:
    """Each part of majors (as given) with each allowed head of its N, in order: (part,
    its majors, the head's number, the bit set of the allowed melds apart from the head)."""
    for part, majors in parts:
        for head in _HEADS[part[0]]:
            if melds >> head & 1:
                yield part, majors, head, melds & _APART[head]


def _allowed_melds(
    held: list[int], barred: list[int]
) -> tuple[int, list[int], tuple[int, int, int] | None]:
    """The suited melds holding no barred card (a bit set), those of them holding exactly
    k of the ``held`` cards (by k, 0 to 3), and the best pair of them (:func:`_best_pair`)."""
    melds = holding_none(_EVERY_MELD, _MELDS_HOLDING, [bit for bit in barred if bit & SUITED_BITS])
    at_least = holding_at_least(
        melds, _MELDS_HOLDING, [bit for bit in held if bit & SUITED_BITS], 3
    )
    by_overlap = [at_least[k] & ~at_least[k + 1] for k in range(3)] + [at_least[3]]
    return melds, by_overlap, _best_pair(by_overlap, melds)


def _best_meld(by_overlap: list[int], among: int) -> tuple[int, int] | None:
    """The meld of ``among`` that overlaps the hand most, the first of equals: (overlap, mask)."""
    for overlap in range(3, -1, -1):
        melds = by_overlap[overlap] & among
        if melds:
            return overlap, _MELD_MASKS[lowest_member(melds)]
    return None


def _best_pair_apart(
    by_overlap: list[int], among: int, overall: tuple[int, int, int] | None
) -> tuple[int, int] | None:
    """Two melds of ``among`` sharing no card that overlap the hand most, as
    :func:`_best_pair` chooses them: (overlap, mask). ``overall`` is the best pair of all
    the allowed melds (``None``: there is none): when both its melds are among these, no
    pair of them overlaps more or comes first among equals."""
    if overall is None:
        return None
    if not (among >> overall[1] & among >> overall[2] & 1):
        overall = _best_pair(by_overlap, among)
        if overall is None:
            return None
    overlap, first, second = overall
    return overlap, _MELD_MASKS[first] | _MELD_MASKS[second]


def _best_pair(by_overlap: list[int], among: int) -> tuple[int, int, int] | None:
    """Two melds of ``among`` sharing no card that overlap the hand most, the first of
    equals (the first first meld, then the first second one): (overlap, the first's
    number, the second's), or ``None``."""
    if not among:
        return None
    levels = [melds & among for melds in by_overlap]
    for wanted in range(2 * top_level(levels), -1, -1):  # the pair's overlap, the most first
        pair: tuple[int, int] | None = None
        # The first meld of a pair overlapping by ``wanted`` overlaps by ``first_overlap``,
        # the second by the rest: the first such first meld with a later meld apart from
        # it, over every split of ``wanted``.
        for first_overlap in range(max(0, wanted - 3), min(3, wanted) + 1):
            firsts, seconds = levels[first_overlap], levels[wanted - first_overlap]
            while firsts and seconds:
                low = firsts & -firsts
                first = low.bit_length() - 1
                if pair is not None and first > pair[0]:
                    break
                partners = seconds & _APART[first] & -(low << 1)  # the melds after the first
                if partners:
                    pair = (first, lowest_member(partners))
                    break
                firsts ^= low
        if pair is not None:
            return wanted, *pair
    return None
