"""How a game's part is read from the module the game names: once, at registration.

Each part of the contract is a frozen dataclass (``games.contract.presenters.Presenters``
…). Its fields without a default are the part's required names; the others are optional,
and the dataclass's default is what the platform does for a game that leaves them out.
:func:`read_part` fills a part from a module, so the platform reads ``kind.presenters.X``
as a typed attribute and never looks a name up by its string again.
"""

from __future__ import annotations

import dataclasses
from importlib import import_module
from types import ModuleType
from typing import Any, TypeVar

from django.core.exceptions import ImproperlyConfigured

Part = TypeVar("Part")
_ABSENT = object()


class ContractError(ImproperlyConfigured):
    """A game that cannot join: what it lacks, in a sentence naming the game and the part."""


def missing(game: str, part: str, name: str, why: str = "") -> ContractError:
    """The start-up error for the game ``game`` lacking ``name`` in its ``part``."""
    because = f" ({why})" if why else ""
    return ContractError(
        f"The game {game!r} cannot join the club: its {part} has no {name}, a part every "
        f"game gives{because}. See docs/adding-a-game.md."
    )


def read_module(game: str, part: str, path: str) -> ModuleType:
    """The module a game names for ``part``; a :class:`ContractError` naming it if it does
    not import (the import's own error is chained)."""
    try:
        return import_module(path)
    except ImportError as error:
        raise ContractError(
            f"The game {game!r} cannot join the club: its {part} {path!r} does not "
            f"import ({error})."
        ) from error


def read_part(cls: type[Part], module: Any, game: str, part: str) -> Part:
    """``cls`` filled from the names ``module`` defines; a required one missing is a
    :class:`ContractError` naming ``game`` and ``part``."""
    values: dict[str, Any] = {}
    for field in dataclasses.fields(cls):  # type: ignore[arg-type]
        value = getattr(module, field.name, _ABSENT)
        if value is not _ABSENT:
            values[field.name] = value
        elif field.default is dataclasses.MISSING and field.default_factory is dataclasses.MISSING:
            raise missing(game, part, field.name, field.metadata.get("why", ""))
    return cls(**values)


def required(why: str) -> Any:
    """A field every game gives: ``why`` is what the start-up error says it is for."""
    return dataclasses.field(metadata={"why": why})
