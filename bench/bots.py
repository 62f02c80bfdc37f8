"""Benchmark: how much the strong bots win, side by side with the bots they play against.

    .venv/bin/python bench/bots.py [--games N] [--ds-games N] [--seed S | --seeds S,S,...]
                                   [--workers W]

Dragon Formula: one-set matches of four, one strong seat against three smart seats, the
strong seat rotating over the four seats; target: the strong seat wins at least 2.5x as
many games as a smart seat. DragSaga: games of four, one strong seat against three
heuristic seats, rotating; target: the strong seat is first at least 1.6x as often as a
heuristic seat. Both: a strong decision (one with more than one sensible move) takes at
most 250 ms of one core at p95 (CPU time of the deciding thread; wall time beside it).
Win shares carry a 95 % Wilson interval, ratios a 95 % bootstrap interval over games.
``--seeds``: a run of each seed, then all of them pooled (one figure over every game,
its interval too); table k of a run is dealt from its seed + k, so seeds closer than a
run's tables are refused. ``--workers``: tables played at once in as many processes
(each decision still on one core); the figures are the same as with one, only sooner.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from itertools import pairwise
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from dragonformula.rules import bots as df_bots  # noqa: E402
from dragonformula.rules.engine import ENGINE as DF  # noqa: E402
from dragsaga.rules.engine import ENGINE as DS  # noqa: E402
from games.engine import Action, Engine, State  # noqa: E402

DF_TARGET = 2.5
DS_TARGET = 1.6
DECISION_TARGET_MS = 250.0
PLAYERS = 4


class Clock:
    """The CPU and wall time of every strong decision that had a real choice."""

    def __init__(self) -> None:
        self.cpu: list[float] = []
        self.wall: list[float] = []

    def timed(self, engine: Engine, state: State, seat: int, choices: int) -> Action:
        cpu, wall = time.thread_time(), time.perf_counter()
        action = engine.bot_action(state, seat, "strong")
        if choices > 1:
            self.cpu.append((time.thread_time() - cpu) * 1000)
            self.wall.append((time.perf_counter() - wall) * 1000)
        return action

    def line(self, name: str) -> str:
        if not self.cpu:
            return f"{name} strong decision: none timed"
        p50, p95 = _percentile(self.cpu, 50), _percentile(self.cpu, 95)
        verdict = "meets" if p95 <= DECISION_TARGET_MS else "misses"
        return (
            f"{name} strong decision CPU ms p50 {p50:.0f} p95 {p95:.0f} "
            f"(wall p50 {_percentile(self.wall, 50):.0f} p95 {_percentile(self.wall, 95):.0f}; "
            f"{len(self.cpu)} decisions): {verdict} the target of {DECISION_TARGET_MS:.0f} ms"
        )


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share / 100))]


def wilson(hits: float, n: int) -> tuple[float, float]:
    if n == 0:
        return 0.0, 0.0
    p, z = hits / n, 1.96
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def ratio_interval(rows: list[tuple[float, float]], seed: int) -> tuple[float, float]:
    """95 % bootstrap interval of sum(strong) / sum(other) over ``rows`` of (strong, other)."""
    rng = random.Random(seed)
    ratios = []
    for _ in range(1000):
        sample = [rows[rng.randrange(len(rows))] for _ in rows]
        other = sum(o for _, o in sample)
        ratios.append(sum(s for s, _ in sample) / other if other else math.inf)
    ratios.sort()
    return ratios[25], ratios[974]


def report(name: str, what: str, rows: list[tuple[float, float]], target: float, seed: int) -> None:
    """``rows``: per game, (the strong seat's share, a weaker seat's mean share)."""
    games = len(rows)
    strong = sum(s for s, _ in rows)
    other = sum(o for _, o in rows)
    low, high = wilson(strong, games)
    print(
        f"{name}: {games} games, the strong seat {what} {strong:.0f} ({strong / games:.1%}, "
        f"95% {low:.1%}-{high:.1%})"
    )
    low, high = wilson(other, games)
    print(
        f"{name}: a weaker seat {what} {other:.1f} on average ({other / games:.1%}, "
        f"95% {low:.1%}-{high:.1%})"
    )
    ratio = strong / other if other else math.inf
    low, high = ratio_interval(rows, seed)
    verdict = "meets" if ratio >= target else "misses"
    print(
        f"{name}: strong / weaker ratio {ratio:.2f} (95% {low:.2f}-{high:.2f}): "
        f"{verdict} the target of {target}x"
    )


Played = tuple[list[tuple[float, float]], list[float], list[float]]  # rows, CPU and wall ms


def _played_out(play: Callable[[int, int], Played], tables: int, seed: int, workers: int) -> Played:
    """Every table's rows and strong decisions' times, in table order."""
    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            played = list(pool.map(play, range(tables), [seed] * tables))
    else:
        played = [play(k, seed) for k in range(tables)]
    rows = [row for table_rows, _, _ in played for row in table_rows]
    cpu = [ms for _, table_cpu, _ in played for ms in table_cpu]
    wall = [ms for _, _, table_wall in played for ms in table_wall]
    return rows, cpu, wall


def _moved(
    engine: Engine,
    state: State,
    seat: int,
    clock: Clock,
    choices: Callable[[State, int], list[Action]] | None,
    weaker: str,
) -> State:
    """The table after ``seat``'s move: the strong bot's, timed, when ``choices`` lists its
    moves (to tell a real choice), else the ``weaker`` bot's."""
    if choices is None:
        action = engine.bot_action(state, seat, weaker)
    else:
        action = clock.timed(engine, state, seat, len(choices(state, seat)))
    return engine.apply(state, seat, action, 0.0)


