"""The strong Dragon Formula bot's first choice keeps its majors when a suited throw
leaves the hand as near a win: a major kept is a pick the seat can still make, so it
weighs more than a wider choice of ways in."""

from __future__ import annotations

from dragonformula.rules import strong
from dragonformula.rules.melds import MAJOR_BITS, bits_of, mask_of_codes

EVERY_CARD = (1 << 78) - 1
# Four cards from a win whichever of M0 and SP goes; M0 gone leaves more ways in.
HAND = "C7 C8 CN M0 M10 M14 M18 PN S7 SP W4"
# Waiting on a major derived from 6 once M20 goes (M4 is one of its majors).
STRAY = "W6 C6 S6 W1 C1 S1 W2 C2 S2 M4 M20"


def test_a_suited_throw_goes_before_a_major_that_leaves_more_ways_in():
    hand = mask_of_codes(HAND.split())
    live = bits_of(EVERY_CARD & ~hand)
    major, suited = mask_of_codes(["M0"]), mask_of_codes(["SP"])
    without_major = strong.rank(hand, major, live)
    without_suited = strong.rank(hand, suited, live)
    assert without_major[:2] == without_suited[:2]  # as near either way
    assert without_major[3] > without_suited[3]  # the major's throw leaves more ways in
    _, thrown = strong.best_throw(hand, bits_of(hand), live)
    assert not thrown & MAJOR_BITS


def test_a_major_goes_when_keeping_it_leaves_the_hand_farther():
    hand = mask_of_codes(STRAY.split())
    live = bits_of(EVERY_CARD & ~hand)
    _, thrown = strong.best_throw(hand, bits_of(hand), live)
    assert thrown == mask_of_codes(["M20"])
