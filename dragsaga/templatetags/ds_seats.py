"""A DragSaga seat's panel, rendered once per look: ``{% ds_seat s view.phase ds.guard %}``.

Most moves change one seat or two; the others look as before, and the same to every viewer
at the table but for where the seat sits from them (and the viewer's own face-down cards,
which only their own panel shows). So the panel is its ``<article>`` tag (:func:`article`:
the seat's place, whether it is the viewer's, on turn), made for each viewer, around its
content (``partials/seat.html``), rendered from its *look* only: what the template reads of
the presenter's seat, the phase, and whether the seat is asked to guard and has answered.
A look already rendered in the page's language is reused; what the panel shows can never
differ from the look it is filed under, since the template is given nothing else.
"""

from __future__ import annotations

import json
from functools import lru_cache
from html import escape
from typing import Any

from django import template
from django.template.loader import render_to_string
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

register = template.Library()

# Looks remembered per process: a few per seat of every table being played.
REMEMBERED_LOOKS = 2048

# What ``partials/seat.html`` reads of the presenter's seat, but its placed cards.
FIELDS = (
    "seat",
    "colour_name",
    "name",
    "turn",
    "start_player",
    "damage",
    "hand_count",
    "discard_count",
    "target_name",
    "chosen",
)

Look = tuple[tuple[Any, ...], tuple[Any, ...], str, bool, bool]


def look(seat: dict[str, Any], phase: str, guard: dict[str, Any] | None) -> Look:
    """Everything ``partials/seat.html`` reads: the seat's fields, its placed cards (a
    back, or a face and its flip's outcome as JSON), the phase, and whether the seat is
    asked to guard and has answered."""
    fields = tuple(str(seat[key]) if key == "colour_name" else seat[key] for key in FIELDS)
    placed = tuple(
        None
        if p is None
        else (
            json.dumps(p["face"], sort_keys=True),
            bool(p.get("face_down")),
            json.dumps(p["outcome"], sort_keys=True),
            p["key"],
        )
        for p in seat["placed_cards"]
    )
    asked = guard is not None and seat["seat"] in guard["pending"]
    return fields, placed, phase, asked, asked and seat["seat"] in guard["answered"]


def article(seat: dict[str, Any]) -> SafeString:
    """The panel's opening tag: where the seat sits from the viewer, its dragon's colour,
    whether it is the viewer's and on turn, and whom it targets."""
    classes = f"ds-seat pos-{seat['position']} dragon-{seat['colour']}"
    classes += " you" if seat["is_you"] else ""
    classes += " on-turn" if seat["turn"] else ""
    target = "" if seat["target"] is None else f' data-target="{seat["target"]:d}"'
    # Escaped as a template escapes (Django's escape is html.escape, without its lazy check).
    return mark_safe(f'<article class="{escape(classes)}" data-seat="{seat["seat"]:d}"{target}>')  # noqa: S308


@register.simple_tag
def ds_seat(seat: dict[str, Any], phase: str, guard: dict[str, Any] | None) -> SafeString:
    content = _content(look(seat, phase, guard), get_language() or "")
    return mark_safe(f"{article(seat)}{content}\n  </article>")  # noqa: S308 - both escaped


@register.simple_tag
def ds_flipped(placed: dict[str, Any]) -> SafeString:
    """A flipped card with what its flip did (``partials/flipped.html``), rendered once per
    card, outcome and language: it stays as it is while the rest of its panel changes."""
    face, outcome = json.dumps(placed["face"], sort_keys=True), json.dumps(placed["outcome"])
    return _flipped(face, outcome, placed["key"], get_language() or "")


@lru_cache(maxsize=REMEMBERED_LOOKS)
def _flipped(face: str, outcome: str, key: str, language: str) -> SafeString:
    p = {"face": json.loads(face), "outcome": json.loads(outcome), "key": key}
    return render_to_string("dragsaga/partials/flipped.html", {"p": p})


@register.simple_tag
def ds_back() -> SafeString:
    """A face-down card's back (``partials/back.html``), rendered once per language."""
    return _back(get_language() or "")


@lru_cache(maxsize=4)
def _back(language: str) -> SafeString:
    return render_to_string("dragsaga/partials/back.html")


@lru_cache(maxsize=REMEMBERED_LOOKS)
def _content(seat_look: Look, language: str) -> SafeString:
    fields, placed, phase, asked, answered = seat_look
    seat = dict(zip(FIELDS, fields, strict=True))
    seat["placed_cards"] = [
        None
        if p is None
        else {
            "face": json.loads(p[0]),
            "face_down": p[1],
            "outcome": json.loads(p[2]),
            "key": p[3],
        }
        for p in placed
    ]
    number = seat["seat"]
    guard = {"pending": [number], "answered": [number] if answered else []} if asked else None
    context = {"s": seat, "view": {"phase": phase}, "ds": {"guard": guard}}
    return render_to_string("dragsaga/partials/seat.html", context)
