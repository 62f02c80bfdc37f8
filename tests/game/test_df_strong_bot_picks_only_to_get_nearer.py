"""The strong Dragon Formula bot's first choice gives up a major for a pick only when the
pick leaves its hand fewer cards from a win (or waiting on more winning cards), not when
it only widens the ways in at the same distance."""

from __future__ import annotations

from dragonformula.rules import strong
from dragonformula.rules.melds import mask_of_codes
from dragonformula.rules.playouts import BIT
from dragonformula.rules.view import view
from tests.game.df_table import act, deal, table


def _window(hand: str, discard: str) -> dict:
    """Seat 2's view of the pick window on seat 0's ``discard``, seat 2 holding ``hand``."""
    state = table(4, [deal(4, {0: discard, 2: hand}, pile="PK")], dan_assist=False)
    state = act(act(state, 0, "draw"), 0, "discard", discard)
    return view(state, 2)


def test_a_pick_that_brings_the_hand_a_card_nearer_is_taken():
    seen = _window("W6 C6 S6 W1 C1 S1 C9 W3 M13 M17", "C3")  # C3 beside W3: a meld in reach
    live = strong.unseen_bits(seen)
    assert strong.standing(mask_of_codes(seen["hand"]), live)[1] == -3
    assert strong.efficient(seen) == {"type": "pick"}


def test_a_pick_that_only_widens_the_ways_in_is_passed():
    seen = _window("W6 C6 S6 W1 C1 S1 C4 S3 M2 M9", "S4")  # S4 beside S3: as far as before
    hand = mask_of_codes(seen["hand"])
    live = strong.unseen_bits(seen)
    majors = [BIT[card] for card in ("M2", "M9")]
    before = strong.standing(hand, live)
    after, _ = strong.best_throw(hand | BIT["S4"], majors, live)
    assert after[:2] == before[:2] and after[3] > before[2]  # more ways in, no nearer
    assert strong.efficient(seen) == {"type": "pass"}
