"""A Dragon Formula seat's panel, rendered once per look: ``{% df_seat s %}``.

Most moves change one seat; the others look the same as before, and the same to every
viewer at the table but for where the seat sits from them (and "you"). So the panel is its
``<article>`` tag (:func:`article`: the seat's place, element, whether it is on turn or
waited for), made for each viewer, around its content (``partials/seat.html``), rendered
from its *look* only: the hashable summary :func:`look` makes of the presenter's seat. A
look already rendered in the page's language is reused; what the panel shows can never
differ from the look it is filed under.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from html import escape
from typing import Any

from django import template
from django.template.loader import render_to_string
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

register = template.Library()

Look = tuple[tuple[tuple[str, Any], ...], tuple[tuple[str, bool], ...]]

# Looks remembered per process: a seat's own and everyone else's, a few each, of every
# table being played (some 1.5 kB each).
REMEMBERED_LOOKS = 2048
# What only the panel's ``<article>`` tag reads (the content reads every other field).
ARTICLE_ONLY = frozenset({"position", "waiting", "discards"})


def look(seat: Mapping[str, Any]) -> Look:
    """Everything ``partials/seat.html`` reads of a seat: its fields, and its discards as
    (card, still live) pairs (the template draws a card's face from its code)."""
    # In the presenter's order (always the same: a seat in another order would only miss).
    fields = tuple(
        (key, str(value) if key == "element_name" else value)
        for key, value in seat.items()
        if key not in ARTICLE_ONLY
    )
    return fields, tuple((card["code"], bool(card["live"])) for card in seat["discards"])


def article(seat: Mapping[str, Any]) -> SafeString:
    """The panel's opening tag: where the seat sits from the viewer, its element, whether
    it is on turn and whether it is waited for."""
    classes = f"df-seat pos-{seat['position']} element-{seat['element']}"
    classes += " on-turn" if seat["turn"] else ""
    classes += " waiting" if seat["waiting"] else ""
    # Escaped as a template escapes (Django's escape is html.escape, without its lazy check).
    return mark_safe(f'<article class="{escape(classes)}" data-seat="{seat["seat"]:d}">')  # noqa: S308


@register.simple_tag
def df_seat(seat: Mapping[str, Any]) -> SafeString:
    content = _content(look(seat), get_language() or "")
    return mark_safe(f"{article(seat)}{content}\n</article>\n")  # noqa: S308 - both escaped


@register.simple_tag
def df_discards(discards: list[dict[str, Any]]) -> SafeString:
    """A seat's row of discards (``partials/_discards.html``), rendered once per row (its
    cards, whether the last is still live) and language: it changes only when the seat
    discards, while the rest of its panel changes with every turn."""
    row = tuple((card["code"], bool(card["live"])) for card in discards)
    return _discards(row, get_language() or "")


@lru_cache(maxsize=REMEMBERED_LOOKS)
def _discards(row: tuple[tuple[str, bool], ...], language: str) -> SafeString:
    discards = [{"code": code, "live": live} for code, live in row]
    return render_to_string("dragonformula/partials/_discards.html", {"discards": discards})


@lru_cache(maxsize=REMEMBERED_LOOKS)
def _content(seat_look: Look, language: str) -> SafeString:
    fields, discards = seat_look
    seat = dict(fields)
    seat["discards"] = [{"code": code, "live": live} for code, live in discards]
    return render_to_string("dragonformula/partials/seat.html", {"s": seat})
