"""Ratings: ``manage.py rate --rebuild`` for N Dragon Formula sets of 4 (default 10,000).

Builds a throwaway SQLite league of 40 players with N complete four-player sets (rows
written in bulk: the set points and ranks do not matter to the ratings, only the placings),
then times ``ratings.rebuild``: reading every placing in order, the openskill updates, and
writing every rating change and rating. Goal: 10,000 sets in at most 2 s. Prints figures;
never fails.

.venv/bin/python bench/ratings.py [sets]
"""

from __future__ import annotations

import datetime
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
DB = Path(tempfile.mkdtemp()) / "bench-ratings.sqlite3"
os.environ["DATABASE_URL"] = f"sqlite:///{DB}"
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ.setdefault("DEBUG", "1")

import django  # noqa: E402

django.setup()

from django.apps import apps  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.utils import timezone  # noqa: E402

from dragonformula.models import SetLine, SetResult  # noqa: E402
from games.leagues.member_models import Member  # noqa: E402
from games.leagues.models import League, Match  # noqa: E402
from games.leagues.result_lines import carry_over  # noqa: E402
from games.ratings import ratings  # noqa: E402
from games.ratings.models import RatingChange  # noqa: E402

ELEMENTS = ["fire", "water", "air", "earth"]
RANKS = [[1, 2, 3, 4], [1, 1, 3, 4], [1, 2, 2, 4], [1, 2, 3, 3], [1, 1, 1, 4]]


def build(count: int, rng: random.Random) -> None:
    league = League.objects.create(
        name="Bench",
        game="dragonformula",
        season_start="2026-01-01",
        season_end="2026-12-31",
    )
    members = Member.objects.bulk_create(Member(name=f"Player {n:02d}") for n in range(40))
    match = Match.objects.create(league=league)
    start = timezone.now()
    sets = SetResult.objects.bulk_create(
        (
            SetResult(
                match=match,
                number=n + 1,
                complete=True,
                completed_at=start + datetime.timedelta(seconds=n),
            )
            for n in range(count)
        ),
        batch_size=2000,
    )
    lines = []
    for set_result in sets:
        table = rng.sample(members, 4)
        ranks = rng.choice(RANKS)
        order = rng.sample(range(4), 4)
        for seat, member in enumerate(table):
            lines.append(
                SetLine(
                    set=set_result,
                    member=member,
                    seat=seat,
                    element=ELEMENTS[seat],
                    rank=ranks[order[seat]],
                )
            )
    SetLine.objects.bulk_create(lines, batch_size=2000)
    # The platform's result and lines of each set, which the ratings read (as the migration
    # carries stored sets over).
    carry_over(apps, "dragonformula", "SetResult", "SetLine", "points")


def main(count: int) -> None:
    call_command("migrate", verbosity=0)
    build(count, random.Random(1))
    wall, cpu = [], []
    for _n in range(3):
        started, started_cpu = time.perf_counter(), time.process_time()
        rated = ratings.rebuild("dragonformula")
        wall.append(time.perf_counter() - started)
        cpu.append(time.process_time() - started_cpu)
    changes = RatingChange.objects.count()
    print(f"sets of 4 rated: {rated}  rating changes written: {changes}")
    print(
        f"rebuild s (median of 3): {statistics.median(wall):.2f} wall, "
        f"{statistics.median(cpu):.2f} CPU  (goal: ≤ 2 s for 10,000; on a busy machine "
        "wall time includes waiting for a core)"
    )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 10_000)
