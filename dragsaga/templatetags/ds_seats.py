"""A DragSaga seat's panel, rendered once per look: ``{% ds_seat s view.phase ds.guard %}``.

Most moves change one seat or two; the others look as before (and, but for the viewer's
own face-down cards, the same to every viewer at the table). The panel
(``partials/seat.html``) is rendered from its *look* only: the presenter's seat, whether
the table is choosing or placing, and whether the seat is asked to guard and has
answered. A look already rendered in the page's language is reused; what the panel shows
can never differ from the look it is filed under, since the panel is given nothing else.
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from django import template
from django.template.loader import render_to_string
from django.utils.safestring import SafeString
from django.utils.translation import get_language

register = template.Library()

# Looks remembered per process: a few per seat of every table being played.
REMEMBERED_LOOKS = 512


def look(seat: dict[str, Any], phase: str, guard: dict[str, Any] | None) -> str:
    """Everything ``partials/seat.html`` reads, as one JSON text."""
    asked = None if not guard else {"pending": guard["pending"], "answered": guard["answered"]}
    return json.dumps([seat, phase, asked], sort_keys=True, default=str)


@register.simple_tag
def ds_seat(seat: dict[str, Any], phase: str, guard: dict[str, Any] | None) -> SafeString:
    return _panel(look(seat, phase, guard), get_language() or "")


@lru_cache(maxsize=REMEMBERED_LOOKS)
def _panel(seat_look: str, language: str) -> SafeString:
    seat, phase, asked = json.loads(seat_look)
    context = {"s": seat, "view": {"phase": phase}, "ds": {"guard": asked}}
    return render_to_string("dragsaga/partials/seat.html", context)
