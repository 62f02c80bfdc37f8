"""The games the club plays: a game's name -> its engine and how the web shows it.

Engines are imported on first use, so the platform starts even while a rules
package is still being written.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from importlib import import_module
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from games.engine import Action, Engine, State, check_action


def _load(path: str) -> Any:
    module, _sep, attribute = path.partition(":")
    return getattr(import_module(module), attribute)


@dataclass(frozen=True)
class GameKind:
    """One game: its engine (``module:attribute``) and its presenters module.

    The presenters module has ``present(view, seat, context) -> dict``, which turns
    ``engine.view(state, seat)`` into what the game's partial templates read,
    ``action_from_post(post) -> dict`` for actions posted as form fields, and
    ``OPTION_LABELS`` naming the table options for the lobby. The templates live
    in ``<template_dir>/regions.html`` and the partials it includes.
    """

    name: str
    label: str | Promise
    engine_path: str
    presenters_path: str
    template_dir: str
    # ``module:function(players, options, seed, **stacking)`` dealing a stacked game
    # (tests and puzzles); ``None`` when the game has none.
    stacked_path: str | None = None

    @cached_property
    def engine(self) -> Engine:
        return _load(self.engine_path)

    @cached_property
    def presenters(self) -> Any:
        return import_module(self.presenters_path)

    def checked_action(self, action: Any) -> Action:
        """``action`` if it has the shape of one of this game's actions (its engine's
        ``action_schema``), else ``IllegalAction(code="not_an_action")``."""
        return check_action(self.engine.action_schema, action)

    def initial_state(
        self,
        players: int,
        options: dict[str, Any],
        seed: int,
        now: float,
        stacking: dict[str, Any] | None = None,
    ) -> State:
        """A new game's state: shuffled from ``seed``, or dealt as ``stacking`` says."""
        if not stacking:
            return self.engine.new_game(players, options, seed, now=now)
        if self.stacked_path is None:
            raise ValueError(f"{self.name} has no stacked deals.")
        return _load(self.stacked_path)(players, options, seed, now=now, **stacking)


GAMES: dict[str, GameKind] = {}


def register(kind: GameKind) -> GameKind:
    GAMES[kind.name] = kind
    return kind


register(
    GameKind(
        name="dragonformula",
        label=_("Dragon Formula"),
        engine_path="dragonformula.rules.engine:ENGINE",
        presenters_path="dragonformula.presenters",
        template_dir="dragonformula",
        stacked_path="dragonformula.rules.game:stacked_game",
    )
)
register(
    GameKind(
        name="dragsaga",
        label=_("DragSaga"),
        engine_path="dragsaga.rules:ENGINE",
        presenters_path="dragsaga.presenters",
        template_dir="dragsaga",
    )
)


def game_kind(name: str) -> GameKind:
    """The game called ``name``; ``LookupError`` for a game the club does not play."""
    try:
        return GAMES[name]
    except KeyError:
        raise LookupError(f"No game called {name!r}.") from None


def engine_for(name: str) -> Engine:
    return game_kind(name).engine
