"""The meld index the smart bot plans with: every meld a card is in, and hand masks by code."""

from __future__ import annotations

from itertools import combinations

import pytest

from dragonformula.rules.cards import ALL_CARDS
from dragonformula.rules.melds import mask_of, mask_of_codes, meld_of, melds_with_card


@pytest.mark.parametrize(
    ("code", "count"),
    [("W5", 6), ("W1", 4), ("W10", 4), ("WQ", 5), ("WP", 4), ("M0", 1), ("M1", 2), ("M10", 3)],
)
def test_melds_with_a_card_are_every_meld_that_uses_it(code, count):
    others = [c for c in ALL_CARDS if c != code]
    expected = set()
    for pair in combinations(others, 2):
        meld = meld_of((code, *pair))
        if meld is not None:
            expected.add(meld)
    found = melds_with_card(code)
    assert set(found) == expected and len(found) == count
    assert melds_with_card(code.lower()) == found


def test_mask_of_codes_is_mask_of_for_canonical_codes_and_names_a_bad_one():
    hand = ["W1", "CK", "M21", "P10"]
    assert mask_of_codes(hand) == mask_of(hand)
    assert mask_of_codes([]) == 0
    with pytest.raises(ValueError, match="w1"):
        mask_of_codes(["w1"])
    with pytest.raises(ValueError, match="unknown"):
        melds_with_card("X9")
