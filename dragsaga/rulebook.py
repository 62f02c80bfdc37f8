"""The DragSaga rules page (``/rules/dragsaga/``, this game's ``rulebook`` hook): the card
sets tables play with, explained.

The club's sets are data an admin edits (``dragsaga.models.CardSet``); every one of them may
be chosen for a new table, so the page shows any of them (``?set=<id>``, the first set by
default: on a fresh install the seeded default set). Without any set in the database it
shows the engine's own default, as a new table would get.
"""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest
from django.utils.translation import gettext as _

from dragsaga.models import Card, CardSet
from dragsaga.rules.cards import default_card_set

TEMPLATE = "dragsaga/rulebook.html"


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
        dict(card, number=number, kind_label=Card.Kind(card["kind"]).label, effect=effect(card))
        for number, card in enumerate(cards, start=1)
    ]


def playable_sets() -> list[tuple[CardSet, list[dict[str, Any]]]]:
    """The club's card sets the engine accepts, each with its cards (in the sets' order)."""
    sets = []
    for card_set in CardSet.objects.prefetch_related("cards"):
        try:
            sets.append((card_set, card_set.rules_cards()))
        except ValueError:  # a set the engine refuses cannot be played: nothing to explain
            continue
    return sets


def page_context(request: HttpRequest) -> dict[str, Any]:
    """The page for the card set ``?set=`` names (a set's id; the first set without it)."""
    choice = request.GET.get("set")
    sets = playable_sets()
    if not sets:
        if choice is not None:
            raise Http404(_("There is no such card set."))
        return {"cards": card_rows(), "card_sets": [], "card_set": None}
    chosen = sets[0] if choice is None else next((s for s in sets if str(s[0].pk) == choice), None)
    if chosen is None:
        raise Http404(_("There is no such card set."))
    card_set, cards = chosen
    return {"cards": card_rows(cards), "card_sets": [s for s, _cards in sets], "card_set": card_set}
