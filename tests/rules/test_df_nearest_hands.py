"""The nearest winning hands of a hand (calculator and hints): how many cards away, and
which cards each hand lacks and lets go; only cards one may still take count."""

import random
from itertools import combinations

import pytest

from dragonformula.rules import ALL_CARDS, is_winning, waits
from dragonformula.rules.hands import random_winning_hand
from dragonformula.rules.melds import NUMBER_TRIPLES, SUITED_MELDS, bits_of, codes_of, mask_of
from dragonformula.rules.nearest import cards_away, nearest_hands, ways_in
from dragonformula.rules.readings import SEPHIROT_MAJORS, readings

WINNING = "W5 C5 S5 W1 W2 W3 C7 C8 C9 M7 M8"  # Geburah (5): head 5s, two series, M7 M8
WAITING = "W5 C5 S5 W1 W2 W3 C7 C8 C9 M7"  # the same less M8 (M11 and M12 win too)
PICKING = "W6 C6 S6 W1 C1 S1 C4 S3 M2 M9"  # a head of 6, two 1s, and S3 to build on
RUNS = ["S2", "S4", "S5"]  # each in a run with S3


def test_a_winning_hand_is_no_card_away():
    reaches = nearest_hands(WINNING, "fire")
    assert cards_away(reaches) == 0
    assert (reaches[0].hand, reaches[0].lacks, reaches[0].let_go) == ("sephirot_5", (), ())


def test_a_waiting_hand_lacks_its_waits_and_lets_nothing_go():
    reaches = nearest_hands(WAITING, "fire")
    found = waits(WAITING.split(), "fire")
    assert [w.card for w in found] == ["M8", "M11", "M12"]
    one_away = [reach for reach in reaches if reach.away == 1]
    assert {reach.hand for reach in one_away} == {w.hand for w in found}
    for reach in one_away:
        assert reach.let_go == () and reach.lacks[0] in {"M8", "M11", "M12"}
    assert reaches[0].total == found[0].total  # the best first


def test_eleven_cards_one_off_let_the_stray_card_go():
    reaches = nearest_hands(WAITING + " M20", "fire")
    geburah = next(reach for reach in reaches if reach.hand == "sephirot_5")
    assert (geburah.away, geburah.lacks, geburah.let_go) == (1, ("M8",), ("M20",))


def test_a_card_one_has_seen_discarded_is_not_counted_on():
    seen = {*WAITING.split(), "M8", "M11", "M12"}  # its waits all lie in the discards
    unseen = [card for card in ALL_CARDS if card not in seen]
    reaches = nearest_hands(WAITING, "fire", unseen=unseen)
    assert all(not {"M8", "M11", "M12"} & set(reach.lacks) for reach in reaches)
    # Every pair of majors derived from 5 holds M8, M11 or M12: Geburah is out of reach.
    assert "sephirot_5" not in {reach.hand for reach in reaches}
    assert cards_away(reaches) == 3


@pytest.mark.parametrize("seed", range(12))
def test_every_reach_is_a_winning_hand_at_its_stated_distance(seed):
    rng = random.Random(seed)
    cards = rng.sample(ALL_CARDS, 10 + seed % 2)
    for reach in nearest_hands(cards, "water"):
        made = [c for c in cards if c not in reach.let_go] + list(reach.lacks)
        assert len(made) == 11 and is_winning(made, "water")
        assert reach.away == len(reach.lacks) and not set(reach.lacks) & set(cards)


def test_bad_hands_are_refused():
    with pytest.raises(ValueError):
        nearest_hands("W1 W1 W2", "fire")
    with pytest.raises(ValueError):
        nearest_hands(WINNING, "lava")


