"""The strong Dragon Formula bot's play-outs follow the table's rules and its seat's view."""

from __future__ import annotations

import random

from dragonformula.rules import strong
from dragonformula.rules.melds import bits_of, mask_of_codes
from dragonformula.rules.playouts import Plan, deal, play_on
from dragonformula.rules.readings import wins
from dragonformula.rules.view import view
from tests.game.df_table import act, all_pass, table
from tests.game.df_table import deal as stacked

WAITING_ON_6 = "W6 C6 S6 W1 C1 S1 W2 C2 S2 M4"  # a major derived from 6 completes it
HEAD_AND_MELDS_OF_5 = "W5 C5 S5 W7 C7 S7 W8 C8 S8 M7"  # a major derived from 5 completes it


def _mask(text: str) -> int:
    return mask_of_codes(text.split())


def test_the_seat_nearest_after_the_discarder_takes_a_winning_discard():
    # M11 (Justice, 5-6) is derived from 6 (M4's) and from 5 (M7's): seats 2 and 3 both win.
    hands = [_mask("W3 C3 S3 P3 W4 C4 S4 P4 W9 C9"), _mask("WP CP SP PP WN CN SN PN WQ CQ")]
    hands += [_mask(WAITING_ON_6), _mask(HEAD_AND_MELDS_OF_5)]
    assert wins(hands[2] | _mask("M11")) and wins(hands[3] | _mask("M11"))
    winner = play_on(hands, [], Plan(hands[0]), 0, 1, _mask("M11"), random.Random(1))
    assert winner == 2


def test_a_seat_that_passed_on_a_discard_does_not_win_with_it():
    hands = [_mask(WAITING_ON_6), _mask("WP CP SP PP WN CN SN PN WQ CQ")]
    hands += [_mask("W3 C3 S3 P3 W4 C4 S4 P4 W9 C9"), _mask("W10 C10 S10 P10 WK CK SK PK P1 P2")]
    winner = play_on(hands, [], Plan(hands[0]), 0, 3, _mask("M9"), random.Random(1), asked=False)
    assert winner is None  # the pile is empty and nobody else wins with M9


def test_the_seat_picks_a_discard_its_readings_want_and_throws_a_spare_major():
    # Seat 0 holds the head of 6, M4 and M9 (both derived from 6) and a spare M21;
    # its readings want C2 for the series C2-C3-C4.
    mine = _mask("W6 C6 S6 C3 C4 M4 M9 M21 P9 PK")
    hands = [mine, _mask("WP CP SP PP WN CN SN PN WQ CQ")]
    hands += [_mask("W3 S3 P3 W4 S4 P4 W9 C9 S9 W10"), _mask("C10 S10 P10 WK CK SK W1 S1 P1 P2")]
    plan = Plan(mine)
    assert plan.wanted & _mask("C2")
    play_on(hands, [], plan, 0, 2, _mask("C2"), random.Random(1))
    assert hands[0] & _mask("C2") and not hands[0] & _mask("M21")
    assert hands[0] & _mask("M4 M9") == _mask("M4 M9")


def test_a_deal_keeps_what_the_seat_saw_and_deals_every_other_card_once():
    state = table(4, [stacked(4, {0: "M3", 1: "M5 W7"}, pile="PK")])
    state = act(act(state, 0, "draw"), 0, "discard", "M3")
    state = all_pass(act(state, 1, "pick"))  # seat 1 takes M3: every seat knows it holds it
    state = act(state, 1, "discard_major", "M5")
    state = all_pass(state)
    seen = view(state, 2)
    hands, pile = deal(seen, random.Random(4))
    assert hands[2] == mask_of_codes(seen["hand"])
    assert hands[1] & _mask("M3")
    assert [hand.bit_count() for hand in hands] == seen["hand_sizes"]
    assert len(pile) == seen["pile_size"]
    held = [bit for hand in hands for bit in bits_of(hand)] + pile
    discarded = [mask_of_codes([card]) for cards in seen["discards"] for card in cards]
    assert len(set(held + discarded)) == len(held) + len(discarded) == 78


def test_the_same_view_always_gets_the_same_decision():
    state = table(4, [stacked(4, {0: "W6 C6 S6 W1 C1 S1 M4 M9 M21"}, pile="PK")])
    state = act(state, 0, "draw")
    seen = view(state, 0)
    first = strong.decide(seen)
    assert all(strong.decide(view(state, 0)) == first for _ in range(3))
    assert first["type"] == "discard"
