"""Benchmark of the Dragon Formula hand evaluator: prints medians, asserts nothing.

    .venv/bin/python bench/hands.py [--samples N] [--seed S]

- win check: ``is_winning`` on random 11-card hands (target ≤ 10 µs median);
- best reading: ``best_hand`` on random generated winning hands (target ≤ 200 µs);
- waits: ``waits`` on random 10-card hands one card from winning (target ≤ 5 ms = 5000 µs).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from dragonformula.rules import (  # noqa: E402
    ALL_CARDS,
    best_hand,
    is_winning,
    random_winning_hand,
    waits,
)

ELEMENTS = ("fire", "water", "air", "earth")


def timings_us(
    run: Callable[[list[str], str], object], hands: Sequence[tuple[list[str], str]]
) -> tuple[float, float]:
    """The median and 95th percentile time of one call, in µs (each hand timed on its own)."""
    clock = time.perf_counter_ns
    times = []
    for cards, element in hands:
        start = clock()
        run(cards, element)
        times.append(clock() - start)
    times.sort()
    return statistics.median(times) / 1000, times[int(len(times) * 0.95)] / 1000


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)

    random_hands = [(rng.sample(ALL_CARDS, 11), rng.choice(ELEMENTS)) for _ in range(args.samples)]
    winning = [(random_winning_hand(rng), rng.choice(ELEMENTS)) for _ in range(args.samples)]
    one_short = []
    for cards, element in winning[: max(1, args.samples // 10)]:
        short = list(cards)
        short.pop(rng.randrange(11))
        one_short.append((short, element))

    is_winning(*random_hands[0])  # build the tables before timing
    wins = sum(is_winning(cards, element) for cards, element in random_hands)
    rows = [
        ("win check, random 11 cards", timings_us(is_winning, random_hands), 10.0, "µs"),
        ("win check, winning hands", timings_us(is_winning, winning), None, "µs"),
        ("best reading, winning hands", timings_us(best_hand, winning), 200.0, "µs"),
        ("waits, 10 cards one from winning", timings_us(waits, one_short), 5000.0, "µs"),
    ]
    print(f"Dragon Formula hands — Python {sys.version.split()[0]}, seed {args.seed}")
    print(
        f"({len(random_hands)} random hands, {wins} of them winning; {len(winning)} winning hands;"
    )
    print(f" {len(one_short)} hands one card short)")
    for name, (median, p95), target, unit in rows:
        goal = f"  (target: median ≤ {target:g} {unit})" if target else ""
        print(f"  {name:<34} median {median:9.2f} {unit}, p95 {p95:9.2f} {unit}{goal}")


if __name__ == "__main__":
    main()
