"""A game's own pages: its rules page and its learning pages, and its demo (all optional).

A game that names a ``rulebook_path`` gives a :class:`Rulebook` (its page at
``/rules/<name>/``), one that names a ``learn_path`` a :class:`Learning` (the cheat sheet
at every table and the guided first game). Without them those pages are a 404 and no
page links them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from games.contract.reading import required


@dataclass(frozen=True)
class Rulebook:
    TEMPLATE: str = required("TEMPLATE: the rules page's template")
    # ``page_context(request) -> dict``: what the page shows (may raise ``Http404``).
    page_context: Callable[[Any], dict[str, Any]] = required(
        "page_context(request) -> dict: what the rules page shows"
    )


@dataclass(frozen=True)
class Learning:
    # ``cheat_sheet_context() -> dict``: what ``<template_dir>/cheat_sheet.html`` shows.
    cheat_sheet_context: Callable[[], dict[str, Any]] = required(
        "cheat_sheet_context() -> dict: what <template_dir>/cheat_sheet.html shows"
    )
    GUIDED: Any = required("GUIDED: the guided first game, a games.learn.guided.Guide")


@dataclass(frozen=True)
class Demo:
    """The demo tables of a game (the module of its ``demo_path``), each a list of
    ``games.tables.actions.opening.create_table`` arguments but the game's name: tables
    with empty seats to sit at, and tables the bots play among themselves, to watch."""

    OPEN_TABLES: Sequence[Mapping[str, Any]] = ()
    SHOW_TABLES: Sequence[Mapping[str, Any]] = ()
