"""Guided first games: a fixed deal against bots, played at a real table with the real
engine, where each step says what to do and why and waits for the player to do it.

A game's ``learn`` hook names its :class:`Guide`: how its table is opened (players, bots,
options, the stacked deal and seed) and ``step(view)``, which reads the player's own seat
view and says which step the game has reached, so a player who leaves and comes back
finds the step where they left it. The step is shown in the seat's hints region
(``games.regions.rendering`` reads it here; ``games.learn.guided`` opens the tables).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

from games.engine import Action
from games.registry import RegisteredGame
from games.tables.models import Table

# A guided game's table is marked by what opened it (``Table.created_session``, read with
# the table at every render): never listed in the lobby, never counted as a waiting table.
GUIDED = "guided"


@dataclass(frozen=True)
class Step:
    """One step of a guided game: what to do (``do``) and why (``why``); ``number`` of
    ``total`` (0 for a wait between steps, shown unnumbered); ``done`` on the last.

    ``expects``: the step's own actions, the only ones its table accepts from the player
    (each names the fields that must match; a list of cards in any order); none while the
    player waits for a bot and once the game is over, so a guided game cannot leave its
    script (:func:`off_script`)."""

    key: str
    number: int
    total: int
    do: str
    why: str = ""
    done: bool = False
    expects: tuple[Action, ...] = ()

    def allows(self, action: Action) -> bool:
        """Whether ``action`` is one of this step's own."""
        return any(_matches(expected, action) for expected in self.expects)


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


def off_script(kind: RegisteredGame, table: Table, view: dict[str, Any], action: Action) -> str:
    """Why a guided game's table refuses ``action`` from the seat whose ``view`` this is,
    in a sentence that says what to do instead; empty when it is the step's own (or the
    table is not a guided game's)."""
    step = step_of(kind, table, view)
    if step is None or step.allows(action):
        return ""
    if step.done:
        return _(
            "This guided game is over: it deals no other game. Its last step opens a real "
            "game against bots."
        )
    return _("Not now: this guided game waits for its step. %(do)s") % {"do": step.do}


def _matches(expected: Action, action: Action) -> bool:
    for field, wanted in expected.items():
        given = action.get(field)
        if isinstance(wanted, list | tuple):
            if not isinstance(given, list) or sorted(map(str, given)) != sorted(wanted):
                return False
        elif given != wanted:
            return False
    return True
