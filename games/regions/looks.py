"""A *look*: the plain data a remembered partial is rendered from, filed under its text.

The games' region tags (e.g. a prompt's) remember a partial's HTML per look and language,
and render the partial from the look alone (:meth:`Look.render`), so what they show can
never differ from the look it is filed under. Once rendered, a look keeps its text only:
what a cache holds is strings and bytes, which the garbage collector never walks.

A look is made of dicts, lists, tuples, strings, numbers, booleans and ``None``; its text
is what ``marshal`` (version 2, the last without references to repeated objects, so equal
looks always give equal bytes) makes of it: the standard library's own format for exactly
these types, faster than a repr in ASCII and no larger (UTF-8, not
``\\u`` escapes). Two looks are the same when their texts are: the bytes say each value's
type (``1.0`` is not ``1`` nor ``True``, which compare equal as keys, a tuple is not a
list), and anything else (a lazy translation, a marked-safe string) cannot be a look's.
"""

from __future__ import annotations

import marshal
from typing import Any

from django.template.loader import render_to_string
from django.utils.safestring import SafeString

from games.regions.recent import remembered

# marshal's version 2: no references (version 3 on), which would make two equal looks' bytes
# differ with how their strings are shared or interned.
LOOK_FORMAT = 2


def text_of(data: Any) -> bytes:
    """Plain data's text as a look's (e.g. an event's, which a log line is filed under)."""
    return marshal.dumps(data, LOOK_FORMAT)


def data_of(text: bytes) -> Any:
    """The data back from :func:`text_of`'s text (this process's own, never outside bytes)."""
    return marshal.loads(text)


class Look:
    """Plain data with its text, hashed and compared by the text."""

    __slots__ = ("data", "text")

    def __init__(self, data: dict[str, Any]) -> None:
        self.data: dict[str, Any] | None = data
        self.text = text_of(data)

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
# ... and each for this many seconds after it was last asked for. A table's regions are
# asked for at every move; a region nobody has asked for in a minute belongs to a table
# that moved on or went quiet, and its look would otherwise be held until 2,048 newer ones
# pushed it out (docs/performance.md, "Under abuse").
REGION_SECONDS = 60.0


@remembered(REMEMBERED_REGIONS, REGION_SECONDS)
def region(template_name: str, look: Look, language: str) -> SafeString:
    """A table region's partial rendered from its look alone (in ``language``, the active
    one), once: the viewers and moves it looks the same to share it."""
    return look.render(template_name)
