"""The battle cards as data: loading, validating and looking up a card set.

A card set is a list of 15 card dicts (the rules page /rules/dragsaga/: "the card set is data").
Each card, once validated, has every key below:

- ``id``: a short code (lowercase letters, digits, ``_``), unique in the set;
- ``name_ja`` / ``name_en``: the card's names;
- ``kind``: ``"melee"``, ``"ranged"`` or ``"guard"``;
- ``cost``: 1..6; the three cost-6 cards are the 神龍 divine dragons;
- ``damage``: what an attack deals to each player it hits (0 for a guard);
- ``scope``: ``"target"`` (the attacker's target) or ``"all"`` (every other player);
  ``None`` for a guard;
- ``blocks``: the attack kinds a guard stops (``["melee"]``, ``["ranged"]`` or both);
  ``[]`` for an attack.

A malformed set is refused with a ``ValueError`` naming the bad card.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Sequence
from functools import cache
from pathlib import Path
from typing import Any

Card = dict[str, Any]

ATTACK_KINDS = ("melee", "ranged")
KINDS = (*ATTACK_KINDS, "guard")
SCOPES = ("target", "all")
SET_SIZE = 15
MIN_COST = 1
MAX_COST = 6
DIVINE_COST = 6
DIVINE_COUNT = 3
MAX_DAMAGE = 20

DEFAULT_SET_PATH = Path(__file__).resolve().parents[2] / "seeds" / "dragsaga_cards.json"

_ID = re.compile(r"^[a-z0-9_]{1,40}$")
_KEYS = {"id", "name_ja", "name_en", "kind", "cost", "damage", "scope", "blocks"}


def default_card_set() -> list[Card]:
    """The default 15-card set shipped in ``seeds/dragsaga_cards.json``, validated
    (a fresh copy each call)."""
    return json.loads(_default_set_text())


@cache
def _default_set_text() -> str:
    with DEFAULT_SET_PATH.open(encoding="utf-8") as handle:
        return json.dumps(validate_card_set(json.load(handle)), ensure_ascii=False)


def validate_card_set(raw: Any) -> list[Card]:
    """Return the set with every card normalised; raise ``ValueError`` naming a bad card."""
    if not isinstance(raw, list):
        raise ValueError("The card set must be a list of cards.")
    if len(raw) != SET_SIZE:
        raise ValueError(f"A card set has exactly {SET_SIZE} cards, not {len(raw)}.")
    cards = [_validate_card(entry, position) for position, entry in enumerate(raw, start=1)]
    seen: set[str] = set()
    for card in cards:
        if card["id"] in seen:
            raise ValueError(f"Card {card['id']!r}: duplicate id (each card appears once).")
        seen.add(card["id"])
    divine = [card["id"] for card in cards if card["cost"] == DIVINE_COST]
    if len(divine) != DIVINE_COUNT:
        named = ", ".join(divine) or "none"
        raise ValueError(
            f"A card set has exactly {DIVINE_COUNT} cost-{DIVINE_COST} divine dragon cards, "
            f"not {len(divine)} ({named})."
        )
    return cards


def _validate_card(entry: Any, position: int) -> Card:
    if not isinstance(entry, dict):
        raise ValueError(f"Card #{position}: must be an object with the card's fields.")
    raw_id = entry.get("id")
    if not isinstance(raw_id, str) or not _ID.match(raw_id):
        raise ValueError(
            f"Card #{position}: id {raw_id!r} must be 1-40 lowercase letters, digits or '_'."
        )
    name = repr(raw_id)

    def bad(reason: str) -> ValueError:
        return ValueError(f"Card {name}: {reason}")

    unknown = sorted(set(entry) - _KEYS)
    if unknown:
        raise bad(f"unknown field(s) {', '.join(unknown)}.")
    for key in ("name_ja", "name_en"):
        if not isinstance(entry.get(key), str) or not entry[key].strip():
            raise bad(f"{key} must be a non-empty text.")
    kind = entry.get("kind")
    if kind not in KINDS:
        raise bad(f"unknown kind {kind!r} (melee, ranged or guard).")
    cost = entry.get("cost")
    if not _is_int(cost) or not MIN_COST <= cost <= MAX_COST:
        raise bad(f"cost {cost!r} is outside {MIN_COST}-{MAX_COST}.")
    card: Card = {
        "id": raw_id,
        "name_ja": entry["name_ja"].strip(),
        "name_en": entry["name_en"].strip(),
        "kind": kind,
        "cost": cost,
    }
    if kind == "guard":
        blocks = entry.get("blocks")
        if (
            not isinstance(blocks, list)
            or not blocks
            or any(b not in ATTACK_KINDS for b in blocks)
            or len(set(blocks)) != len(blocks)
        ):
            raise bad(f"a guard blocks melee and/or ranged attacks, not {blocks!r}.")
        if entry.get("damage", 0) != 0 or entry.get("scope") is not None:
            raise bad("a guard deals no damage and has no scope.")
        card.update(damage=0, scope=None, blocks=[k for k in ATTACK_KINDS if k in blocks])
    else:
        damage = entry.get("damage")
        if not _is_int(damage) or not 1 <= damage <= MAX_DAMAGE:
            raise bad(f"an attack deals 1-{MAX_DAMAGE} damage, not {damage!r}.")
        scope = entry.get("scope")
        if scope not in SCOPES:
            raise bad(f"unknown scope {scope!r} (target or all).")
        if entry.get("blocks"):
            raise bad("an attack blocks nothing.")
        card.update(damage=damage, scope=scope, blocks=[])
    return card


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class CardSet:
    """Lookups over a validated card set, in the set's order."""

    def __init__(self, cards: Sequence[Card]) -> None:
        self.cards = list(cards)
        self.by_id = {card["id"]: card for card in self.cards}
        self.order = {card["id"]: index for index, card in enumerate(self.cards)}
        self.min_cost = min(card["cost"] for card in self.cards)

    def __getitem__(self, card_id: str) -> Card:
        return self.by_id[card_id]

    def name(self, card_id: Any) -> str:
        """The card's English name (a refusal's plain message); an id the set lacks, quoted."""
        card = self.by_id.get(card_id) if isinstance(card_id, str) else None
        return card["name_en"] if card else repr(card_id)

    def named(self, card_id: Any) -> dict[str, Any]:
        """A refusal's params for a card: its id and, when the set has it, its names
        (``card_ja``/``card_en``), so a player reads the name in their language, not the id."""
        card = self.by_id.get(card_id) if isinstance(card_id, str) else None
        if card is None:
            return {"card": str(card_id)}
        return {"card": card_id, "card_ja": card["name_ja"], "card_en": card["name_en"]}

    def divine(self) -> list[str]:
        """The divine dragon cards (cost 6), in set order."""
        return [card["id"] for card in self.cards if card["cost"] == DIVINE_COST]

    def sorted(self, card_ids: Iterable[str]) -> list[str]:
        """``card_ids`` in the set's order (how a hand is kept)."""
        return sorted(card_ids, key=self.order.__getitem__)

    def cost(self, card_ids: Iterable[str]) -> int:
        return sum(self.by_id[card_id]["cost"] for card_id in card_ids)

    def is_attack(self, card_id: str) -> bool:
        return self.by_id[card_id]["kind"] in ATTACK_KINDS

    def blocks(self, guard_id: str, attack_id: str) -> bool:
        """Whether guard ``guard_id`` stops attack ``attack_id``."""
        return self.by_id[attack_id]["kind"] in self.by_id[guard_id]["blocks"]
