"""The games the club plays: a game's name -> its parts, as the game contract types them.

The platform (``games``) knows no game: each game app registers its :class:`RegisteredGame`
in its ``AppConfig.ready()``, naming its parts by dotted paths (so the platform imports no
game app). :func:`register` reads and checks every part then (``games.contract``: a game
lacking a required part stops the start-up with a sentence naming it), and the platform
reaches the game through the typed parts alone: ``engine`` (``games.engine.Engine``),
``presenters`` (``games.contract.Presenters``), ``league`` (``games.contract.LeagueScoring``),
``rulebook``, ``learn``, ``refusals``. docs/adding-a-game.md lists every part in the order
a game is written.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from importlib import import_module
from typing import Any, TypeVar

from django.dispatch import Signal
from django.utils.functional import Promise

from games.contract import (
    Demo,
    LeagueScoring,
    Learning,
    Presenters,
    Refusals,
    Rulebook,
    check_game,
    read_part,
)
from games.contract.reading import read_module
from games.engine import Action, Engine, State, check_action

Part = TypeVar("Part")
NO_LEAGUE = LeagueScoring()


def load(path: str) -> Any:
    module, _sep, attribute = path.partition(":")
    return getattr(import_module(module), attribute)


@dataclass(frozen=True)
class RegisteredGame:
    """One game: its name and label, and the dotted paths of its parts (``games.contract``).

    ``engine_path`` is ``module:attribute``; ``presenters_path``, ``league_path``,
    ``rulebook_path``, ``learn_path`` and ``refusals_path`` are modules; ``template_dir``
    is the folder of its templates (``<template_dir>/table.html``); ``stylesheet`` the
    static path of its CSS (``<app>/static/<name>/…``), linked on every page after the
    club's own; ``print_stylesheet`` that of its score sheets' CSS, linked on every sheet
    (inlined in its PDF) after the club's ``print.css``. ``stacked_path`` deals a stacked game
    (``module:function(players, options, seed, now=, **stacking)``: tests and puzzles),
    ``deal_path`` reads the deal ``/verify/`` shows (``module:function(state) ->
    games.trust.fairness.Deal``), ``demo_path`` makes the demo league
    (``module:function(members, rng) -> League | None``; the module may say ``OPEN_TABLES``
    and ``SHOW_TABLES``, lists of ``create_table`` arguments), ``league_urls`` is a URL
    module of the game's own league pages, included under ``leagues:``.
    """

    name: str
    label: str | Promise
    engine_path: str
    presenters_path: str
    template_dir: str
    stacked_path: str | None = None
    rulebook_path: str | None = None
    league_path: str | None = None
    league_urls: str | None = None
    demo_path: str | None = None
    learn_path: str | None = None
    deal_path: str | None = None
    refusals_path: str | None = None
    stylesheet: str | None = None
    print_stylesheet: str | None = None

    @cached_property
    def engine(self) -> Engine:
        return load(self.engine_path)

    @cached_property
    def presenters(self) -> Presenters:
        """The presenters part, read from ``presenters_path`` (defaults filled in)."""
        return self._part(Presenters, "presenters", self.presenters_path)

    def _part(self, part: type[Part], what: str, path: str) -> Part:
        return read_part(part, read_module(self.name, what, path), self.name, what)

    @cached_property
    def rulebook(self) -> Rulebook:
        """The rules page; ``LookupError`` for a game without one."""
        if self.rulebook_path is None:
            raise LookupError(f"{self.name} has no rules page.")
        return self._part(Rulebook, "rules page", self.rulebook_path)

    @cached_property
    def learn(self) -> Learning:
        """The learning pages; ``LookupError`` for a game without them."""
        if self.learn_path is None:
            raise LookupError(f"{self.name} has no learning pages.")
        return self._part(Learning, "learning module", self.learn_path)

    @cached_property
    def league(self) -> LeagueScoring:
        """The league scoring; ``LookupError`` for a game no league plays."""
        if self.scoring is None:
            raise LookupError(f"{self.name} has no league scoring.")
        return self.scoring

    @cached_property
    def scoring(self) -> LeagueScoring | None:
        """The league scoring, ``None`` for a game no league plays."""
        if self.league_path is None:
            return None
        scoring = self._part(LeagueScoring, "league module", self.league_path)
        return scoring.with_platform_results()

    @cached_property
    def refusals(self) -> Refusals:
        """The engine's refusal messages in the player's language (none without)."""
        if self.refusals_path is None:
            return Refusals()
        return self._part(Refusals, "refusals module", self.refusals_path)

    @cached_property
    def deal_reader(self) -> Any:
        """How ``/verify/`` reads a seed's deal (its ``deal_path``); ``LookupError`` without."""
        if self.deal_path is None:
            raise LookupError(f"{self.name} reads no deal.")
        return load(self.deal_path)

    @cached_property
    def demo(self) -> Demo | None:
        """The game's demo tables (the module of its ``demo_path``); ``None`` for a game without."""
        if self.demo_path is None:
            return None
        return self._part(Demo, "demo", self.demo_path.partition(":")[0])

    @property
    def league_part(self) -> LeagueScoring:
        """The league scoring, or every default for a game no league plays (what the
        platform's pages read of a game that may have none)."""
        return self.scoring or NO_LEAGUE

    def result_pages(self, result: Any) -> tuple[str | None, str | None]:
        """Where a league result of the game and its sheet are (its ``result_pages``);
        ``(None, None)`` for a game that names none."""
        pages = self.league_part.result_pages
        return pages(result) if pages is not None else (None, None)

    @property
    def has_rulebook(self) -> bool:
        return self.rulebook_path is not None

    @property
    def has_league(self) -> bool:
        return self.league_path is not None

    def checked_action(self, action: Any) -> Action:
        """``action`` if it has the shape of one of this game's actions (its engine's
        ``action_schema``), else ``IllegalAction(code="not_an_action")``."""
        return check_action(self.engine.action_schema, action)

    def public_action(self, action: Any) -> Action:
        """``action`` as every seat may know it when it is made (the engine's
        ``public_action``), for the operator's log; its type alone for a game that says
        nothing, or for what is no action at all."""
        if not isinstance(action, dict):
            return {}
        public = getattr(self.engine, "public_action", None)  # optional (games.engine)
        return public(action) if public is not None else {"type": action.get("type")}

    def action_type(self, action: Any) -> str:
        """The type of ``action`` if it names one of this game's actions (its engine's
        ``action_schema``), else ``"not_an_action"``: what the operator's log writes of a
        refused action."""
        kind = action.get("type") if isinstance(action, dict) else None
        return (
            kind if isinstance(kind, str) and kind in self.engine.action_schema else "not_an_action"
        )

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
        return load(self.stacked_path)(players, options, seed, now=now, **stacking)


GAMES: dict[str, RegisteredGame] = {}
# Sent with ``kind`` once a game is registered (the platform's receivers hear of its models).
game_registered = Signal()


def register(kind: RegisteredGame) -> RegisteredGame:
    """Add ``kind`` to the club's games once its parts pass the contract's check
    (``games.contract.ContractError`` naming what it lacks otherwise)."""
    check_game(kind)
    GAMES[kind.name] = kind
    game_registered.send(sender=RegisteredGame, kind=kind)
    return kind


def game_choices() -> list[tuple[str, str | Promise]]:
    """The games the club plays as a field's choices: a league's, a rating's game is one of
    them (the models' ``choices``, read when asked, so adding a game migrates nothing)."""
    return [(name, kind.label) for name, kind in GAMES.items()]


def game_kind(name: str) -> RegisteredGame:
    """The game called ``name``; ``LookupError`` for a game the club does not play."""
    try:
        return GAMES[name]
    except KeyError:
        raise LookupError(f"No game called {name!r}.") from None


def engine_for(name: str) -> Engine:
    return game_kind(name).engine
