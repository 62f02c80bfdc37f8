"""Bit sets over numbered candidates (the suited melds, the sets of majors of each N and
count, the special hands; ``nearest``): bit ``i`` stands for candidate ``i``, so a question
about all of them at once is a few integer operations: for each card, the candidates holding
it; which hold none of some cards; which hold at least k of them."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from .melds import bits_of


def cards_held_by_any(members: int, holders: dict[int, int], cards: int) -> int:
    """The ``cards`` (a mask) that at least one of ``members`` holds."""
    return sum(bit for bit in bits_of(cards) if holders.get(bit, 0) & members)


def member_numbers(members: int) -> Iterator[int]:
    """The numbers of a bit set's members, lowest first."""
    while members:
        low = members & -members
        yield low.bit_length() - 1
        members ^= low


def holders_by_card(masks: Sequence[int]) -> dict[int, int]:
    """Each card (as its bit) -> the bit set of the ``masks`` (by their place) holding it."""
    holders: dict[int, int] = {}
    for place, mask in enumerate(masks):
        for bit in bits_of(mask):
            holders[bit] = holders.get(bit, 0) | 1 << place
    return holders


def holding_none(members: int, holders: dict[int, int], cards: list[int]) -> int:
    """The ``members`` that hold none of ``cards`` (bits)."""
    for bit in cards:
        members &= ~holders.get(bit, 0)
    return members


def holding_at_least(
    members: int, holders: dict[int, int], cards: list[int], most: int
) -> list[int]:
    """``levels[k]`` for k from 0 to ``most``: the ``members`` that hold at least k of
    ``cards`` (bits)."""
    levels = [members] + [0] * most
    for count, bit in enumerate(cards, 1):
        holding = holders.get(bit, 0)
        for k in range(min(count, most), 0, -1):
            levels[k] |= levels[k - 1] & holding
    return levels


def top_level(levels: list[int]) -> int:
    """The highest non-empty level (one of them is not empty)."""
    top = len(levels) - 1
    while not levels[top]:
        top -= 1
    return top


def lowest_member(members: int) -> int:
    """The number of the first member of a non-empty bit set."""
    return (members & -members).bit_length() - 1
