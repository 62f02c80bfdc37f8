"""Scored hands as a score sheet records them (league forms, sheets, the calculator),
on top of ``dragonformula.rules`` (whose ``hands`` module reads a hand of 11 cards).

Scoring is always the rules package's: 11 cards go through ``best_hand``; a chosen
hand id with bonuses is priced from the same scoring table the evaluator uses.
Names come from that table's ja/en fields, in the page's language.
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
from dragonformula.card_errors import card_error_text


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
        return [(bonus_name(b), rules.bonus_points(b)) for b in self.bonuses]

    @property
    def multiplier_lines(self) -> list[tuple[str, int]]:
        return [(multiplier_name(m), rules.multiplier_factor(m)) for m in self.multipliers]


@cache
def _table() -> dict[str, dict[str, dict[str, Any]]]:
    return {kind: {row["id"]: row for row in rows} for kind, rows in rules.scoring_table().items()}


def _lang() -> str:
    return get_language() or "ja"


def hands() -> dict[str, dict[str, Any]]:
    return _table()["hands"]


def bonuses() -> dict[str, dict[str, Any]]:
    return _table()["bonuses"]


def multipliers() -> dict[str, dict[str, Any]]:
    return _table()["multipliers"]


def hand_name(hand_id: str) -> str:
    return rules.hand_name(hand_id, _lang()) if hand_id in hands() else hand_id


def bonus_name(bonus_id: str) -> str:
    return rules.bonus_name(bonus_id, _lang()) if bonus_id in bonuses() else bonus_id


def multiplier_name(multiplier_id: str) -> str:
    if multiplier_id not in multipliers():
        return multiplier_id
    return rules.multiplier_name(multiplier_id, _lang())


def hand_choices() -> list[tuple[str, str]]:
    return [(h, f"{hand_name(h)} ({row['points']})") for h, row in hands().items()]


def bonus_choices() -> list[tuple[str, str]]:
    return [(b, f"{bonus_name(b)} (+{row['points']})") for b, row in bonuses().items()]


def multiplier_choices() -> list[tuple[str, str]]:
    return [(m, f"{multiplier_name(m)} (×{row['factor']})") for m, row in multipliers().items()]


def _check_multipliers(ids: Iterable[str]) -> tuple[str, ...]:
    ids = tuple(dict.fromkeys(ids))
    for multiplier in ids:
        if multiplier not in multipliers():
            raise ValueError(_("Unknown multiplier “%(id)s”.") % {"id": multiplier})
    return ids


def parse(cards: str | Sequence[str]) -> list[str]:
    """Card codes from text or a list; a ``ValueError`` names a malformed or repeated code."""
    try:
        return [card.code for card in rules.parse_cards(cards)]
    except ValueError as error:
        raise ValueError(card_error_text(error)) from error


def score_cards(
    cards: str | Sequence[str], element: str, multiplier_ids: Iterable[str] = ()
) -> ScoredHand:
    """The best reading of 11 cards for ``element`` (``best_hand``); ``ValueError`` if no win."""
    codes = parse(cards)
    if len(codes) != 11:
        raise ValueError(_("A winning hand has 11 cards, not %(count)s.") % {"count": len(codes)})
    ids = _check_multipliers(multiplier_ids)
    try:
        result = rules.best_hand(
            codes,
            element,
            genius="genius" in ids,
            surprise="surprise" in ids,
            last_judgement="last_judgement" in ids,
        )
    except rules.CardError as error:
        raise ValueError(card_error_text(error)) from error
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
        reading={key: data[key] for key in ("head", "melds", "majors")},
    )


def from_engine(reading: dict[str, Any], cards: Sequence[str] = ()) -> ScoredHand:
    """A hand an online table's engine already scored (``HandResult.to_json()``)."""
    return ScoredHand(
        hand=reading["hand"],
        base=reading["base"],
        bonuses=tuple(reading.get("bonuses", ())),
        multipliers=tuple(reading.get("multipliers", ())),
        total=reading["total"],
        cards=tuple(cards),
        reading={key: reading.get(key) for key in ("head", "melds", "majors")},
    )


def score_chosen(
    hand_id: str, bonus_ids: Iterable[str] = (), multiplier_ids: Iterable[str] = ()
) -> ScoredHand:
    """A hand named by id with its bonuses (sephirot hands only), times the multipliers."""
    row = hands().get(hand_id)
    if row is None:
        raise ValueError(_("Unknown hand “%(id)s”.") % {"id": hand_id})
    bonus_ids = tuple(dict.fromkeys(bonus_ids))
    for bonus in bonus_ids:
        if bonus not in bonuses():
            raise ValueError(_("Unknown bonus “%(id)s”.") % {"id": bonus})
    if bonus_ids and row["kind"] != "sephirot":
        raise ValueError(_("Bonuses belong to sephirot hands only."))
    for bonus in bonus_ids:
        replaced = [other for other in bonuses()[bonus]["replaces"] if other in bonus_ids]
        if replaced:
            raise ValueError(
                _("%(bonus)s replaces %(other)s: count only one of them.")
                % {"bonus": bonus_name(bonus), "other": bonus_name(replaced[0])}
            )
    ids = _check_multipliers(multiplier_ids)
    value = row["points"] + sum(rules.bonus_points(b) for b in bonus_ids)
    total = value * prod(rules.multiplier_factor(m) for m in ids)
    return ScoredHand(
        hand=hand_id, base=row["points"], bonuses=bonus_ids, multipliers=ids, total=total
    )
