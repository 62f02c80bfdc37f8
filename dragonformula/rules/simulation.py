"""Bot-only matches for the ``df_simulate`` command (which words the tally) and the benchmark."""

from __future__ import annotations

import math
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from dragonformula.rules.engine import ENGINE
from dragonformula.rules.game import apply, new_game, waiting_for
from games.engine import Action, State

MAX_ACTIONS = 100_000  # a safety net: a match of bots never comes near it


def play_match(
    players: int,
    levels: Sequence[str],
    seed: int,
    options: dict[str, Any] | None = None,
) -> tuple[State, list[tuple[int | None, Action, float]]]:
    """Play a whole match with bots of ``levels`` (one per seat); the final state and log."""
    state = new_game(players, options or {}, seed)
    log: list[tuple[int | None, Action, float]] = []
    while not state["finished"]:
        if len(log) >= MAX_ACTIONS:
            raise RuntimeError(f"match with seed {seed} did not end")
        seat = waiting_for(state)[0]
        action = ENGINE.bot_action(state, seat, levels[seat])
        state = apply(state, seat, action, 0.0)
        log.append((seat, action, 0.0))
    return state, log


@dataclass
class Tally:
    """What a batch of matches came to, game by game."""

    players: int
    matches: int = 0
    games: int = 0
    wins: Counter[int] = field(default_factory=Counter)
    exhausted: int = 0
    points: Counter[int] = field(default_factory=Counter)
    hands: Counter[str] = field(default_factory=Counter)
    multipliers: Counter[str] = field(default_factory=Counter)
    winning_points: list[int] = field(default_factory=list)

    def add(self, state: State) -> None:
        self.matches += 1
        for record in state["games"]:
            self.games += 1
            if record["result"] == "win":
                self.wins[record["seat"]] += 1
                self.hands[record["hand"]] += 1
                self.winning_points.append(record["points"])
                self.multipliers.update(record["multipliers"])
            elif record["result"] == "exhaust":
                self.exhausted += 1
        for seat, points in enumerate(state["total_points"]):
            self.points[seat] += points


def simulate(
    games: int,
    players: int,
    levels: Sequence[str],
    seed: int,
    options: dict[str, Any] | None = None,
) -> tuple[Tally, float]:
    """Play one-set matches (``players`` games each) until at least ``games`` games are
    played; the tally and the seconds it took. Match ``k`` uses seed ``seed + k``."""
    tally = Tally(players)
    start = time.perf_counter()
    for k in range(max(1, math.ceil(games / players))):
        state, _ = play_match(players, levels, seed + k, options)
        tally.add(state)
    return tally, time.perf_counter() - start
