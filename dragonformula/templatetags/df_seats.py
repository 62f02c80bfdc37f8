"""A Dragon Formula seat's panel, rendered once per look: ``{% df_seat s %}``.

Most moves change one seat; the others look the same as before, and the same to
every viewer at the table (but for "you"). The panel (``partials/seat.html``) is
rendered from its *look* only, the hashable summary :func:`look` makes of the
presenter's seat, so a look already rendered in the page's language is reused.
What the panel shows can never differ from the look it is filed under.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from django import template
from django.template.loader import render_to_string
from django.utils.safestring import SafeString
from django.utils.translation import get_language

register = template.Library()

Look = tuple[tuple[tuple[str, Any], ...], tuple[tuple[str, bool], ...]]

# Looks remembered per process: a few per seat of every table being played.
REMEMBERED_LOOKS = 512


def look(seat: Mapping[str, Any]) -> Look:
    """Everything ``partials/seat.html`` reads of a seat: its fields, and its discards as
    (card, still live) pairs (the template draws a card's face from its code)."""
    fields = tuple(
        sorted(
            (key, str(value) if key == "element_name" else value)
            for key, value in seat.items()
            if key != "discards"
        )
    )
    return fields, tuple((card["code"], bool(card["live"])) for card in seat["discards"])


@register.simple_tag
def df_seat(seat: Mapping[str, Any]) -> SafeString:
    return _panel(look(seat), get_language() or "")


@lru_cache(maxsize=REMEMBERED_LOOKS)
def _panel(seat_look: Look, language: str) -> SafeString:
    fields, discards = seat_look
    seat = dict(fields)
    seat["discards"] = [{"code": code, "live": live} for code, live in discards]
    return render_to_string("dragonformula/partials/seat.html", {"s": seat})
