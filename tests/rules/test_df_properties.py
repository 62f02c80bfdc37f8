"""Properties of the evaluator over any hand (hypothesis)."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from dragonformula.rules import (
    ALL_CARDS,
    best_hand,
    is_winning,
    random_winning_hand,
    waits,
)

elements = st.sampled_from(["fire", "water", "air", "earth"])
any_hand = st.lists(st.sampled_from(ALL_CARDS), min_size=11, max_size=11, unique=True)
winning_hand = st.randoms(use_true_random=False).map(
    lambda rng: random_winning_hand(random.Random(rng.random()))
)


def cards_of_reading(result):
    head = list(result.head or ())
    return head + [c for meld in result.melds for c in meld] + list(result.majors)


@settings(deadline=None)  # no timed assertions: speed is measured in bench/hands.py
@given(any_hand, elements, st.randoms(use_true_random=False))
def test_any_eleven_cards_evaluate_the_same_in_any_order(cards, element, rng):
    result = best_hand(cards, element)
    assert is_winning(cards, element) == (result is not None)
    shuffled = list(cards)
    rng.shuffle(shuffled)
    assert best_hand(shuffled, element) == result


@settings(max_examples=300, deadline=None)
@given(winning_hand, elements, st.randoms(use_true_random=False))
def test_winning_hands_read_exactly_their_cards_in_any_order(cards, element, rng):
    result = best_hand(cards, element)
    assert result is not None and is_winning(cards, element)
    used = cards_of_reading(result)
    assert sorted(used) == sorted(cards) and len(used) == 11
    assert result.total >= result.base >= 100
    shuffled = list(cards)
    rng.shuffle(shuffled)
    assert best_hand([c.lower() for c in shuffled], element) == result


@settings(max_examples=50, deadline=None)
@given(winning_hand, elements, st.integers(0, 10))
def test_the_missing_card_of_a_winning_hand_is_a_wait(cards, element, missing):
    hand = [c for i, c in enumerate(cards) if i != missing]
    found = {w.card: w for w in waits(hand, element)}
    expected = best_hand(cards, element)
    assert found[cards[missing]].total == expected.total
    assert found[cards[missing]].hand == expected.hand
