"""The engine protocol every rules package implements, and the pieces both games share.

Pure Python: no Django here (an import-linter contract holds this). The web
layer (``games.services``) only ever talks to a game through an ``Engine``.

State is a plain JSON-serialisable ``dict`` owned by the rules package. It
always carries these keys, which the platform relies on:

- ``"game"``: the engine's ``name``;
- ``"players"``: the number of seats (seats are ``0 .. players-1``, clockwise);
- ``"seed"``: the seed the game was created with (never shown by ``view`` before the end);
- ``"finished"``: ``True`` once ``outcome`` is not ``None``.

Actions are small dicts with a ``"type"`` key, e.g. ``{"type": "discard", "card": "W3"}``.
The special action ``{"type": "tick"}`` (seat ``None``) applies every deadline that
has passed at ``now``; it is logged like any other action so a replay of
``new_game`` + the action log reproduces the state exactly.

``apply`` never mutates the state it is given and never half-applies: it either
returns a new state or raises :class:`IllegalAction` with a message a player can read.
Times (``now``, deadlines) are POSIX seconds as floats.
"""

from __future__ import annotations

import copy
import hashlib
import json
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

State = dict[str, Any]
Action = dict[str, Any]
View = dict[str, Any]

TICK: Action = {"type": "tick"}


class IllegalAction(Exception):  # noqa: N818 - the protocol's own word
    """A player asked for something the rules do not allow.

    ``message`` is plain English; ``code`` is a stable identifier the web layer
    may translate (e.g. ``"not_your_turn"``, ``"card_not_in_hand"``), and
    ``params`` fills the translated message.
    """

    def __init__(self, message: str, code: str = "illegal", **params: Any) -> None:
        super().__init__(message)
        self.message = message
        self.code = code
        self.params = params


class Engine(Protocol):
    """What the platform needs from a game. See the module docstring for the state contract."""

    name: str
    min_players: int
    max_players: int

    def default_options(self) -> dict[str, Any]:
        """The table options with their defaults (the lobby form is built from these)."""

    def validate_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """Return ``default_options()`` updated with ``options``; raise ``ValueError`` naming a bad one."""

    def new_game(self, players: int, options: dict[str, Any], seed: int, now: float = 0.0) -> State:
        """A fresh game; all randomness comes from ``seed``."""

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        """Every action ``seat`` may take now (what the UI offers and bots choose from)."""

    def apply(self, state: State, seat: int | None, action: Action, now: float) -> State:
        """The state after ``seat`` takes ``action`` at ``now``; raises ``IllegalAction``."""

    def view(self, state: State, seat: int | None) -> View:
        """Everything ``seat`` may know and nothing else; ``None`` is a spectator."""

    def outcome(self, state: State) -> dict[str, Any] | None:
        """``None`` while the game runs; then scores, ranks and victory points per seat."""

    def waiting_for(self, state: State) -> list[int]:
        """The seats from which the game now expects an action (empty when finished)."""

    def deadline(self, state: State) -> float | None:
        """When the next timeout falls due (a ``tick`` at or after it changes the state)."""

    def bot_action(self, state: State, seat: int, level: str) -> Action:
        """The action a bot of ``level`` takes for ``seat``; deterministic given the state."""

    def bot_levels(self) -> Sequence[str]:
        """The bot levels this game offers, weakest first."""


# --- seats -----------------------------------------------------------------


def next_seat(seat: int, players: int, step: int = 1) -> int:
    """The seat ``step`` places clockwise from ``seat``."""
    return (seat + step) % players


def seats_after(seat: int, players: int) -> list[int]:
    """The other seats in clockwise order starting with the one after ``seat``."""
    return [(seat + k) % players for k in range(1, players)]


def seats_from(seat: int, players: int) -> list[int]:
    """Every seat in clockwise order starting with ``seat`` itself."""
    return [(seat + k) % players for k in range(players)]


# --- randomness --------------------------------------------------------------


def rng_for(seed: int, *salt: Any) -> random.Random:
    """A ``random.Random`` determined by ``seed`` and a salt (e.g. the set number).

    Each independent random choice of a game gets its own salt, so adding a
    new kind of choice never shifts the others.
    """
    material = json.dumps([seed, *salt], separators=(",", ":"), default=str)
    return random.Random(int.from_bytes(hashlib.sha256(material.encode()).digest()[:8], "big"))


# --- state round-trip --------------------------------------------------------


def dumps(state: State) -> str:
    """Canonical JSON of a state (sorted keys, no spaces): equal states give equal text."""
    return json.dumps(state, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def loads(text: str) -> State:
    return json.loads(text)


def clone(state: State) -> State:
    """A deep copy to work on, so ``apply`` never mutates its input."""
    return copy.deepcopy(state)


def replay(
    engine: Engine,
    players: int,
    options: dict[str, Any],
    seed: int,
    log: Iterable[tuple[int | None, Action, float]],
    created_at: float = 0.0,
) -> State:
    """Rebuild a game from its seed and action log (seat, action, now)."""
    state = engine.new_game(players, options, seed, now=created_at)
    for seat, action, now in log:
        state = engine.apply(state, seat, action, now)
    return state


# --- places and victory points ------------------------------------------------


@dataclass(frozen=True)
class Placing:
    seat: int
    rank: int  # competition numbering: 1, 1, 3, 4
    victory_points: float


def place(
    seats: Sequence[int],
    key: Callable[[int], Any],
    victory_points: Sequence[float],
) -> list[Placing]:
    """Rank seats by ``key`` (higher is better) and share victory points among ties.

    Tied seats get the same competition rank and split equally the victory
    points of the places they occupy together (two tied firsts of four with
    3, 2, 1, 0 get 2.5 each).
    """
    ordered = sorted(seats, key=key, reverse=True)
    placings: list[Placing] = []
    index = 0
    while index < len(ordered):
        group = [s for s in ordered[index:] if key(s) == key(ordered[index])]
        share = sum(victory_points[index : index + len(group)]) / len(group)
        placings.extend(Placing(seat, index + 1, share) for seat in group)
        index += len(group)
    return sorted(placings, key=lambda p: (p.rank, p.seat))


def victory_point_table(players: int) -> list[float]:
    """Victory points by place for a table of ``players``: 3, 2, 1, 0 (3, 2, 1 / 3, 2)."""
    return [3.0, 2.0, 1.0, 0.0][:players]
