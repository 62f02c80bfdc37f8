"""The tabled evaluator against a slow, literal reading of RULES §1.3–1.4.

The oracle below searches the hand directly from the rules' words (no tables, no bit
masks); on random winning hands and on hands a card or two away from winning, both
must agree on whether the cards win.
"""

import random
from collections import Counter
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from dragonformula.rules import ALL_CARDS, Card, is_winning, random_winning_hand

ZODIACAL = {4, 5, 6, 7, 8, 9, 11, 13, 14, 15, 17, 18}
JOINS = {
    0: (1, 2), 1: (1, 3), 2: (1, 6), 3: (2, 3), 4: (2, 6), 5: (2, 4), 6: (3, 6), 7: (3, 5),
    8: (4, 5), 9: (4, 6), 10: (4, 7), 11: (5, 6), 12: (5, 8), 13: (6, 7), 14: (6, 9),
    15: (6, 8), 16: (7, 8), 17: (7, 9), 18: (7, 10), 19: (8, 9), 20: (8, 10), 21: (9, 10),
}  # fmt: skip


def derived(n, major):
    return major.is_major and n in JOINS[major.number]


def is_meld(cards):
    a, b, c = sorted(cards)
    if all(x.is_major for x in cards):
        return b.number == a.number + 1 and c.number == b.number + 1
    if any(x.is_major for x in cards):
        return False
    if a.rank == b.rank == c.rank:
        return True  # a triple (three suits, since the cards are distinct)
    same_suit = a.suit == b.suit == c.suit
    consecutive = b.rank == a.rank + 1 and c.rank == b.rank + 1
    kinds = {x.is_court for x in cards}
    return same_suit and consecutive and len(kinds) == 1


def splits_into_two_melds(cards):
    first, *others = cards
    for pair in combinations(others, 2):
        rest = [x for x in others if x not in pair]
        if is_meld((first, *pair)) and is_meld(rest):
            return True
    return False


def sephirot(cards):
    for n in range(1, 11):
        numbers = [x for x in cards if x.is_number and x.rank == n]
        majors = [x for x in cards if derived(n, x)]
        for head in combinations(numbers, 3):
            for pair in combinations(majors, 2):
                rest = [x for x in cards if x not in head and x not in pair]
                if splits_into_two_melds(rest):
                    return True
    return False


def special(cards):
    suits = {x.suit for x in cards}
    ranks = sorted(x.rank for x in cards)
    majors = [x.number for x in cards if x.is_major]
    if len(suits) == 1 and "M" not in suits:
        numbers = [r for r in ranks if r <= 10]
        courts = [r for r in ranks if r > 10]
        if numbers == list(range(1, 11)) and len(courts) == 1:
            return True  # elemental series
        if courts == [11, 12, 13, 14] and numbers[0] == 1:
            six = numbers[1:]
            if len(six) == 6 and all(r >= 2 for r in six):
                low, high = six[:3], six[3:]
                if low == list(range(low[0], low[0] + 3)) and high == list(
                    range(high[0], high[0] + 3)
                ):
                    return True  # elemental palace
    if len(majors) == 11:
        return majors == list(range(majors[0], majors[0] + 11)) or set(majors) <= ZODIACAL
    count = Counter(x.code[1:] for x in cards if not x.is_major)
    if len(majors) == 3:
        if count == {"1": 2, "6": 2, "9": 2, "10": 2} and set(majors) == {2, 14, 21}:
            return True
        for court, n in (("P", 10), ("N", 6), ("Q", 3), ("K", 2)):
            if count == {court: 4, str(n): 4} and all(n in JOINS[m] for m in majors):
                return True
    return False


def oracle(codes):
    cards = [Card(code) for code in codes]
    return special(cards) or sephirot(cards)


def near(rng, cards, changes):
    hand = list(cards)
    for _ in range(changes):
        hand[rng.randrange(11)] = rng.choice([c for c in ALL_CARDS if c not in hand])
    return hand


@settings(max_examples=400, deadline=None)
@given(st.randoms(use_true_random=False), st.integers(0, 2), st.floats(0, 0.5))
def test_tables_agree_with_the_literal_rules(rng, changes, special_share):
    cards = near(rng, random_winning_hand(random.Random(rng.random()), special_share), changes)
    assert is_winning(cards, "fire") == oracle(cards)


@settings(deadline=None)  # the literal oracle is slow; never a timed assertion
@given(st.lists(st.sampled_from(ALL_CARDS), min_size=11, max_size=11, unique=True))
def test_random_hands_agree_with_the_literal_rules(cards):
    assert is_winning(cards, "earth") == oracle(cards)
