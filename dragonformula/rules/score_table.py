"""The scoring table of winning hands (``seeds/df_hands.json``): each hand's, bonus's and
multiplier's name in both languages, its points or factor, and which bonuses replace
which."""

from __future__ import annotations

from typing import Any

from .cards import load_seed

_TABLE: dict[str, Any] = load_seed("df_hands.json")
HANDS: dict[str, dict[str, Any]] = {entry["id"]: entry for entry in _TABLE["hands"]}
BONUSES: dict[str, dict[str, Any]] = {entry["id"]: entry for entry in _TABLE["bonuses"]}
MULTIPLIERS: dict[str, dict[str, Any]] = {entry["id"]: entry for entry in _TABLE["multipliers"]}


def _term(table: dict[str, dict[str, Any]], kind: str, term_id: str) -> dict[str, Any]:
    if term_id not in table:
        raise ValueError(f"unknown {kind} id {term_id!r}")
    return table[term_id]


def hand_name(hand_id: str, lang: str = "ja") -> str:
    """The name of a hand id (``"sephirot_6"``, ``"center_pillar"`` …) in ``"ja"`` or ``"en"``."""
    return _term(HANDS, "hand", hand_id)["name_en" if lang.startswith("en") else "name_ja"]


def bonus_name(bonus_id: str, lang: str = "ja") -> str:
    return _term(BONUSES, "bonus", bonus_id)["name_en" if lang.startswith("en") else "name_ja"]


def multiplier_name(multiplier_id: str, lang: str = "ja") -> str:
    entry = _term(MULTIPLIERS, "multiplier", multiplier_id)
    return entry["name_en" if lang.startswith("en") else "name_ja"]


def hand_points(hand_id: str) -> int:
    return _term(HANDS, "hand", hand_id)["points"]


def bonus_points(bonus_id: str) -> int:
    return _term(BONUSES, "bonus", bonus_id)["points"]


def multiplier_factor(multiplier_id: str) -> int:
    return _term(MULTIPLIERS, "multiplier", multiplier_id)["factor"]


def scoring_table() -> dict[str, Any]:
    """The whole table of hands, bonuses and multipliers with ja/en names and points."""
    return {
        "hands": [dict(entry) for entry in HANDS.values()],
        "bonuses": [dict(entry, replaces=list(entry["replaces"])) for entry in BONUSES.values()],
        "multipliers": [dict(entry) for entry in MULTIPLIERS.values()],
    }
