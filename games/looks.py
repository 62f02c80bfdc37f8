"""A *look*: the plain data a remembered partial is rendered from, filed under its text.

The games' region tags (e.g. a prompt's) remember a partial's HTML per look and language,
and render the partial from the look alone, so what they show can never differ from the
look it is filed under. A look is made of dicts, lists, strings, numbers, booleans and
``None``; its repr is its text, and two looks are the same when their texts are (a repr
tells ``1.0`` from ``1`` and ``True``, which compare equal as keys).
"""

from __future__ import annotations

from typing import Any


class Look:
    """Plain data with its text, hashed and compared by the text."""

    __slots__ = ("data", "text")

    def __init__(self, data: dict[str, Any]) -> None:
        self.data, self.text = data, repr(data)

    def __hash__(self) -> int:
        return hash(self.text)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Look) and other.text == self.text
