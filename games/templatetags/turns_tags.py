"""Turn-based tables in templates: the time left for a move, and the header's "your move"."""

from __future__ import annotations

from typing import Any

from django import template

from games.turns import inbox
from games.turns.time_left import time_left as time_left_of

register = template.Library()


@register.filter
def time_left(seconds: float | None) -> str:
    """``seconds`` as a person reads a move's time left (``games.turns.time_left``)."""
    return time_left_of(seconds)


@register.simple_tag(takes_context=True)
def your_move_count(context: template.Context) -> int:
    """How many turn-based tables wait on the signed-in member: one query on the indexed
    deadlines, on every page (none for a visitor who is not signed in)."""
    request: Any = context.get("request")
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return 0
    return inbox.count_for_member(user.pk)
