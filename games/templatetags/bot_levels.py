"""Bot levels in the reader's language: the engines name them ``random``, ``smart``,
``heuristic``, ``strong``; forms, the lobby, seats and stand-ins show these words instead."""

from __future__ import annotations

from django import template
from django.utils.translation import pgettext_lazy

register = template.Library()

LABELS = {
    "random": pgettext_lazy("bot level", "random"),
    "smart": pgettext_lazy("bot level", "smart"),
    "heuristic": pgettext_lazy("bot level", "tactical"),
    "strong": pgettext_lazy("bot level", "strong"),
}


@register.filter
def bot_level_name(level: str) -> str:
    """The level's word (an unknown level, e.g. a retired one, is shown as it is)."""
    return str(LABELS.get(level, level)) if level else ""


def bot_level_choices(levels: list[str] | tuple[str, ...]) -> list[tuple[str, str]]:
    return [(level, bot_level_name(level)) for level in levels]
