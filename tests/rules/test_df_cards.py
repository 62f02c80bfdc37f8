"""Card notation (RULES §1.1): what a player types is what the app understands."""

import pytest

from dragonformula.rules import ALL_CARDS, OWN_SUIT, Card, card_info, format_cards, parse_cards
from dragonformula.rules.cards import CardError


def test_the_deck_has_78_cards_in_canonical_order():
    assert len(ALL_CARDS) == len(set(ALL_CARDS)) == 78
    assert ALL_CARDS[:14] == (
        "W1", "W2", "W3", "W4", "W5", "W6", "W7", "W8", "W9", "W10", "WP", "WN", "WQ", "WK",
    )  # fmt: skip
    assert ALL_CARDS[14] == "C1" and ALL_CARDS[28] == "S1" and ALL_CARDS[42] == "P1"
    assert ALL_CARDS[56:] == tuple(f"M{n}" for n in range(22))


def test_parser_accepts_any_case_and_runs_of_spaces_and_commas():
    cards = parse_cards("w3, c10  ,,sQ\tM12 , pk")
    assert [c.code for c in cards] == ["W3", "C10", "SQ", "M12", "PK"]


def test_parser_accepts_a_list_of_codes_or_cards():
    assert parse_cards(["m0", Card("WK")]) == [Card("M0"), Card("WK")]


def test_card_attributes():
    queen = Card("sq")
    assert (queen.code, queen.suit, queen.rank, queen.court) == ("SQ", "S", 13, "Q")
    assert queen.is_court and not queen.is_major and not queen.is_number
    assert queen.element == "air"
    assert (queen.name_en, queen.name_ja) == ("Queen of Swords", "剣のクイーン")
    ace = Card("C1")
    assert ace.is_number and ace.number == 1 and ace.name_ja == "杯のエース"
    strength = Card("M8")
    assert strength.is_major and strength.number == 8 and strength.suit == "M"
    assert (strength.name_en, strength.name_ja) == ("Strength", "力")
    assert Card("WP") < Card("WN") < Card("WQ") < Card("WK") < Card("C1") < Card("M0")


@pytest.mark.parametrize("token", ["W11", "W0", "X3", "M22", "Q", "WW", "M-1", "3W"])
def test_a_malformed_code_is_refused_by_name(token):
    with pytest.raises(ValueError, match=token):
        parse_cards(f"W1 {token} W2")


def test_a_duplicate_card_is_refused_by_name():
    with pytest.raises(ValueError, match="W3 given twice"):
        parse_cards("W3 C3 w3")


def test_a_wrong_count_is_refused():
    with pytest.raises(ValueError, match="expected 11 cards, got 2: W3 C3"):
        parse_cards("W3 C3", count=11)


def test_format_is_canonical():
    assert format_cards(["m1", "wk", Card("W3"), "c2"]) == "W3 WK C2 M1"
    assert format_cards(parse_cards("s10 s1")) == "S1 S10"


def test_own_suits():
    assert OWN_SUIT == {"fire": "W", "water": "C", "air": "S", "earth": "P"}


def test_card_info_for_tooltips():
    fool = card_info("m0")
    assert fool["name_ja"] == "愚者" and fool["path"] == 11
    assert fool["letter"] == {"name_en": "Aleph", "name_ja": "アレフ", "glyph": "א"}
    assert fool["sephiroth"] == [1, 2] and fool["class"] == "elemental"
    assert fool["attribution"]["key"] == "air"
    page = card_info("PP")
    assert (
        page["name_en"] == "Page of Pentacles" and page["golden_dawn_en"] == "Princess of Pentacles"
    )
    assert page["element"] == "earth"
    page["name_en"] = "changed"
    assert card_info("PP")["name_en"] == "Page of Pentacles"


@pytest.mark.parametrize(
    ("text", "code", "params"),
    [
        ("W1 X9 W2", "unknown_card_code", {"code": "X9"}),
        ("W3 C3 w3", "card_given_twice", {"code": "W3"}),
    ],
)
def test_card_errors_carry_a_code_and_params_for_translation(text, code, params):
    """The rules stay Django-free: the web and CLI render the message from code + params."""
    with pytest.raises(CardError) as raised:
        parse_cards(text)
    assert raised.value.code == code and raised.value.params == params


def test_a_wrong_count_carries_its_figures():
    with pytest.raises(CardError) as raised:
        parse_cards("W3 C3", count=11)
    assert raised.value.code == "wrong_card_count"
    assert raised.value.params == {"count": 11, "given": 2}


@pytest.mark.parametrize("junk", [5, None, True, 2.5])
def test_parse_cards_refuses_what_is_not_text_or_a_list_of_codes(junk):
    with pytest.raises(ValueError, match="card codes"):
        parse_cards(junk)
