"""A guided first game (``games.learn``) follows its script: no clock runs it off it."""

from __future__ import annotations

from games.engine import Engine
from games.learn import steps as guided_steps
from games.registry import game_kind
from games.tables.models import Game, Seat


def is_guided(game: Game) -> bool:
    """Whether ``game`` is a guided first game (``games.learn``): it follows its script."""
    return game.table.created_session == guided_steps.GUIDED


def script_over(game: Game, engine: Engine, seats: list[Seat]) -> bool:
    """Whether a guided game has reached its last step (read from its newcomer's seat)."""
    kind = game_kind(game.game_name)
    return any(
        (step := guided_steps.step_of(kind, game.table, engine.view(game.state, seat.number)))
        is not None
        and step.done
        for seat in seats
        if seat.player_id is not None
    )


def deadline_of(game: Game, engine: Engine) -> float | None:
    """When the table plays ``game``'s idle seats by default: never in a guided first game,
    which waits for each step (no clock runs it off its script, and no countdown deals an
    unguided game after it)."""
    return None if is_guided(game) else engine.deadline(game.state)
