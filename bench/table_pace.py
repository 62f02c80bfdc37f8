"""How brisk a table is: one human who acts at once and three smart bots (prints figures).

Drives the real services on a throwaway SQLite file with a simulated clock: the table
waits exactly what the server would schedule (``pace.next_wakeup``: the bots' pace,
deadlines), and every server call's own wall time is added on top. Prints, per bot pace,
the seconds from the human's discard to their next draw (median and 90th percentile)
and the minutes a whole set (one game per seat) takes.

.venv/bin/python bench/table_pace.py [sets] [pace ...]
"""

from __future__ import annotations

import logging
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from table_actions import setup_django  # noqa: E402

PLAYERS = 4


def one_set(seed: int, pace: str) -> tuple[list[float], float]:
    """(seconds from each human discard to their next draw, seconds for the set)."""
    from dragonformula.rules.engine import ENGINE
    from games.tables.actions import opening, playing, starting
    from games.tables.actions import pace as table_pace
    from games.tables.models import Player

    human = Player.objects.create(display_name="Ann")
    table = opening.create_table(
        game_name="dragonformula",
        players=PLAYERS,
        bot_level="smart",
        bot_pace=pace,
        created_by=human,
        options={"sets": 1},
    )
    game = starting.start(table, human, seed=seed)
    now = game.created_at
    start = now
    discarded_at: float | None = None
    waits: list[float] = []
    while not game.is_finished:
        state = game.state
        wall = time.perf_counter()
        if 0 in ENGINE.waiting_for(state):
            action = ENGINE.bot_action(state, 0, "smart")  # the human decides at once
            if action["type"] == "draw" and discarded_at is not None:
                waits.append(now - discarded_at)
                discarded_at = None
            game = playing.apply_action(game, human, action, game.version, now=now)
            if action["type"] in ("discard", "discard_major"):
                discarded_at = now
        else:
            delay = table_pace.next_wakeup(game, now)
            if delay is None:
                raise RuntimeError("the table waits for nobody")
            now += delay
            game = playing.advance(game.pk, game.version, now=now) or game
        now += time.perf_counter() - wall
    return waits, now - start


def main() -> None:
    sets = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    paces = sys.argv[2:] or ["quick", "normal"]
    with tempfile.TemporaryDirectory() as folder:
        setup_django(str(Path(folder) / "bench.sqlite3"))
        from django.conf import settings

        settings.TABLE_TIMERS = False
        # The pace of the table, not the coach's: a review queued as a set ends would still
        # be writing when the bench's database is removed.
        settings.REVIEWS_AFTER_THE_GAME = False
        logging.disable(logging.INFO)  # the operations log of every move
        print(f"{PLAYERS} seats: one human acting at once, three smart bots; {sets} sets each")
        for pace in paces:
            waits: list[float] = []
            lengths: list[float] = []
            for seed in range(sets):
                set_waits, length = one_set(seed, pace)
                waits += set_waits
                lengths.append(length)
            waits.sort()
            p90 = waits[int(0.9 * (len(waits) - 1))]
            print(
                f"{pace:>8}: discard -> next draw median {statistics.median(waits):.2f} s, "
                f"p90 {p90:.2f} s ({len(waits)} turns); a set of {PLAYERS} games: "
                f"median {statistics.median(lengths) / 60:.2f} min "
                f"(min {min(lengths) / 60:.2f}, max {max(lengths) / 60:.2f})"
            )


if __name__ == "__main__":
    main()
