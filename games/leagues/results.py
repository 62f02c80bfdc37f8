"""A game's league results as the platform reads them, through the game's ``league`` hooks.

Each game keeps its results in models of its own (``RESULT_MODEL``, one row per set or
game of a match, with ``match``, ``number``, ``created_at``, ``voided_at``/``voided_by``;
a result of ``"sets"`` also ``complete``/``completed_at``) and their lines
(``LINE_MODEL``, a ``games.models.PlacingLine`` with the game's total in ``LINE_POINTS``).
The platform finds the relations between them and ``Member``/``Match`` from the models
themselves, so it names no game's model. The standings and ratings count the platform's
generic result and lines that ``games.leagues.result_lines`` keeps of them; the game's own
rows are its detail (its pages, sheets, CSV columns and own figures).
"""

from __future__ import annotations

from typing import Any

from django.db.models import Model, QuerySet

from games.registry import GAMES, RegisteredGame, game_kind


def _kind(game: str | RegisteredGame) -> RegisteredGame:
    return game if isinstance(game, RegisteredGame) else game_kind(game)


def result_model(game: str | RegisteredGame) -> type[Model]:
    """The model of one result (a set, a game) of ``game``."""
    return _kind(game).league.RESULT_MODEL


def line_model(game: str | RegisteredGame) -> type[Model]:
    """The model of a player's line in one result of ``game``."""
    return _kind(game).league.LINE_MODEL


def line_points(game: str | RegisteredGame) -> str:
    """The field of a line holding the player's total (set points; final damage)."""
    return _kind(game).league.LINE_POINTS


def line_result(game: str | RegisteredGame) -> str:
    """The name of a line's key to its result (``set`` …)."""
    results = result_model(game)
    return next(f.name for f in line_model(game)._meta.fields if f.related_model is results)


def match_results(game: str | RegisteredGame) -> str:
    """How a ``Match`` query reaches its results of ``game`` (``sets`` …)."""
    return result_model(game)._meta.get_field("match").related_query_name()


def lines_of_match(game: str | RegisteredGame, match: Any) -> QuerySet:
    """Every line of ``match``'s results."""
    return line_model(game).objects.filter(**{f"{line_result(game)}__match": match})


def completes(game: str | RegisteredGame) -> bool:
    """Whether a result of ``game`` counts only once complete (it has a ``complete`` field: a
    set, complete once every player has started a game); else once recorded."""
    return any(field.name == "complete" for field in result_model(game)._meta.fields)


def game_of(model: type[Model]) -> str:
    """The game whose league result or line ``model`` is."""
    return next(
        name
        for name, kind in GAMES.items()
        if kind.has_league and model in (kind.league.RESULT_MODEL, kind.league.LINE_MODEL)
    )