def _fewest_lacking_by_brute_force(hand: int, allowed: int) -> dict[int, int]:
    """N -> the fewest cards a sephirot hand of N made of ``allowed`` cards lacks against
    ``hand``, trying every allowed set of majors, every head and every single meld or
    pair of melds beside it. Majors and suited cards never meet, so the best majors of
    each N and count add to the best head and melds."""
    majors: dict[tuple[int, int], int] = {}  # (N, how many majors) -> their most overlap
    for mask, entries in SEPHIROT_MAJORS.items():
        if mask & ~allowed:
            continue
        for n in {entry[0] for entry in entries}:
            part = (n, mask.bit_count())
            majors[part] = max(majors.get(part, 0), (mask & hand).bit_count())
    melds = [meld.mask for meld in SUITED_MELDS if not meld.mask & ~allowed]
    pairs = [first | second for first, second in combinations(melds, 2) if not first & second]
    beside = {2: pairs, 5: melds, 8: [0]}  # what a head needs beside it, by the majors
    fewest: dict[int, int] = {}
    for (n, count), majors_overlap in majors.items():
        for head in NUMBER_TRIPLES[n]:
            if head.mask & ~allowed:
                continue
            for rest in beside[count]:
                if not rest & head.mask:
                    overlap = majors_overlap + ((head.mask | rest) & hand).bit_count()
                    fewest[n] = min(fewest.get(n, 11), 11 - overlap)
    return fewest


@pytest.mark.parametrize("seed", range(30))
def test_no_sephirot_hand_is_nearer_than_the_search_says(seed):
    rng = random.Random(seed)
    size = 10 + seed % 2
    if seed % 3:  # near a win: a winning hand with a few cards changed
        cards = random_winning_hand(rng, special_share=0)[:size]
        for place in rng.sample(range(size), rng.randrange(1, 4)):
            cards[place] = rng.choice([card for card in ALL_CARDS if card not in cards])
    else:
        cards = rng.sample(ALL_CARDS, size)
    rest = [card for card in ALL_CARDS if card not in cards]
    unseen = rng.sample(rest, len(rest) - rng.randrange(0, 30))  # the others were seen
    reaches = nearest_hands(cards, "air", unseen)
    fewest = _fewest_lacking_by_brute_force(mask_of(cards), mask_of(cards + unseen))
    # A reach is named after its best-scoring reading, which may be another N's: the
    # nearest sephirot hand of N is the nearest reach that reads as N at all.
    reading_as: dict[int, list[int]] = {}  # N -> how far each reach reading as N is
    for reach in reaches:
        assert set(reach.lacks) <= set(unseen) and set(reach.let_go) <= set(cards)
        assert reach.away == len(reach.lacks) == 11 - size + len(reach.let_go)
        made = [card for card in cards if card not in reach.let_go] + list(reach.lacks)
        assert len(made) == 11 and is_winning(made, "air")
        for reading in readings(mask_of(made)):
            if reading.sephira is not None:
                reading_as.setdefault(reading.sephira, []).append(reach.away)
    assert {n: min(aways) for n, aways in reading_as.items()} == fewest


def test_every_way_in_counts_not_only_the_first_of_equally_near_hands():
    hand = mask_of(PICKING.split())
    away, ways = ways_in(hand, (1 << 78) - 1)
    assert away == _away(hand, (1 << 78) - 1)
    # Equally near hands build a run on S3 with S1 S2, S2 S4 or S4 S5: all three count.
    assert ways & mask_of(RUNS) == mask_of(RUNS)


@pytest.mark.parametrize("seed", range(40))
def test_the_ways_in_are_the_cards_that_bring_the_hand_one_nearer(seed):
    rng = random.Random(seed)
    cards = rng.sample(ALL_CARDS, 10 + rng.randrange(40))
    hand = mask_of(cards[:10])
    allowed = hand | mask_of(cards[10:]) if seed % 2 else (1 << 78) - 1
    away, ways = ways_in(hand, allowed)
    nearer = [bit for bit in bits_of(allowed & ~hand) if _away(hand | bit, allowed) == away - 1]
    assert away == _away(hand, allowed)
    assert ways == sum(nearer)


def _away(hand: int, allowed: int) -> int:
    """How many cards ``hand`` is from its nearest win of ``allowed`` cards, as the
    calculator says (12 when none is in reach)."""
    reaches = nearest_hands(codes_of(hand), "fire", unseen=codes_of(allowed & ~hand))
    away = cards_away(reaches)
    return 12 if away is None else away
