"""Dragon Formula's rules in pure Python (no Django): cards, the Tree of Life, melds,
winning hands and waits. The rules as this app plays them: /rules/dragonformula/."""

from .cards import (
    ALL_CARDS,
    ELEMENTS,
    OWN_SUIT,
    Card,
    CardError,
    card,
    card_info,
    card_name,
    format_cards,
    parse_cards,
)
from .hands import HandResult, best_hand, is_winning, random_winning_hand
from .melds import Meld, meld_of
from .readings import Reading, readings
from .score_table import (
    bonus_name,
    bonus_points,
    hand_name,
    hand_points,
    multiplier_factor,
    multiplier_name,
    scoring_table,
)
from .tree import DERIVED_MAJORS, PATHS, SEPHIROTH, derived_majors, path_of, sephira_name
from .waits import Wait, waits

__all__ = [
    "ALL_CARDS",
    "DERIVED_MAJORS",
    "ELEMENTS",
    "OWN_SUIT",
    "PATHS",
    "SEPHIROTH",
    "Card",
    "CardError",
    "HandResult",
    "Meld",
    "Reading",
    "Wait",
    "best_hand",
    "bonus_name",
    "bonus_points",
    "card",
    "card_info",
    "card_name",
    "derived_majors",
    "format_cards",
    "hand_name",
    "hand_points",
    "is_winning",
    "meld_of",
    "multiplier_factor",
    "multiplier_name",
    "parse_cards",
    "path_of",
    "random_winning_hand",
    "readings",
    "scoring_table",
    "sephira_name",
    "waits",
]
