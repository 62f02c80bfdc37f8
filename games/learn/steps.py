"""Guided first games: a fixed deal against bots, played at a real table with the real
engine, where each step says what to do and why and waits for the player to do it.

A game's ``learn`` hook names its :class:`Guide`: how its table is opened (players, bots,
options, the stacked deal and seed) and ``step(view)``, which reads the player's own seat
view and says which step the game has reached, so a player who leaves and comes back
finds the step where they left it. The step is shown in the seat's hints region
(``games.live.rendering`` reads it here; ``games.learn.guided`` opens the tables).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from games.models import Table
from games.registry import RegisteredGame

# A guided game's table is marked by what opened it (``Table.created_session``, read with
# the table at every render): never listed in the lobby, never counted as a waiting table.
GUIDED = "guided"


@dataclass(frozen=True)
class Step:
    """One step of a guided game: what to do (``do``) and why (``why``); ``number`` of
    ``total`` (0 for a wait between steps, shown unnumbered); ``done`` on the last."""

    key: str
    number: int
    total: int
    do: str
    why: str = ""
    done: bool = False


@dataclass(frozen=True)
class Guide:
    """A game's guided first game: its table and how a seat's view reads as a step."""

    players: int
    bot_level: str
    options: dict[str, Any]
    stacking: dict[str, Any]
    seed: int
    step: Callable[[dict[str, Any]], Step | None]
    bot_pace: str = "normal"
    # What its page says of it before it starts (lazy text); the platform's words if empty.
    intro: Any = ""


def step_of(kind: RegisteredGame, table: Table, view: dict[str, Any]) -> Step | None:
    """The step a seated player's view has reached, at a guided game's table."""
    if table.created_session != GUIDED or kind.learn_path is None:
        return None
    return kind.learn.GUIDED.step(view)
