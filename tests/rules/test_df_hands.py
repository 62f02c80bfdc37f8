"""Winning hands and their scores (RULES §1.4): every hand and bonus, with a near miss."""

import pytest

from dragonformula.rules import DERIVED_MAJORS, best_hand, is_winning


def score(cards: str, element: str = "fire", **multipliers):
    result = best_hand(cards.split(), element, **multipliers)
    assert is_winning(cards.split(), element) == (result is not None)
    return result


def no_series_around(n: int) -> str:
    """A Cups series that avoids number n."""
    low = 1 if n >= 4 else 5
    return " ".join(f"C{k}" for k in range(low, low + 3))


# --- sephirot hands ------------------------------------------------------------


@pytest.mark.parametrize("n", range(1, 11))
def test_each_sephirot_hand_scores_100(n):
    first, second = DERIVED_MAJORS[n][:2]
    cards = f"S{n} P{n} W{n} SK PK CK {no_series_around(n)} {first} {second}"
    result = score(cards)
    assert result.hand == f"sephirot_{n}"
    assert (result.base, result.bonuses, result.total) == (100, [], 100)
    assert result.head == (f"W{n}", f"S{n}", f"P{n}")
    assert result.majors == (first, second)


@pytest.mark.parametrize("n", range(1, 11))
def test_sephirot_near_miss_a_major_not_derived_from_the_head(n):
    first = DERIVED_MAJORS[n][0]
    stranger = next(f"M{k}" for k in range(22) if f"M{k}" not in DERIVED_MAJORS[n])
    assert score(f"S{n} P{n} W{n} SK PK CK {no_series_around(n)} {first} {stranger}") is None


def test_sephirot_near_miss_head_of_two():
    assert score("S6 P6 W7 SK PK CK C1 C2 C3 M2 M4") is None


def test_sephirot_with_major_series_melds():
    result = score("C9 S9 P9 M0 M1 M2 M5 M6 M7 M14 M17")
    assert result.hand == "sephirot_9" and result.total == 100
    assert result.melds == [("M0", "M1", "M2"), ("M5", "M6", "M7")]


def test_best_reading_chooses_where_the_fourth_card_goes():
    # The head could be any three sixes, but only C6 S6 P6 leaves W4 W5 W6 to meld.
    result = score("W6 C6 S6 P6 W4 W5 CK SK PK M2 M4")
    assert result.head == ("C6", "S6", "P6")
    assert result.melds == [("W4", "W5", "W6"), ("CK", "SK", "PK")]
    assert result.bonuses == ["my_series"] and result.total == 200


# --- bonuses: each scores, each has a near miss ---------------------------------

BONUS_CASES = [
    # (bonus, winning hand, element, total, bonuses, near miss, its total)
    ("my_series", "C6 S6 P6 W1 W2 W3 CK SK PK M2 M4", "fire", 200, ["my_series"],
     "C6 S6 P6 S1 S2 S3 CK SK PK M2 M4", 100),
    ("my_court_series", "C6 S6 P6 WP WN WQ C1 C2 C3 M2 M4", "fire", 200, ["my_court_series"],
     "C6 S6 P6 SP SN SQ C1 C2 C3 M2 M4", 100),
    ("three_triples", "C6 S6 P6 W1 C1 S1 CK SK PK M2 M4", "fire", 200, ["three_triples"],
     "C6 S6 P6 W1 C1 S1 CP CN CQ M2 M4", 100),
    ("material", "C8 S8 P8 M0 M1 M2 CK SK PK M12 M20", "fire", 300, ["material"],
     "C8 S8 P8 M1 M2 M3 CK SK PK M12 M20", 100),
    ("triangle", "C6 S6 P6 W1 C1 S1 W2 C2 S2 M2 M4", "fire", 400, ["triangle"],
     "C6 S6 P6 W1 C1 S1 W2 C2 S2 M2 M6", 200),
    ("planetary", "W7 C7 S7 M1 M2 M3 M19 M20 M21 M10 M16", "fire", 600, ["planetary"],
     "W7 C7 S7 M0 M1 M2 M19 M20 M21 M10 M16", 100),
    ("triple_series", "C3 S3 P3 C4 S4 P4 C5 S5 P5 M5 M10", "fire", 1100, ["triple_series"],
     "C3 S3 P3 C4 S4 W4 C5 S5 P5 M5 M10", 200),
    ("first_order", "W7 C7 S7 C8 S8 P8 W9 C9 P9 M16 M19", "fire", 1100, ["first_order"],
     "W7 C7 S7 C8 S8 P8 W10 C10 P10 M16 M20", 400),
    ("second_order", "W4 C4 S4 C5 S5 P5 W6 C6 P6 M8 M11", "fire", 1100, ["second_order"],
     "W4 C4 S4 C5 S5 P5 W8 C8 P8 M8 M12", 400),
    ("third_order", "W1 C1 S1 C2 S2 P2 W3 C3 P3 M0 M1", "fire", 1100, ["third_order"],
     "W1 C1 S1 C2 S2 P2 W6 C6 P6 M0 M2", 400),
    ("pillar_of_mercy", "W3 C3 S3 C5 S5 P5 W8 C8 P8 M7 M12", "fire", 1600, ["pillar_of_mercy"],
     "W3 C3 S3 C5 S5 P5 W4 C4 P4 M7 M8", 400),
    ("pillar_of_severity", "W2 C2 S2 C4 S4 P4 W7 C7 P7 M5 M10", "fire", 1600,
     ["pillar_of_severity"], "W2 C2 S2 C4 S4 P4 W6 C6 P6 M5 M9", 400),
]  # fmt: skip


