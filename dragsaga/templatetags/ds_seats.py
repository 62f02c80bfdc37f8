"""A DragSaga seat's panel, rendered in parts once per look: ``{% ds_seat s view.phase ds.guard %}``.

Most moves change one seat or two; the others look as before, and the same to every viewer
at the table but for where the seat sits from them (and the viewer's own face-down cards,
which only their own panel shows). So the panel is its ``<article>`` tag (:func:`article`:
the seat's place, whether it is the viewer's, on turn), made for each viewer, around its
content (``partials/seat.html``), in three parts that change apart: the header (player,
dragon, start and turn badges), the stats (damage, cards in hand and discarded) and the
play (placed cards, target, whether it has chosen or answered an attack). A move mostly
changes one part of one seat (its damage, its placed cards, whose turn it is), and only
that part is rendered again. Each part is rendered from its *look* only: what its
template reads of the presenter's seat, the phase, and whether the seat is asked to guard
and has answered. A look already rendered in the page's language is reused; what a part
shows can never differ from the look it is filed under, since its template is given
nothing else.
"""

from __future__ import annotations

from functools import lru_cache
from html import escape
from typing import Any

from django import template
from django.template.loader import render_to_string
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

from games.regions import rendering
from games.regions.looks import Look

register = template.Library()

# Looks remembered per process, of each part: a few per seat of every table being played
# (the stats are few, and the same for many seats: 1,024 of them are most there are).
REMEMBERED_LOOKS = 2048
REMEMBERED_STATS = 1024

HeaderLook = tuple[str, str, bool, bool, Any]
StatsLook = tuple[int, int, int]


def header_look(seat: dict[str, Any]) -> HeaderLook:
    """What ``partials/_seat_header.html`` reads: the seat's player, its dragon's colour,
    whether it started the round, whether it is on turn and its player's presence."""
    return (
        seat["name"],
        seat["colour_name"],
        seat["start_player"],
        seat["turn"],
        seat.get("presence"),
    )


def stats_look(seat: dict[str, Any]) -> StatsLook:
    """What ``partials/_seat_stats.html`` reads: the seat's damage and card counts."""
    return seat["damage"], seat["hand_count"], seat["discard_count"]


def play_look(seat: dict[str, Any], phase: str, guard: dict[str, Any] | None) -> Look:
    """What ``partials/_seat_play.html`` reads, as its context: the seat's number, its
    placed cards (a back, or a face, whether it is the viewer's own face-down card, its
    flip's outcome and key), its target, whether it has chosen, the phase, and whether
    the seat is asked to guard and has answered."""
    number = seat["seat"]
    asked = guard is not None and number in guard["pending"]
    answered = asked and number in guard["answered"]
    placed = [
        None
        if p is None
        else {
            "face": p["face"],
            "face_down": bool(p.get("face_down")),
            "outcome": p["outcome"],
            "key": p["key"],
        }
        for p in seat["placed_cards"]
    ]
    s = {
        "seat": number,
        "placed_cards": placed,
        "target_name": seat["target_name"],
        "chosen": seat["chosen"],
    }
    asking = {"pending": [number], "answered": [number] if answered else []} if asked else None
    return Look({"s": s, "view": {"phase": phase}, "ds": {"guard": asking}})


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
    return mark_safe(_panel(seat, phase, guard, get_language() or ""))  # noqa: S308 - escaped


def _panel(seat: dict[str, Any], phase: str, guard: dict[str, Any] | None, language: str) -> str:
    """The seat's panel: its ``<article>`` around its three parts (each escaped)."""
    header = _header(header_look(seat), language)
    stats = _stats(stats_look(seat), language)
    play = _play(play_look(seat, phase, guard), language)
    return f"{article(seat)}{header}{stats}{play}\n  </article>"


@register.simple_tag
def ds_seat_panels(
    seats: list[dict[str, Any]], phase: str, guard: dict[str, Any] | None
) -> SafeString:
    """Every seat's panel (:func:`ds_seat`), in the presenter's order from the viewer, one
    a line as ``partials/seats.html`` lays them out."""
    language = get_language() or ""
    panels = (_panel(seat, phase, guard, language) for seat in seats)
    return mark_safe("".join(f"\n  {panel}\n  " for panel in panels))  # noqa: S308 - escaped


# The arrows the page draws from each seat to its target, during the turns.
ARROWS_HTML = mark_safe('<svg class="ds-arrows" aria-hidden="true"></svg>')


@register.simple_tag(takes_context=True, name="ds_seats_region")
def seats_region(context: template.Context | dict[str, Any]) -> SafeString:
    """The seats region (``rendering.seats_region``): every seat's panel
    (:func:`ds_seat_panels`) in turn order from the viewer, the arrows during the turns
    and an open attack (:func:`guard_window`)."""
    view = context.get("view")

    def panels() -> str:
        ds, phase = context["ds"], view["phase"]
        seats = ds_seat_panels(ds["seats"], phase, ds["guard"])
        arrows = ARROWS_HTML if phase == "turns" else ""
        guard = "" if not ds["guard"] else f"\n  {guard_window(ds['guard'])}\n  "
        return mark_safe(f"\n  {seats}\n  {arrows}\n  {guard}\n")  # noqa: S308 - escaped

    return rendering.seats_region(context, "ds", view["players"] if view else "", panels)


def guard_window(guard: dict[str, Any]) -> SafeString:
    """An open attack (``partials/_guard_window.html``): who attacks whom with which card,
    rendered once per attack and language."""
    look = {"attacker_name": guard["attacker_name"], "hit_names": guard["hit_names"]}
    return _guard_window(Look({"guard": {**look, "face": guard["face"]}}), get_language() or "")


@lru_cache(maxsize=REMEMBERED_STATS)
def _guard_window(look: Look, language: str) -> SafeString:
    return look.render("dragsaga/partials/_guard_window.html")


@register.simple_tag
def ds_flipped(placed: dict[str, Any]) -> SafeString:
    """A flipped card with what its flip did (``partials/flipped.html``), rendered once per
    card, outcome and language: it stays as it is while the rest of its panel changes."""
    p = {"face": placed["face"], "outcome": placed["outcome"], "key": placed["key"]}
    return _flipped(Look({"p": p}), get_language() or "")


@lru_cache(maxsize=REMEMBERED_LOOKS)
def _flipped(look: Look, language: str) -> SafeString:
    return look.render("dragsaga/partials/flipped.html")


@register.simple_tag
def ds_back() -> SafeString:
    """A face-down card's back (``partials/back.html``), rendered once per language."""
    return _back(get_language() or "")


@lru_cache(maxsize=4)
def _back(language: str) -> SafeString:
    return render_to_string("dragsaga/partials/back.html")


@lru_cache(maxsize=REMEMBERED_LOOKS)
def _header(look: HeaderLook, language: str) -> SafeString:
    name, colour_name, start_player, turn, presence = look
    s = {
        "name": name,
        "colour_name": colour_name,
        "start_player": start_player,
        "turn": turn,
        "presence": presence,
    }
    return render_to_string("dragsaga/partials/_seat_header.html", {"s": s})


@lru_cache(maxsize=REMEMBERED_STATS)
def _stats(look: StatsLook, language: str) -> SafeString:
    damage, hand_count, discard_count = look
    s = {"damage": damage, "hand_count": hand_count, "discard_count": discard_count}
    return render_to_string("dragsaga/partials/_seat_stats.html", {"s": s})


@lru_cache(maxsize=REMEMBERED_LOOKS)
def _play(look: Look, language: str) -> SafeString:
    return look.render("dragsaga/partials/_seat_play.html")
