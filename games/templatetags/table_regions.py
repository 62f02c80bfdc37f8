"""The table's regions worded in Python (``games.regions.rendering``), for its page's templates."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.safestring import SafeString

from games.presence import at_the_table
from games.regions import rendering
from games.tables import alerts

register = template.Library()


@register.simple_tag(takes_context=True)
def seen_region(context: template.Context) -> SafeString:
    """What the viewer's next action posts with it (``rendering.seen_region``)."""
    return rendering.seen_region(context)


@register.simple_tag(takes_context=True)
def clock_region(context: template.Context) -> SafeString:
    """The clock of the seats the table waits for (``rendering.clock_region``)."""
    return rendering.clock_region(context)


@register.simple_tag(takes_context=True)
def catch_up_region(context: template.Context) -> SafeString:
    """A returning player's catch-up (``rendering.catch_up_region``)."""
    return rendering.catch_up_region(context)


@register.simple_tag
def presence_badge(shown: tuple[Any, ...] | None) -> SafeString:
    """A seat's presence: online, away for how long, or a bot playing for its player."""
    return at_the_table.presence_badge(shown)


@register.simple_tag
def countdown(remaining: float) -> SafeString:
    """A countdown from ``remaining`` seconds (``rendering.countdown``)."""
    return rendering.countdown(remaining)


@register.simple_tag(takes_context=True)
def table_alerts(context: template.Context) -> dict[str, bool]:
    """The alerts this browser's session turned on (``games.tables.alerts``)."""
    request = context.get("request")
    return alerts.chosen(getattr(request, "session", None))