@pytest.mark.parametrize(
    ("hand", "element", "total", "bonuses"),
    [case[1:5] for case in BONUS_CASES],
    ids=[case[0] for case in BONUS_CASES],
)
def test_each_bonus_scores(hand, element, total, bonuses):
    result = score(hand, element)
    assert result.bonuses == bonuses
    assert result.total == total


@pytest.mark.parametrize(
    ("near_miss", "element", "bonus", "total"),
    [(case[5], case[2], case[0], case[6]) for case in BONUS_CASES],
    ids=[case[0] for case in BONUS_CASES],
)
def test_each_bonus_near_miss(near_miss, element, bonus, total):
    result = score(near_miss, element)
    assert result is not None
    assert bonus not in result.bonuses
    assert result.total == total


@pytest.mark.parametrize(
    "near_miss", [case[5] for case in BONUS_CASES if case[6] == 400], ids=lambda cards: cards[-7:]
)
def test_order_near_misses_are_plain_triangles(near_miss):
    # e.g. 3-4-5 with M7 + M8: a triangle, but not the pillar on 3-5-8.
    assert score(near_miss).bonuses == ["triangle"]


@pytest.mark.parametrize(
    ("element", "suit"), [("fire", "W"), ("water", "C"), ("air", "S"), ("earth", "P")]
)
def test_own_suit_series_by_element(element, suit):
    others = {"W": "C", "C": "S", "S": "P", "P": "W"}
    other = others[suit]
    cards = f"{suit}1 {suit}2 {suit}3 {other}P {other}N {other}Q"
    heads = "".join(f" {s}6" for s in "WCSP" if s != suit)
    result = score(cards + heads + " M2 M4", element)
    assert result.bonuses == ["my_series"] and result.total == 200
    for stranger in {"fire", "water", "air", "earth"} - {element}:
        stranger_result = score(cards + heads + " M2 M4", stranger)
        bonus = ["my_court_series"] if stranger_result and stranger == _element_of(other) else []
        assert stranger_result.bonuses == bonus


def _element_of(suit):
    return {"W": "fire", "C": "water", "S": "air", "P": "earth"}[suit]


def test_each_bonus_counts_once():
    result = score("C6 S6 P6 W1 W2 W3 W7 W8 W9 M2 M4")
    assert result.bonuses == ["my_series"] and result.total == 200


def test_my_series_and_my_court_series_together():
    result = score("C6 S6 P6 W1 W2 W3 WN WQ WK M2 M4")
    assert result.bonuses == ["my_series", "my_court_series"] and result.total == 300


# --- replacements ----------------------------------------------------------------


def test_triangle_replaces_three_triples():
    result = score("C6 S6 P6 W1 C1 S1 W2 C2 S2 M2 M4")
    assert "three_triples" not in result.bonuses and result.bonuses == ["triangle"]


@pytest.mark.parametrize(
    ("cards", "order"),
    [
        ("W7 C7 S7 C8 S8 P8 W9 C9 P9 M16 M19", "first_order"),
        ("W2 C2 S2 C4 S4 P4 W7 C7 P7 M5 M10", "pillar_of_severity"),
    ],
)
def test_orders_and_pillars_replace_triangle_and_three_triples(cards, order):
    assert score(cards).bonuses == [order]


def test_triple_series_replaces_three_triples():
    result = score("C3 S3 P3 C4 S4 P4 C5 S5 P5 M5 M10")
    assert result.bonuses == ["triple_series"]


