"""League standings: one query whatever the number of sets; its time as sets pile up.

Builds a throwaway SQLite league with 20 players and N recorded sets (through the
services), then prints the median time of the standings query and of the CSV export.
Prints figures; never fails.

.venv/bin/python bench/league_standings.py [sets ...]
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
DB = Path(tempfile.mkdtemp()) / "bench-leagues.sqlite3"
os.environ["DATABASE_URL"] = f"sqlite:///{DB}"
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ.setdefault("DEBUG", "1")

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402
from django.db import connection, reset_queries  # noqa: E402
from django.test import RequestFactory  # noqa: E402

from dragonformula import scoring as df_scoring  # noqa: E402
from dragonformula.scoring import GameEntry, SeatEntry  # noqa: E402
from games.leagues import csv_views, selectors  # noqa: E402
from games.leagues.member_models import Member  # noqa: E402
from games.leagues.models import League, Match  # noqa: E402

HANDS = ["sephirot_3", "sephirot_6", "center_pillar", "constellation", "straight_major"]
ELEMENTS = ["fire", "water", "air", "earth"]


def add_sets(league: League, members: list[Member], count: int, rng: random.Random) -> None:
    for _n in range(count):
        table = rng.sample(members, 4)
        games = [
            GameEntry(winner=None, win="none")
            if rng.random() < 0.2
            else GameEntry(winner=rng.randrange(4), hand=rng.choice(HANDS))
            for _game in range(4)
        ]
        seats = [SeatEntry(m, ELEMENTS[i]) for i, m in enumerate(table)]
        df_scoring.record_set_result(Match.objects.create(league=league), seats, games)


def median_ms(action, repeat: int = 15) -> float:
    times = []
    for _n in range(repeat):
        started = time.perf_counter()
        action()
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times)


def main(sizes: list[int]) -> None:
    call_command("migrate", verbosity=0)
    league = League.objects.create(
        name="Bench",
        game="dragonformula",
        season_start="2026-01-01",
        season_end="2026-12-31",
    )
    members = [Member.objects.create(name=f"Player {n:02d}") for n in range(20)]
    league.members.add(*members)
    rng = random.Random(1)
    request = RequestFactory().get("/")
    done = 0
    print("sets  queries  standings ms (median)  standings CSV ms (median)")
    for size in sizes:
        add_sets(league, members, size - done, rng)
        done = size
        reset_queries()
        list(selectors.standings(league))
        queries = len(connection.queries)  # DEBUG=1 keeps the log
        standings = median_ms(lambda: list(selectors.standings(league)))
        csv_ms = median_ms(lambda: csv_views.standings_csv(request, league.pk))
        print(f"{size:5d}  {queries:7d}  {standings:21.2f}  {csv_ms:25.2f}")


if __name__ == "__main__":
    main([int(a) for a in sys.argv[1:]] or [10, 100, 1000, 3000])
