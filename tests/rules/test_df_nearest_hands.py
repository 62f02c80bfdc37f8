"""The nearest winning hands of a hand (calculator and hints): how many cards away, and
which cards each hand lacks and lets go; only cards one may still take count."""

import random

import pytest

from dragonformula.rules import ALL_CARDS, is_winning, waits
from dragonformula.rules.nearest import cards_away, nearest_hands

WINNING = "W5 C5 S5 W1 W2 W3 C7 C8 C9 M7 M8"  # Geburah (5): head 5s, two series, M7 M8
WAITING = "W5 C5 S5 W1 W2 W3 C7 C8 C9 M7"  # the same less M8 (M11 and M12 win too)


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
