"""Pick the Japanese or English field of seed data for the page's language.

The seeds carry names in both languages (``name_ja`` / ``name_en``); a page
shows the one of the active language: ``{{ card|bilingual:"name" }}``.
"""

from collections.abc import Mapping
from typing import Any

from django import template
from django.utils.translation import get_language

register = template.Library()


def language_suffix() -> str:
    """``"en"`` while English is active, ``"ja"`` otherwise (Japanese is the default)."""
    return "en" if (get_language() or "ja").startswith("en") else "ja"


def pick(data: Any, field: str) -> str:
    """``data[field_ja]`` or ``data[field_en]`` (dict keys or attributes), falling back to the other."""
    suffix = language_suffix()
    other = "ja" if suffix == "en" else "en"
    for lang in (suffix, other):
        key = f"{field}_{lang}"
        value = data.get(key) if isinstance(data, dict) else getattr(data, key, None)
        if value:
            return str(value)
    return ""


@register.filter
def bilingual(data: Any, field: str = "name") -> str:
    return pick(data, field)


@register.filter
def other_language(data: Any, field: str = "name") -> str:
    """The same field in the language not shown, e.g. for a card's small second name."""
    other = "en" if language_suffix() == "ja" else "ja"
    key = f"{field}_{other}"
    value = data.get(key) if isinstance(data, dict) else getattr(data, key, None)
    return str(value or "")


class Words:
    """Fixed words by key (lazy translations, e.g. the elements' names), worded once per
    language: what a table's every viewer is shown after every move, read as plain strings
    (each ``str()`` of a lazy translation asks for the active language again)."""

    def __init__(self, words: Mapping[str, Any]) -> None:
        self._words = words
        self._worded: dict[str, dict[str, str]] = {}

    def worded(self) -> dict[str, str]:
        """Every word in the active language."""
        language = get_language() or ""
        worded = self._worded.get(language)
        if worded is None:  # two threads may word it at once: the same words either way
            worded = {key: str(word) for key, word in self._words.items()}
            self._worded[language] = worded
        return worded
