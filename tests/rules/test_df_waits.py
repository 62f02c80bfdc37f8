"""Waits: which cards complete a 10-card hand, and what each would score."""

import pytest

from dragonformula.rules import ALL_CARDS, best_hand, waits


def test_waits_list_every_completing_card_best_first():
    # 3-4-5 triple series in C S P missing P5, head 5 with M7 + M8.
    found = waits(["C3", "S3", "P3", "C4", "S4", "P4", "C5", "S5", "M7", "M8"], "fire")
    assert [(w.card, w.hand, w.total) for w in found] == [
        ("P5", "sephirot_5", 1400),  # triangle + triple series
        ("W5", "sephirot_5", 400),  # triangle only (suits differ)
    ]
    assert found[0].bonuses == ("triangle", "triple_series")
    assert found[0].to_json() == {
        "card": "P5", "hand": "sephirot_5", "total": 1400,
        "bonuses": ["triangle", "triple_series"],
    }  # fmt: skip


def test_waits_agree_with_best_hand_for_every_card():
    hand = ["C6", "S6", "P6", "W1", "W2", "CK", "SK", "PK", "M2", "M4"]
    found = {w.card: w.total for w in waits(hand, "fire")}
    expected = {}
    for code in ALL_CARDS:
        if code not in hand and (result := best_hand([*hand, code], "fire")):
            expected[code] = result.total
    assert found == expected == {"W3": 200}


def test_waits_limited_to_unseen_cards():
    hand = ["C3", "S3", "P3", "C4", "S4", "P4", "C5", "S5", "M7", "M8"]
    assert [w.card for w in waits(hand, "fire", unseen=["w5", "M0", "C3"])] == ["W5"]
    assert waits(hand, "fire", unseen="M0 M1") == []


def test_waits_score_without_multipliers_but_by_element():
    hand = ["C6", "S6", "P6", "W1", "W2", "CK", "SK", "PK", "M2", "M4"]
    assert [w.total for w in waits(hand, "fire")] == [200]
    assert [w.total for w in waits(hand, "water")] == [100]


def test_a_hand_one_short_of_a_special():
    found = waits(["M0", "M1", "M2", "M3", "M4", "M5", "M6", "M7", "M8", "M9"], "air")
    assert [(w.card, w.hand, w.total) for w in found] == [("M10", "straight_major", 1500)]


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        ("C3 S3 P3 C4 S4 P4 C5 S5 M7", "expected 10 cards, got 9"),
        ("C3 S3 P3 C4 S4 P4 C5 S5 M7 M8 M9", "expected 10 cards, got 11"),
        ("C3 S3 P3 C4 S4 P4 C5 S5 M7 X9", "X9"),
    ],
)
def test_waits_refuse_anything_but_ten_cards(cards, message):
    with pytest.raises(ValueError, match=message):
        waits(cards.split(), "fire")


def test_waits_refuse_a_bad_unseen_code():
    with pytest.raises(ValueError, match="Q9"):
        waits(["C3", "S3", "P3", "C4", "S4", "P4", "C5", "S5", "M7", "M8"], "fire", unseen=["Q9"])


@pytest.mark.parametrize("junk", [5, True, {"W5": 1}])
def test_waits_refuse_unseen_that_is_not_a_list_of_codes(junk):
    with pytest.raises(ValueError):
        waits(["C3", "S3", "P3", "C4", "S4", "P4", "C5", "S5", "M7", "M8"], "fire", unseen=junk)
