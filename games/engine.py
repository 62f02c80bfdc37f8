"""The engine protocol every rules package implements, and the pieces both games share.

Pure Python: no Django here (an import-linter contract holds this). The web
layer (``games.tables.actions``) only ever talks to a game through an ``Engine``.

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

import hashlib
import json
import marshal
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

State = dict[str, Any]
Action = dict[str, Any]
View = dict[str, Any]

TICK: Action = {"type": "tick"}

# A turn-based table's move deadline for one seat has passed: ``{"type": "time_out",
# "seat": n}``, applied by the server (seat ``None``) and logged like a tick. The game plays
# that seat's part as its own clock would at a live table out of time (and counts it in
# ``timeouts`` where the game counts them). Players never send it: it is in no game's
# action schema, so ``check_action`` refuses it from a browser.
TIME_OUT = "time_out"


def time_out_action(seat: int) -> Action:
    """The server's action for ``seat`` whose turn-based move deadline has passed."""
    return {"type": TIME_OUT, "seat": seat}


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
    # Every action type a player may send, with its fields (see :func:`check_action`).
    action_schema: ActionSchema
    # Action types that change a seat's settings rather than play a move (a bot never chooses
    # them, and they do not make it the seat's turn); empty for a game without settings.
    setting_actions: frozenset[str]
    # Bot levels that think long (many play-outs a move): the platform runs their thinking in
    # a worker process (``games.coach.bot_thinking``), never on the serving process.
    thinking_levels: frozenset[str]

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

    def review(
        self, state: State, seat: int, action: Action, samples: int | None = None
    ) -> dict[str, Any] | None:
        """After the game, the coach's word on ``seat`` taking ``action`` at ``state``:
        ``{"coach": action, "chance": float, "coach_chance": float}`` (the estimated chance
        of winning after each, from ``samples`` play-outs, the game's own count if ``None``),
        or ``None`` when the action was no choice."""

    def bot_levels(self) -> Sequence[str]:
        """The bot levels this game offers, weakest first."""

    # Optional: ``public_action(action) -> Action``, what the other seats are told of
    # ``action`` when it is made (a face-down card left out); the operator's log writes
    # that. A game without it is logged by its action types alone.

    # Optional: ``turn_based_options() -> dict``, the options a turn-based table plays with
    # (every clock of the game's own off: the platform's move deadlines, days long, run the
    # table and apply ``time_out`` for a seat past its own). A game without it has no
    # turn-based tables.

    # Optional: ``timeouts(state) -> list[int]``, per seat how many of its turns in a row
    # a ``tick`` had to play because its clock ran out (0 again once the seat acts). The
    # rules never choose a bot's move: the platform reads this to put its stand-in bot in
    # a seat that keeps missing its turns (``games.presence.away.TIMEOUTS_BEFORE_STAND_IN``), then
    # asks ``bot_action`` for that seat's moves and applies them like any other. A game
    # without it has its idle seats' turns played by its ticks' stated defaults alone.


# --- the shape of an action ---------------------------------------------------

# A game's action schema: action type -> field name -> field kind. A kind ending in
# "?" may be left out (or be ``null``). The kinds:
CARD = "card"  # a card id: a short string (the rules say whether it is a card of the game)
SEAT = "seat"  # a seat number: an integer 0 .. MAX_SEAT, not a bool
CARDS = "cards"  # a short list of card ids
BOOL = "bool"  # true or false (a seat's setting), nothing else
WORD = "word"  # a short name of a choice (a seat's setting, e.g. its standing answer)
ActionSchema = Mapping[str, Mapping[str, str]]

MAX_CARD_CHARS = 16
MAX_CARDS = 8
MAX_SEAT = 7
MAX_WORD_CHARS = 32
NOT_AN_ACTION = "That is not an action of this game."


def _fits(kind: str, value: Any) -> bool:
    if kind == CARD:
        return isinstance(value, str) and 0 < len(value) <= MAX_CARD_CHARS
    if kind == SEAT:
        return type(value) is int and 0 <= value <= MAX_SEAT
    if kind == BOOL:
        return type(value) is bool
    if kind == WORD:
        return (
            isinstance(value, str)
            and 0 < len(value) <= MAX_WORD_CHARS
            and all(c.isascii() and (c.islower() or c == "_") for c in value)
        )
    if kind == CARDS:
        return (
            isinstance(value, list)
            and len(value) <= MAX_CARDS
            and all(_fits(CARD, card) for card in value)
        )
    raise ValueError(f"No field kind {kind!r}.")


def check_action(schema: ActionSchema, action: Any) -> Action:
    """``action`` if it has exactly the shape of one of ``schema``'s actions, else
    ``IllegalAction(code="not_an_action")``: an unknown type, an unknown or missing field, a
    value of the wrong kind (a number where a card goes, a bool, a float, NaN, a huge
    number, a long string). Whether the action is *legal* is still the rules' call."""
    refused = IllegalAction(NOT_AN_ACTION, "not_an_action")
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise refused
    fields = schema.get(action["type"])
    if fields is None or not set(action) - {"type"} <= set(fields):
        raise refused
    for name, kind in fields.items():
        value = action.get(name)
        if value is None and kind.endswith("?"):
            continue
        if not _fits(kind.rstrip("?"), value):
            raise refused
    return action


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
    """A deep copy to work on, so ``apply`` never mutates its input (or of any JSON value in
    a state, so a view never shares a list with the game).

    States are plain JSON (dicts with string keys, lists, strings, numbers, booleans,
    ``None``: the property tests hold every state to a JSON round trip), and ``marshal``,
    the standard library's own format for exactly these types, copies them faster than a
    JSON round trip or ``copy.deepcopy``. Only this process's own values are ever loaded back,
    never bytes from outside."""
    return marshal.loads(marshal.dumps(state))


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
