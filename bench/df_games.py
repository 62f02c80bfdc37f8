"""Benchmark: bot-vs-bot Dragon Formula games per second on one core (prints, asserts nothing).

    .venv/bin/python bench/df_games.py [--games N] [--players 4] [--bot smart] [--seed S]

Target: at least 20 games per second for four smart bots.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import os  # noqa: E402

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ.setdefault("SECRET_KEY", "bench-only")
import django  # noqa: E402

django.setup()  # the report's words are the df_simulate command's (translatable)
from django.utils import translation  # noqa: E402

from dragonformula.management.commands.df_simulate import report  # noqa: E402
from dragonformula.rules.simulation import simulate  # noqa: E402

TARGET_GAMES_PER_SECOND = 20


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=4, choices=(2, 3, 4))
    parser.add_argument("--bot", default="smart", choices=("random", "smart"))
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    levels = [args.bot] * args.players
    cpu_start = time.process_time()
    tally, seconds = simulate(args.games, args.players, levels, args.seed)
    cpu = time.process_time() - cpu_start
    with translation.override("en"):
        for line in report(tally, seconds, levels):
            print(line)
    # Wall-clock rate suffers on a busy machine; CPU time is what one core costs.
    rate = tally.games / cpu
    verdict = "meets" if rate >= TARGET_GAMES_PER_SECOND else "misses"
    print(f"{rate:.1f} games per CPU second on one core ({cpu:.2f} s CPU, {seconds:.2f} s wall)")
    print(f"{verdict} the target of {TARGET_GAMES_PER_SECOND} games/s")


if __name__ == "__main__":
    main()
