"""The keys of a game's state, view and outcome that the platform reads.

An engine's state, view and outcome are plain JSON dicts the game shapes as it likes;
these are the few keys the platform itself reads from them, and what each must hold.
Anything else in them is the game's own.
"""

from __future__ import annotations

from typing import Any, NotRequired, Required, TypedDict


class Event(TypedDict, total=False):
    """One entry of a view's public log: the catch-up counts a seat's own moves by it."""

    type: Required[str]
    seat: int | None


class View(TypedDict, total=False):
    """What ``engine.view(state, seat)`` returns, as far as the platform reads it."""

    events: list[Event]  # the public log, oldest first (the catch-up; none without)
    legal_actions: list[dict[str, Any]]  # the seat's legal actions (the prompt's fingerprint)
    hand: list[str] | None  # the seat's cards, as codes (replays show them)
    you: dict[str, Any]  # a game that puts the seat's own view here (DragSaga's) has its hand in it
    cards: list[dict[str, Any]]  # a game whose cards are data: the set its table plays


class State(TypedDict, total=False):
    """What ``engine.new_game``/``apply`` return, as far as the platform reads it."""

    finished: Required[bool]  # the game is over (then ``outcome`` is not None)
    games: list[dict[str, Any]]  # a game of several: one line per game played (replays' jumps)
    round: int  # the round under way (replays' jumps)
    phase: str  # the game's phase (replays' jumps)
    cards: list[dict[str, Any]]  # a game whose cards are data: the set it plays


class Placing(TypedDict):
    """One seat's place in a finished game (``games.engine.place`` ranks them)."""

    seat: int
    rank: int  # competition numbering: 1, 1, 3
    victory_points: NotRequired[float]
    points: NotRequired[float]  # the seat's score, in the game's own unit


class Outcome(TypedDict, total=False):
    """What ``engine.outcome(state)`` returns once the game is finished."""

    placings: Required[list[Placing]]  # every seat's place: histories, league results
