"""Which discards another seat could still win with, read from one seat's view.

A card completes another seat's winning hand only as part of a meld (its head or one of
its melds) whose other two cards that seat holds, or, for a major, as one of the two
majors derived from the sephira whose head that seat holds. A seat cannot see the
others' hands, but it sees every discard pile and its own hand: a meld with a card among
those can never be completed by anyone else. :func:`danger` counts the melds and heads a
card could still complete from the cards the others may hold or draw
(:func:`others_may_hold`); a card whose count is 0 is safe from every sephirot hand.
"""

from __future__ import annotations

from dragonformula.rules.hidden_deals import known_cards, unseen
from dragonformula.rules.melds import MELD_MASKS_WITH_CARD, NUMBER_TRIPLES, mask_of_codes
from dragonformula.rules.tree import DERIVED_MAJORS
from games.engine import View


def _heads_by_major() -> dict[int, tuple[int, ...]]:
    found: dict[int, list[int]] = {}
    for sephira, majors in DERIVED_MAJORS.items():
        for major in majors:
            found.setdefault(mask_of_codes((major,)), []).extend(
                meld.mask for meld in NUMBER_TRIPLES[sephira]
            )
    return {bit: tuple(masks) for bit, masks in found.items()}


_HEADS = _heads_by_major()


def others_may_hold(view: View) -> int:
    """The cards (a mask) another seat may hold or draw: those the seat cannot see, and
    those another seat is known to hold (picked and not discarded since)."""
    known = known_cards(view)
    cards = set(unseen(view, known))
    for other, held in enumerate(known):
        if other != view["seat"]:
            cards |= held
    return mask_of_codes(cards)


def danger(card: int, others: int) -> int:
    """How many melds the ``card`` (a bit) could still complete in another seat's hand,
    and for a major how many heads it could stand beside, given the cards ``others`` may
    hold (a mask)."""
    count = sum(1 for meld in MELD_MASKS_WITH_CARD[card] if not (meld ^ card) & ~others)
    return count + sum(1 for head in _HEADS.get(card, ()) if not head & ~others)
