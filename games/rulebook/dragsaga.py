"""What the DragSaga rules page shows: the card set the engine plays with, explained."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from dragsaga.rules.cards import default_card_set

KIND_LABELS = {
    "melee": gettext_lazy("melee"),
    "ranged": gettext_lazy("ranged"),
    "guard": gettext_lazy("guard"),
}


def effect(card: dict[str, Any]) -> str:
    """A card's effect in the page's language, e.g. "target takes 3"."""
    if card["kind"] == "guard":
        blocks = set(card["blocks"])
        if blocks == {"melee", "ranged"}:
            return _("blocks one attack of either kind")
        if blocks == {"melee"}:
            return _("blocks one melee attack")
        return _("blocks one ranged attack")
    if card["scope"] == "all":
        return _("every other player takes %(damage)s") % {"damage": card["damage"]}
    return _("target takes %(damage)s") % {"damage": card["damage"]}


def card_rows(cards: list[dict[str, Any]] | None = None) -> list[dict[str, Any]]:
    """The card set (the engine's default unless given), each card with its kind and effect."""
    cards = default_card_set() if cards is None else cards
    return [
        dict(card, number=number, kind_label=KIND_LABELS[card["kind"]], effect=effect(card))
        for number, card in enumerate(cards, start=1)
    ]


def page_context() -> dict[str, Any]:
    return {"cards": card_rows()}
