"""The table's regions worded in Python (``games.rendering``), for its page's templates."""

from __future__ import annotations

from django import template
from django.utils.safestring import SafeString

from games import rendering

register = template.Library()


@register.simple_tag(takes_context=True)
def seen_region(context: template.Context) -> SafeString:
    """What the viewer's next action posts with it (``rendering.seen_region``)."""
    return rendering.seen_region(context)


@register.simple_tag
def countdown(remaining: float) -> SafeString:
    """A countdown from ``remaining`` seconds (``rendering.countdown``)."""
    return rendering.countdown(remaining)