def test_triple_series_beside_a_triangle():
    # The example in the rules: 3-4-5 with M7 + M8 and head 5.
    result = score("C3 S3 P3 C4 S4 P4 C5 S5 P5 M7 M8")
    assert result.hand == "sephirot_5"
    assert result.bonuses == ["triangle", "triple_series"]
    assert result.total == 100 + 300 + 1000


def test_triple_series_beside_an_order():
    result = score("C4 S4 P4 C5 S5 P5 C6 S6 P6 M8 M11")
    assert result.bonuses == ["triple_series", "second_order"]
    assert result.total == 100 + 1000 + 1000


def test_triple_series_in_own_suit_counts_my_series():
    result = score("W3 C3 S3 W4 C4 S4 W5 C5 S5 M5 M10", "fire")
    assert result.bonuses == ["my_series", "triple_series"] and result.total == 1200
    assert score("W3 C3 S3 W4 C4 S4 W5 C5 S5 M5 M10", "earth").total == 1100


def test_material_and_planetary_stack_with_other_bonuses():
    # Head 8 with M12 + M20, M0-M1-M2 for Material, and an own series.
    result = score("C8 S8 P8 M0 M1 M2 W4 W5 W6 M12 M20")
    assert result.bonuses == ["my_series", "material"] and result.total == 400


# --- special hands ----------------------------------------------------------------

