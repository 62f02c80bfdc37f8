"""Dragon Formula hands as the league pages need them, on top of ``dragonformula.rules``.

Scoring is always the rules package's: 11 cards go through ``best_hand``; a chosen
hand id with bonuses is priced from the same hand table the evaluator uses.
Names come from the table's ja/en fields in the page's language.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache
from math import prod
from typing import Any

from django.utils.translation import get_language
from django.utils.translation import gettext as _

from dragonformula import rules


@dataclass(frozen=True)
class ScoredHand:
    hand: str
    base: int
    bonuses: tuple[str, ...]
    multipliers: tuple[str, ...]
    total: int
    cards: tuple[str, ...] = ()
    reading: dict[str, Any] = field(default_factory=dict)

    @property
    def bonus_lines(self) -> list[tuple[str, int]]:
        return [(bonus_name(b), bonuses()[b]["points"]) for b in self.bonuses]

    @property
    def multiplier_lines(self) -> list[tuple[str, int]]:
        return [(multiplier_name(m), multipliers()[m]["factor"]) for m in self.multipliers]


@cache
def _table() -> dict[str, dict[str, dict[str, Any]]]:
    data = rules.cards.load_seed("df_hands.json")
    return {kind: {row["id"]: row for row in data[kind]} for kind in data}


def _name(row: dict[str, Any]) -> str:
    return row["name_ja"] if (get_language() or "ja").startswith("ja") else row["name_en"]


def hands() -> dict[str, dict[str, Any]]:
    return _table()["hands"]


def bonuses() -> dict[str, dict[str, Any]]:
    return _table()["bonuses"]


def multipliers() -> dict[str, dict[str, Any]]:
    return _table()["multipliers"]


def hand_name(hand_id: str) -> str:
    row = hands().get(hand_id)
    return _name(row) if row else hand_id


def bonus_name(bonus_id: str) -> str:
    row = bonuses().get(bonus_id)
    return _name(row) if row else bonus_id


def multiplier_name(multiplier_id: str) -> str:
    row = multipliers().get(multiplier_id)
    return _name(row) if row else multiplier_id


def hand_choices() -> list[tuple[str, str]]:
    return [(hid, f"{_name(row)} ({row['points']})") for hid, row in hands().items()]


def bonus_choices() -> list[tuple[str, str]]:
    return [(bid, f"{_name(row)} (+{row['points']})") for bid, row in bonuses().items()]


def multiplier_choices() -> list[tuple[str, str]]:
    return [(mid, f"{_name(row)} (×{row['factor']})") for mid, row in multipliers().items()]


def _check_multipliers(ids: Iterable[str]) -> tuple[str, ...]:
    ids = tuple(dict.fromkeys(ids))
    for mid in ids:
        if mid not in multipliers():
            raise ValueError(_("Unknown multiplier “%(id)s”.") % {"id": mid})
    return ids


def parse(cards: str | Sequence[str]) -> list[str]:
    """Card codes from text or a list; a ``ValueError`` names a malformed or repeated code."""
    return [str(card) for card in rules.parse_cards(cards)]


def score_cards(
    cards: str | Sequence[str], element: str, multiplier_ids: Iterable[str] = ()
) -> ScoredHand:
    """The best reading of 11 cards for ``element`` (``best_hand``); ``ValueError`` if it does not win."""
    codes = parse(cards)
    if len(codes) != 11:
        raise ValueError(_("A winning hand has 11 cards, not %(count)s.") % {"count": len(codes)})
    ids = _check_multipliers(multiplier_ids)
    result = rules.best_hand(
        codes,
        element,
        genius="genius" in ids,
        surprise="surprise" in ids,
        last_judgement="last_judgement" in ids,
    )
    if result is None:
        raise ValueError(_("These 11 cards are not a winning hand."))
    data = result.to_json()
    return ScoredHand(
        hand=result.hand,
        base=result.base,
        bonuses=tuple(result.bonuses),
        multipliers=tuple(result.multipliers),
        total=result.total,
        cards=tuple(codes),
        reading={key: data[key] for key in ("head", "melds", "majors") if key in data},
    )


def score_chosen(
    hand_id: str, bonus_ids: Iterable[str] = (), multiplier_ids: Iterable[str] = ()
) -> ScoredHand:
    """Points of a hand named by id with its bonuses (sephirot hands only), times the multipliers."""
    row = hands().get(hand_id)
    if row is None:
        raise ValueError(_("Unknown hand “%(id)s”.") % {"id": hand_id})
    bonus_ids = tuple(dict.fromkeys(bonus_ids))
    for bid in bonus_ids:
        if bid not in bonuses():
            raise ValueError(_("Unknown bonus “%(id)s”.") % {"id": bid})
    if bonus_ids and row["kind"] != "sephirot":
        raise ValueError(_("Bonuses belong to sephirot hands only."))
    for bid in bonus_ids:
        replaced = [r for r in bonuses()[bid]["replaces"] if r in bonus_ids]
        if replaced:
            raise ValueError(
                _("%(bonus)s replaces %(other)s: count only one of them.")
                % {"bonus": bonus_name(bid), "other": bonus_name(replaced[0])}
            )
    ids = _check_multipliers(multiplier_ids)
    value = row["points"] + sum(bonuses()[bid]["points"] for bid in bonus_ids)
    factor = prod(multipliers()[mid]["factor"] for mid in ids)
    return ScoredHand(
        hand=hand_id, base=row["points"], bonuses=bonus_ids, multipliers=ids, total=value * factor
    )