def _df_match(k: int, seed: int) -> Played:
    """One one-set match of four, the strong seat at seat ``k % 4``: each game's row."""
    clock = Clock()
    rows: list[tuple[float, float]] = []
    strong = k % PLAYERS
    state = DF.new_game(PLAYERS, {}, seed + k)
    while not state["finished"]:
        seat = DF.waiting_for(state)[0]
        choices = df_bots.sensible_actions if seat == strong else None
        state = _moved(DF, state, seat, clock, choices, "smart")
    for record in state["games"]:
        won = record["result"] == "win"
        rows.append(
            (
                float(won and record["seat"] == strong),
                float(won and record["seat"] != strong) / (PLAYERS - 1),
            )
        )
    return rows, clock.cpu, clock.wall


def dragon_formula(games: int, seed: int, workers: int = 1, name: str = "Dragon Formula") -> Played:
    matches = max(1, math.ceil(games / PLAYERS))
    played = _played_out(_df_match, matches, seed, workers)
    show(name, "won", played, DF_TARGET, seed)
    return played


def show(name: str, what: str, played: Played, target: float, seed: int) -> None:
    """Print the win shares, their ratio and the decision times of ``played``."""
    rows, cpu, wall = played
    clock = Clock()
    clock.cpu, clock.wall = cpu, wall
    report(name, what, rows, target, seed)
    print(clock.line(name))


def pooled(played: list[Played]) -> Played:
    """Several runs' games and decision times as one run's."""
    return (
        [row for rows, _, _ in played for row in rows],
        [ms for _, cpu, _ in played for ms in cpu],
        [ms for _, _, wall in played for ms in wall],
    )


def _first(state: State, seat: int) -> float:
    return float(any(p["seat"] == seat and p["rank"] == 1 for p in state["result"]["placings"]))


def _ds_game(k: int, seed: int, engine: Engine = DS) -> Played:
    """One game of four, the strong seat at seat ``k % 4``: its row."""
    clock = Clock()
    strong = k % PLAYERS
    state = engine.new_game(PLAYERS, {}, seed + k)
    while not state["finished"]:
        for seat in engine.waiting_for(state):
            if state["finished"] or seat not in engine.waiting_for(state):
                continue
            choices = engine.legal_actions if seat == strong else None
            state = _moved(engine, state, seat, clock, choices, "heuristic")
    others = [_first(state, s) for s in range(PLAYERS) if s != strong]
    return [(_first(state, strong), sum(others) / len(others))], clock.cpu, clock.wall


def dragsaga(
    games: int, seed: int, engine: Engine = DS, workers: int = 1, name: str = "DragSaga"
) -> Played | None:
    if "strong" not in engine.bot_levels():
        print("DragSaga: no strong level")
        return None
    play = _ds_game if engine is DS else partial(_ds_game, engine=engine)
    played = _played_out(play, games, seed, workers)
    show(name, "was first", played, DS_TARGET, seed)
    return played


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="Dragon Formula games")
    parser.add_argument("--ds-games", type=int, default=200, help="DragSaga games")
    which = parser.add_mutually_exclusive_group()
    which.add_argument("--seed", type=int, default=1)
    which.add_argument(
        "--seeds",
        type=_seeds,
        help="several seeds, comma-separated: each seed's figures, then all of them pooled",
    )
    parser.add_argument("--workers", type=int, default=1, help="processes playing tables")
    args = parser.parse_args(argv)
    seeds = args.seeds or [args.seed]
    several = len(seeds) > 1
    # Table k of a run is dealt from seed + k: seeds closer than that would replay deals.
    tables = max(math.ceil(args.games / PLAYERS), args.ds_games)
    if any(later - earlier < tables for earlier, later in pairwise(sorted(seeds))):
        parser.error(f"--seeds must be at least {tables} apart, or runs would share deals")
    for games, run, game, what, target in (
        (args.games, dragon_formula, "Dragon Formula", "won", DF_TARGET),
        (args.ds_games, dragsaga, "DragSaga", "was first", DS_TARGET),
    ):
        if not games:
            continue
        runs = [
            run(games, seed, workers=args.workers, name=_named(game, seed, several))
            for seed in seeds
        ]
        played = [one for one in runs if one is not None]
        if several and played:
            show(f"{game} ({len(seeds)} seeds pooled)", what, pooled(played), target, seeds[0])


def _named(game: str, seed: int, several: bool) -> str:
    """A run's name in the printout: the game, and its seed when there are several."""
    return f"{game} (seed {seed})" if several else game


def _seeds(text: str) -> list[int]:
    try:
        return [int(part) for part in text.split(",")]
    except ValueError:
        message = f"seeds are whole numbers, comma-separated: {text!r}"
        raise argparse.ArgumentTypeError(message) from None


if __name__ == "__main__":
    main()
