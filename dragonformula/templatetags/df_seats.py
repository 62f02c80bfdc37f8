"""A Dragon Formula seat's panel, rendered once per look: ``{% df_seat s %}``.

Most moves change one seat; the others look the same as before, and the same to every
viewer at the table but for where the seat sits from them (and "you"). So the panel is its
``<article>`` tag (:func:`article`: the seat's place, element, whether it is on turn or
waited for), made for each viewer, around its content (``partials/seat.html``), rendered
from its *look* only: the hashable summary :func:`look` makes of the presenter's seat. A
look already rendered in the page's language is reused; what the panel shows can never
differ from the look it is filed under. Its row of discards follows (:func:`discards_row`),
joined from its cards, each rendered once per card: the row is the largest part of a panel
(a card face each) and changes with every discard, so it is kept in no look of the seat.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from html import escape
from typing import Any

from django import template
from django.template.loader import render_to_string
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, gettext

from games.regions import rendering

register = template.Library()

Look = tuple[tuple[str, Any], ...]

# Looks remembered per process: a seat's own and everyone else's, a few each, of every
# table being played (about 1 kB each).
REMEMBERED_LOOKS = 2048
# A row of discards around its cards (``partials/_discard.html`` each).
DISCARDS_HTML = '  <div class="discards" role="group" aria-label="{}">{}</div>'
# What the panel's content does not read: the ``<article>`` tag's and the discards' fields.
NOT_IN_CONTENT = frozenset({"position", "waiting", "discards"})


def look(seat: Mapping[str, Any]) -> Look:
    """Everything ``partials/seat.html`` reads of a seat: its fields but where it sits,
    whether it is waited for and its discards."""
    # In the presenter's order (always the same: a seat in another order would only miss);
    # its words already in the table's language (presenters.ELEMENT_WORDS).
    return tuple(item for item in seat.items() if item[0] not in NOT_IN_CONTENT)


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
    return mark_safe(_panel(seat, get_language() or ""))  # noqa: S308 - escaped


@register.simple_tag(takes_context=True, name="df_seats_region")
def seats_region(context: template.Context | dict[str, Any]) -> SafeString:
    """The seats region (``rendering.seats_region``): the other seats' panels
    (:func:`df_seat`) in turn order from the viewer, then the viewer's own (a spectator's:
    the first seat's)."""

    def panels() -> str:
        df, language = context["df"], rendering.language_of(context)
        own = df["you"] or df["spectating_seat"]
        others = "".join(_panel(seat, language) for seat in df["others"])
        return mark_safe(f"\n  {others}\n  {_panel(own, language) if own else ''}\n")  # noqa: S308

    return rendering.seats_region(context, "df", context["table"].players, panels)


def _panel(seat: Mapping[str, Any], language: str) -> str:
    """The seat's panel: its ``<article>`` around its content and row of discards (each escaped)."""
    content, discards = _content(look(seat), language), discards_row(seat["discards"], language)
    return f"{article(seat)}{content}{discards}\n</article>\n"


def discards_row(discards: list[dict[str, Any]], language: str) -> SafeString:
    """A seat's row of discards, oldest first: each card as it lies (:func:`_discard`, once
    per card, whether it is still live, and language), joined when asked.

    Rows themselves are not remembered. A row changes with every discard, so remembered
    rows were mostly outgrown ones: 519 of them held 4.7 MB at the end of
    ``bench/abuse.py``, while joining a row from its remembered cards takes some 5 µs
    against 3 µs to find it whole (docs/performance.md, "Under abuse")."""
    cards = "".join(_discard(card["code"], bool(card["live"]), language) for card in discards)
    return mark_safe(DISCARDS_HTML.format(_discards_label(language), cards))  # noqa: S308


@lru_cache(maxsize=4 * 78)  # both languages, each card live or not
def _discard(code: str, live: bool, language: str) -> SafeString:
    return render_to_string("dragonformula/partials/_discard.html", {"code": code, "live": live})


@lru_cache(maxsize=4)
def _discards_label(language: str) -> str:
    """The row's name for screen readers, escaped, in ``language`` (the active one)."""
    return escape(gettext("discards"))


@lru_cache(maxsize=REMEMBERED_LOOKS)
def _content(seat_look: Look, language: str) -> SafeString:
    return render_to_string("dragonformula/partials/seat.html", {"s": dict(seat_look)})
