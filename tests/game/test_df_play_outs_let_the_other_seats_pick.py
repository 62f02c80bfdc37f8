"""In the strong Dragon Formula bot's play-outs the other seats pick discards too, as the
smart bots at a real table do (about one discard in six), and a discard goes to the seat
nearest after the discarder that wants it, whether to win or to pick (RULES §1.5)."""

from __future__ import annotations

import random

from dragonformula.rules.melds import mask_of_codes
from dragonformula.rules.playouts import Plan, picks_up, play_on
from dragonformula.rules.readings import wins

# Seat 2 waits on C2 or C5: the head of 6, M4 and M9 (derived from 6), W1-C1-S1 and C3-C4.
WAITS_ON_C2 = "W6 C6 S6 M4 M9 W1 C1 S1 C3 C4"
# Seat 1 holds W2 and S2 (C2 makes the meld of 2s) and one major to give up.
PICKS_C2 = "W2 S2 M21 P9 PK WQ SN P7 W8 S10"
NOTHING_TO_DO = "WP CP SP PP WN CN PN CQ PQ CK"
DISCARDER = "W3 S3 P3 W4 S4 P4 W9 C9 S9 W10"


def _mask(text: str) -> int:
    return mask_of_codes(text.split())


def _hands(first: str) -> list[int]:
    return [_mask(DISCARDER), _mask(first), _mask(WAITS_ON_C2), _mask(NOTHING_TO_DO)]


def test_another_seat_picks_a_discard_that_makes_a_meld_and_gives_up_a_major():
    assert picks_up(_mask(PICKS_C2), _mask("C2"))
    assert not picks_up(_mask(PICKS_C2.replace("M21", "W5")), _mask("C2"))  # no major
    assert not picks_up(_mask(PICKS_C2), _mask("C7"))  # no meld with two of its cards


def test_a_nearer_pick_takes_the_discard_a_farther_seat_would_win_with():
    hands = _hands(PICKS_C2)
    assert wins(hands[2] | _mask("C2"))
    winner = play_on(hands, [], Plan(hands[0]), 0, 0, _mask("C2"), random.Random(1))
    assert winner is None  # seat 1 took C2; nobody wins with M21, and the pile is empty
    assert hands[1] & _mask("C2") and not hands[1] & _mask("M21")


def test_without_the_pick_the_farther_seat_wins():
    hands = _hands(PICKS_C2.replace("M21", "W5"))  # seat 1 has no major to pick with
    winner = play_on(hands, [], Plan(hands[0]), 0, 0, _mask("C2"), random.Random(1))
    assert winner == 2


def test_after_so_many_picks_in_a_play_out_nobody_picks():
    hands = _hands(PICKS_C2)
    winner = play_on(hands, [], Plan(hands[0]), 0, 0, _mask("C2"), random.Random(1), picks=0)
    assert winner == 2
    assert hands[1] == _mask(PICKS_C2)
