"""Turn-based tables in templates: the time left for a move, and the header's "your move"."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.translation import gettext as _

from games.turns import inbox

register = template.Library()


@register.filter
def time_left(seconds: float | None) -> str:
    """``seconds`` as a person reads a move's time left: "2 d 3 h", "5 h 20 min", "12 min"."""
    if seconds is None:
        return ""
    minutes = int(max(0.0, float(seconds)) // 60)
    days, rest = divmod(minutes, 24 * 60)
    hours, minutes = divmod(rest, 60)
    if days:
        return _("%(days)d d %(hours)d h") % {"days": days, "hours": hours}
    if hours:
        return _("%(hours)d h %(minutes)d min") % {"hours": hours, "minutes": minutes}
    return _("%(minutes)d min") % {"minutes": minutes}


@register.simple_tag(takes_context=True)
def your_move_count(context: template.Context) -> int:
    """How many turn-based tables wait on the signed-in member: one query on the indexed
    deadlines, on every page (none for a visitor who is not signed in)."""
    request: Any = context.get("request")
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return 0
    return inbox.count_for_member(user.pk)
