"""A *look*: the plain data a remembered partial is rendered from, filed under its text.

The games' region tags (e.g. a prompt's) remember a partial's HTML per look and language,
and render the partial from the look alone (:meth:`Look.render`), so what they show can
never differ from the look it is filed under. Once rendered, a look keeps its text only:
what a cache holds is strings, which the garbage collector never walks.

A look is made of dicts, lists, strings, numbers, booleans and ``None``; its repr in ASCII
is its text (half the memory of a repr with Japanese names in it), and two looks are the
same when their texts are (a repr tells ``1.0`` from ``1`` and ``True``, which compare
equal as keys).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from django.template.loader import render_to_string
from django.utils.safestring import SafeString


class Look:
    """Plain data with its text, hashed and compared by the text."""

    __slots__ = ("data", "text")

    def __init__(self, data: dict[str, Any]) -> None:
        self.data: dict[str, Any] | None = data
        self.text = ascii(data)

    def render(self, template_name: str) -> SafeString:
        """``template_name`` rendered with the look as its whole context; the data is let
        go (the look stays filed under its text)."""
        assert self.data is not None, "a look is rendered once, by the cache it is filed in"
        data, self.data = self.data, None
        return render_to_string(template_name, data)

    def __hash__(self) -> int:
        return hash(self.text)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Look) and other.text == self.text


# Regions remembered per process, each per look and language (:func:`region`): a viewer's
# hand, prompt or result screen stays as it is through most of the others' moves. A few
# per seat of every table being played; 1-5 kB each.
REMEMBERED_REGIONS = 2048


@lru_cache(maxsize=REMEMBERED_REGIONS)
def region(template_name: str, look: Look, language: str) -> SafeString:
    """A table region's partial rendered from its look alone (in ``language``, the active
    one), once: the viewers and moves it looks the same to share it."""
    return look.render(template_name)