SPECIAL_CASES = [
    ("elemental_palace", "CP CN CQ CK C1 C2 C3 C4 C8 C9 C10", "fire", 1000,
     "CP CN CQ CK C5 C2 C3 C4 C8 C9 C10"),
    ("my_elemental_palace", "CP CN CQ CK C1 C2 C3 C4 C8 C9 C10", "water", 2000,
     "CP CN CQ CK C1 C2 C3 C4 C7 C9 C10"),
    ("elemental_series", "C1 C2 C3 C4 C5 C6 C7 C8 C9 C10 CQ", "fire", 1000,
     "C1 C2 C3 C4 C5 C6 C7 C8 C9 C10 SQ"),
    ("my_elemental_series", "S1 S2 S3 S4 S5 S6 S7 S8 S9 S10 SP", "air", 2000,
     "S1 S2 S3 S4 S5 S6 S7 S8 S9 M0 SP"),
    ("center_pillar", "W1 C1 W6 C6 S9 P9 W10 P10 M2 M14 M21", "fire", 1500,
     "W1 C1 W6 C6 S9 P9 W10 P10 M2 M14 M20"),
    ("straight_major", "M0 M1 M2 M3 M4 M5 M6 M7 M8 M9 M10", "fire", 1500,
     "M0 M1 M2 M3 M4 M5 M6 M7 M8 M9 M11"),
    ("constellation", "M5 M6 M7 M8 M9 M11 M13 M14 M15 M17 M18", "fire", 1500,
     "M5 M6 M7 M8 M9 M11 M13 M14 M15 M17 M16"),
    ("kingdom_of_princesses", "WP CP SP PP W10 C10 S10 P10 M18 M20 M21", "fire", 3000,
     "WP CP SP PP W10 C10 S10 P10 M18 M20 M19"),
    ("beauty_of_princes", "WN CN SN PN W6 C6 S6 P6 M2 M4 M15", "fire", 3000,
     "WN CN SN PN W6 C6 S6 P6 M2 M4 M7"),
    ("understanding_of_queens", "WQ CQ SQ PQ W3 C3 S3 P3 M1 M6 M7", "fire", 3000,
     "WQ CQ SQ PQ W3 C3 S3 P3 M1 M6 M8"),
    ("wisdom_of_kings", "WK CK SK PK W2 C2 S2 P2 M0 M3 M5", "fire", 3000,
     "WK CK SK PK W2 C2 S2 P2 M0 M3 M6"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("hand_id", "cards", "element", "total", "near_miss"),
    SPECIAL_CASES,
    ids=[case[0] for case in SPECIAL_CASES],
)
def test_each_special_hand_and_a_near_miss(hand_id, cards, element, total, near_miss):
    result = score(cards, element)
    assert result.hand == hand_id
    assert (result.base, result.bonuses, result.total) == (total, [], total)
    assert result.head is None
    shown = [c for group in result.melds for c in group] + list(result.majors)
    assert sorted(shown) == sorted(cards.split())  # the reading shows exactly the 11 cards
    assert score(near_miss, element) is None


def test_own_suit_palace_only_for_its_element():
    cards = "PP PN PQ PK P1 P2 P3 P4 P5 P6 P7"
    assert {e: score(cards, e).hand for e in ("fire", "water", "air", "earth")} == {
        "fire": "elemental_palace",
        "water": "elemental_palace",
        "air": "elemental_palace",
        "earth": "my_elemental_palace",
    }


def test_special_hands_get_no_sephirot_bonuses_but_multipliers():
    # Kingdom of Princesses holds M20 (elemental) — no bonus ids, only the multiplier.
    result = score("WP CP SP PP W10 C10 S10 P10 M18 M20 M21", last_judgement=True)
    assert result.bonuses == [] and result.multipliers == ["last_judgement"]
    assert result.total == 6000


# --- multipliers -------------------------------------------------------------------

TWO_HUNDRED = "C6 S6 P6 W1 W2 W3 CK SK PK M2 M4"  # my_series for fire: 200


@pytest.mark.parametrize(
    ("flags", "total"),
    [
        ({}, 200),
        ({"genius": True}, 2000),
        ({"surprise": True}, 1000),
        ({"last_judgement": True}, 400),
        ({"genius": True, "last_judgement": True}, 4000),
        ({"surprise": True, "last_judgement": True}, 2000),
    ],
)
def test_multipliers_multiply(flags, total):
    result = score(TWO_HUNDRED, **flags)
    assert result.total == total
    assert result.multipliers == [m for m in ("genius", "surprise", "last_judgement") if m in flags]
    assert (result.base, result.bonuses) == (100, ["my_series"])


GENIUS_AND_SURPRISE = "Genius .*Dan.* and Surprise .*Pick-and-Dan.* cannot both"


def test_genius_and_surprise_together_are_refused():
    # Genius needs a Dan after a draw, Surprise a Pick-and-Dan (RULES 1.4 Multipliers):
    # one win cannot be both, so a score sheet asking for both is refused, not scored x50.
    with pytest.raises(ValueError, match=GENIUS_AND_SURPRISE):
        best_hand(TWO_HUNDRED, "fire", genius=True, surprise=True)
    assert best_hand(TWO_HUNDRED, "fire", genius=True, last_judgement=True).total == 4000
    assert best_hand(TWO_HUNDRED, "fire", surprise=True, last_judgement=True).total == 2000


# --- results and bad input ------------------------------------------------------------


def test_result_json():
    result = score("C3 S3 P3 C4 S4 P4 C5 S5 P5 M7 M8", genius=True)
    assert result.to_json() == {
        "hand": "sephirot_5",
        "base": 100,
        "bonuses": ["triangle", "triple_series"],
        "multipliers": ["genius"],
        "total": 14000,
        "head": ["C5", "S5", "P5"],
        "melds": [["C3", "S3", "P3"], ["C4", "S4", "P4"]],
        "majors": ["M7", "M8"],
    }


def test_lower_case_text_and_card_objects_are_accepted():
    from dragonformula.rules import parse_cards

    cards = "c3 s3 p3 c4 s4 p4 c5 s5 p5 m7 m8"
    assert best_hand(cards, "fire").total == 1400
    assert best_hand(parse_cards(cards), "fire").total == 1400
    assert is_winning(cards.split(), "air")


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        ("C3 S3 P3 C4 S4 P4 C5 S5 P5 M7", "expected 11 cards, got 10"),
        ("C3 S3 P3 C4 S4 P4 C5 S5 P5 M7 M8 M9", "expected 11 cards, got 12"),
        ("C3 S3 P3 C4 S4 P4 C5 S5 P5 M7 c3", "C3 given twice"),
        ("C3 S3 P3 C4 S4 P4 C5 S5 P5 M7 M22", "M22"),
        ("C3 S3 P3 C4 S4 P4 C5 S5 P5 M7 Z1", "Z1"),
    ],
)
def test_anything_but_eleven_distinct_cards_is_refused(cards, message):
    with pytest.raises(ValueError, match=message):
        best_hand(cards.split(), "fire")
    with pytest.raises(ValueError, match=message):
        is_winning(cards.split(), "fire")


def test_unknown_element_is_refused():
    with pytest.raises(ValueError, match="element 'wood'"):
        best_hand(["C3", "S3", "P3", "C4", "S4", "P4", "C5", "S5", "P5", "M7", "M8"], "wood")
    with pytest.raises(ValueError, match="element"):
        is_winning(["C3", "S3", "P3", "C4", "S4", "P4", "C5", "S5", "P5", "M7", "M8"], "Fire!")


def test_best_hand_refuses_a_number_for_cards():
    with pytest.raises(ValueError, match="card codes"):
        best_hand(11, "fire")
