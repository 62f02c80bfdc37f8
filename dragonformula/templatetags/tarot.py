"""Tarot words for Dragon Formula's templates: card, hand, bonus names, and the event log."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from dragonformula.rules import hands

register = template.Library()


def _lang() -> str:
    return "ja" if (get_language() or "ja").startswith("ja") else "en"


@register.filter
def card_name(face: dict[str, Any] | None) -> str:
    if not face:
        return ""
    return face["name_ja"] if _lang() == "ja" else face["name_en"]


@register.filter
def hand_name(hand_id: str) -> str:
    return hands.hand_name(hand_id, _lang())


@register.filter
def bonus_name(bonus_id: str) -> str:
    return hands.bonus_name(bonus_id, _lang())


@register.filter
def bonus_points(bonus_id: str) -> int:
    return hands.bonus_points(bonus_id)


@register.filter
def multiplier_name(multiplier_id: str) -> str:
    return hands.multiplier_name(multiplier_id, _lang())


@register.filter
def multiplier_factor(multiplier_id: str) -> int:
    return hands.multiplier_factor(multiplier_id)


@register.simple_tag
def df_event(event: dict[str, Any]) -> str:
    """One event of the table as a sentence (the presenter added names and card faces)."""
    kind = event["type"]
    who = event.get("seat_name", "")
    card = card_name(event.get("face"))
    if kind == "game_start":
        return _("Set %(set)s, game %(game)s: %(starter)s starts.") % {
            "set": event.get("set"),
            "game": event.get("game"),
            "starter": event.get("starter_name", ""),
        }
    if kind == "draw":
        if event.get("face"):
            return _("You draw %(card)s.") % {"card": card}
        return _("%(seat)s draws (%(pile)s left).") % {"seat": who, "pile": event.get("pile")}
    if kind == "discard":
        return _("%(seat)s discards %(card)s.") % {"seat": who, "card": card}
    if kind == "window_closed":
        if event.get("taker") is None:
            return _("Nobody picks %(card)s.") % {"card": card}
        return _("%(taker)s takes %(card)s.") % {"taker": event.get("taker_name"), "card": card}
    if kind == "pick":
        return _("%(seat)s picks %(card)s.") % {"seat": who, "card": card}
    if kind == "discard_major":
        return _("%(seat)s discards the major %(card)s.") % {"seat": who, "card": card}
    if kind == "dan":
        return _("%(seat)s declares Dan!") % {"seat": who}
    if kind == "pick_and_dan":
        return _("%(seat)s picks %(card)s and declares Dan!") % {"seat": who, "card": card}
    if kind == "win":
        return _("%(seat)s wins with %(hand)s for %(points)s points.") % {
            "seat": who,
            "hand": hand_name(event["reading"]["hand"]),
            "points": event["points"],
        }
    if kind == "false_dan":
        return _("%(seat)s declared a false Dan: %(points)s points.") % {
            "seat": who,
            "points": event["points"],
        }
    if kind == "exhaust":
        return _("The pile is empty: the game ends with no winner.")
    if kind == "set_end":
        return _("Set %(set)s is over.") % {"set": event.get("set")}
    return kind
