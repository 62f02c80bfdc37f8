"""Club night seat draw: repeat pairs of the draw next to a random draw's, and time per round.

For each player count, plays a night of N rounds twice from the same seeds: once with
``games.nights.seating.draw_round`` and once with a random draw that ignores who met whom.
Prints, per round and in total, the pairs that had met earlier tonight, and the draw's time
per round. Prints figures; never fails.

.venv/bin/python bench/seating.py [--rounds 6] [players ...]      (default: 12 24 40)
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.nights.seating import draw_round, random_tables, repeat_pairs, table_sizes  # noqa: E402


def night(players: int, rounds: int, seed: int) -> list[tuple[int, int, float]]:
    """Per round: (draw's repeat pairs, random draw's repeat pairs, draw's seconds)."""
    names = [f"p{i:02d}" for i in range(players)]
    history: list[list[str]] = []
    random_history: list[list[str]] = []
    rng = random.Random(seed)
    rows = []
    for number in range(rounds):
        started = time.perf_counter()
        draw = draw_round(names, history, seed * 100 + number)
        seconds = time.perf_counter() - started
        tables = [list(t.players) for t in draw.tables]
        shuffled = random_tables(names, table_sizes(players), rng)
        rows.append((draw.repeat_pairs, repeat_pairs(shuffled, random_history), seconds))
        history += tables
        random_history += shuffled
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("players", nargs="*", type=int, default=[12, 24, 40])
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"{'players':>7} {'round':>5} {'draw':>5} {'random':>6} {'s/round':>8}")
    for players in args.players:
        rows = night(players, args.rounds, args.seed)
        total_draw = total_random = 0
        for number, (drawn, shuffled, seconds) in enumerate(rows, start=1):
            total_draw += drawn
            total_random += shuffled
            print(
                f"{players:>7} {number:>5} {drawn:>5} {shuffled:>6} {seconds:>8.3f}"
                f"   (after {number}: draw {total_draw}, random {total_random})"
            )
        worst = max(seconds for _d, _r, seconds in rows)
        print(f"{players:>7} total {total_draw:>5} {total_random:>6}   slowest round {worst:.3f} s")


if __name__ == "__main__":
    main()
