"""Late in a game the strong Dragon Formula bot stops feeding the other seats: a hand that
no longer waits on a win throws a card no one else can still use, one that waits keeps
waiting; what the others may hold comes from the seat's view alone."""

from __future__ import annotations

from dragonformula.rules import strong
from dragonformula.rules.melds import bits_of, mask_of_codes
from dragonformula.rules.safety import danger, others_may_hold
from dragonformula.rules.view import view
from tests.game.df_table import act, deal, table

EVERY_CARD = (1 << 78) - 1
# Eleven cards far from any win. P3's melds all hold a card the seat has seen (W3 C3 S3,
# P1 P2 P4 P5), as do W1's (W2 is its own, C1 S1 P1 are seen); M10 is live for others.
FAR = "W1 W2 C5 C6 P8 SK PP PN M0 M10 P3"
SEEN = "W3 C3 S3 P1 P2 P4 P5 C1 S1 W4 P6 P7"
# Waiting on a major derived from 6, with P5 drawn: throwing P5 keeps the wait.
WAITING = "W6 C6 S6 W1 C1 S1 W2 C2 S2 M4 P5"


def _mask(text: str) -> int:
    return mask_of_codes(text.split())


def _throws(hand_text: str, seen_text: str) -> tuple[int, int, int]:
    """The throw early in a game, the throw late, and the cards the others may hold."""
    hand = _mask(hand_text)
    others = EVERY_CARD & ~hand & ~_mask(seen_text)
    live = bits_of(others)
    early = strong.best_throw(hand, bits_of(hand), live)[1]
    late = strong.best_throw(hand, bits_of(hand), live, others)[1]
    return early, late, others


def test_a_late_hand_that_waits_on_nothing_throws_a_card_no_other_seat_can_use():
    early, late, others = _throws(FAR, SEEN)
    assert danger(early, others) > 0  # early on, the hand's own progress comes first
    assert danger(late, others) == 0
    assert late in (_mask("P3"), _mask("W1"))


def test_a_late_hand_that_waits_on_a_win_keeps_waiting_whatever_it_feeds():
    hand = _mask(WAITING)
    _, late, others = _throws(WAITING, SEEN)
    assert late == _mask("P5")
    assert danger(late, others) > min(danger(bit, others) for bit in bits_of(hand))
    assert strong.standing(hand ^ late, bits_of(others))[0] > 0  # still waiting


def test_every_card_could_feed_someone_while_nothing_is_seen():
    assert danger(_mask("W5"), EVERY_CARD) == 6  # three triples, three series
    assert danger(_mask("M7"), EVERY_CARD) == 11  # three major series, heads of 3 and 5
    # With C5, W4 and W6 seen, only the triple W5 S5 P5 is left.
    assert danger(_mask("W5"), EVERY_CARD & ~_mask("C5 W4 W6")) == 1


def test_the_others_may_hold_what_the_seat_cannot_see_and_what_they_picked():
    state = table(4, [deal(4, {0: "M3 PK", 1: "M9"}, pile="P9")])
    state = act(act(state, 0, "draw"), 0, "discard", "PK")
    state = act(act(act(state, 1, "pick"), 2, "pass"), 3, "pass")
    state = act(state, 1, "discard_major", "M9")
    seen_by_2 = view(state, 2)
    others = others_may_hold(seen_by_2)
    assert others & _mask("PK")  # picked by seat 1: it may still hold it
    assert not others & _mask("M9")  # in a discard pile
    assert not others & mask_of_codes(seen_by_2["hand"])
    assert others & _mask("M3")  # in seat 0's hand, which seat 2 cannot see
    assert others & _mask("P9")  # drawn by seat 0 or still in the pile
