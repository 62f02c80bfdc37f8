"""What turn-based tables cost the server (prints figures; never fails).

1. **Idle**: a Daphne process serving a database with 10,000 turn-based games waiting
   (their move deadlines a day away) against one serving an empty database: its CPU over
   ``--idle`` seconds of doing nothing but its own loops (the deadlines' poll each second,
   the heartbeat) as a share of one core, and its resident memory (RSS) after that.
2. **1,000 deadlines due at once**, played by one process (``scheduler.run_due``, what the
   server's loop calls each second): wall time and per deadline.
3. **A move** at a turn-based table against one at a live table, the same path and the
   same members' browsers (``bench/table_actions.py``: the seat's POST and the four seats'
   pushes), CPU per action.

The games are copies of one started game (its table, seats, game row and deadline rows,
bulk-inserted), so filling the database takes seconds; each one's deadline is played
through the one writer as any other (the copies share seed and deal, which changes nothing
of the cost). Runs on throwaway SQLite files.

    .venv/bin/python bench/turn_based.py               # ~2 min
    .venv/bin/python bench/turn_based.py --idle 60 --moves 150
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.load import cpu_seconds, rss_mb  # noqa: E402
from bench.table_actions import live_moves, quiet_log, setup_django  # noqa: E402
from tests.support.servers import daphne  # noqa: E402

WAITING = 10_000
DUE_AT_ONCE = 1_000
DAY = 86_400


def copies_of_a_started_game(count: int, due_in: float, prefix: str) -> list[int]:
    """``count`` turn-based Dragon Formula games of two members, each waiting on seat 0 with
    a move deadline ``due_in`` seconds from now (join codes ``prefix`` and a number); their
    game ids."""
    from datetime import UTC, datetime

    from django.contrib.auth import get_user_model
    from django.db import transaction

    from games.tables.actions import guests, opening, seating, starting
    from games.tables.models import Game, Seat, Table
    from games.turns.models import Deadline

    users = get_user_model().objects
    suffix = users.count()
    ann, ben = (
        guests.player_for_user(users.create_user(f"{name}{suffix}")) for name in ("ann", "ben")
    )
    model = opening.create_table(
        game_name="dragonformula",
        players=2,
        created_by=ann,
        move_deadline=DAY,
        options={"fire_seat": 0},
    )
    seating.sit(model, ben)
    first = starting.start(model, ann, seed=1)
    due = datetime.fromtimestamp(time.time() + due_in, tz=UTC)
    ids = []
    with transaction.atomic():
        for start in range(0, count, 500):
            size = min(500, count - start)
            tables = Table.objects.bulk_create(
                Table(
                    game_name="dragonformula",
                    players=2,
                    options=model.options,
                    status=Table.Status.PLAYING,
                    created_by=ann,
                    move_deadline=DAY,
                    code=f"{prefix}{start + n:07d}",
                )
                for n in range(size)
            )
            Seat.objects.bulk_create(
                Seat(table=t, number=n, player=p) for t in tables for n, p in enumerate((ann, ben))
            )
            games = Game.objects.bulk_create(
                Game(
                    table=t,
                    game_name="dragonformula",
                    players=2,
                    options=first.options,
                    seed=first.seed,
                    state=first.state,
                    version=first.version,
                    created=first.created,
                )
                for t in tables
            )
            Deadline.objects.bulk_create(
                Deadline(game=g, table=t, seat=0, kind="move", due=due, player=ann)
                for g, t in zip(games, tables, strict=True)
            )
            ids += [g.pk for g in games]
    return ids


def idle_server(database: Path, seconds: float) -> tuple[float, float]:
    """A Daphne process on ``database`` left alone for ``seconds`` after start-up: the
    share of one core it used meanwhile, and its RSS in MB at the end."""
    env = {
        "DATABASE_URL": f"sqlite:///{database}",
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "SECRET_KEY": "bench-only",
        "ALLOWED_HOSTS": "127.0.0.1",
        "REDIS_URL": "",
        "MALLOC_ARENA_MAX": "2",
        "LOG_LEVEL": "WARNING",
    }
    with daphne(env=env, log=database.with_suffix(".log"), timeout=60) as served:
        time.sleep(5)  # start-up's own work (resuming tables, the first heartbeat) done
        pid = served.process.pid
        before = cpu_seconds(pid)
        time.sleep(seconds)
        return (cpu_seconds(pid) - before) / seconds, rss_mb(pid)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--idle", type=float, default=30.0, help="seconds the servers idle")
    parser.add_argument("--moves", type=int, default=120, help="moves per pace and game")
    parser.add_argument("--waiting", type=int, default=WAITING, help="games waiting (idle)")
    parser.add_argument("--due", type=int, default=DUE_AT_ONCE, help="deadlines due at once")
    parser.add_argument(
        "--only",
        choices=("idle", "due", "moves"),
        action="append",
        help="run only this part (may be given again); all three by default",
    )
    args = parser.parse_args()
    parts = set(args.only or ("idle", "due", "moves"))
    os.environ.setdefault("STATIC_MANIFEST", "0")  # pages are rendered without collectstatic
    print(
        f"Turn-based tables ({os.cpu_count()} cores, SQLite, load average "
        f"{os.getloadavg()[0]:.1f})",
        flush=True,
    )
    with tempfile.TemporaryDirectory() as directory:
        empty, full = Path(directory) / "empty.sqlite3", Path(directory) / "full.sqlite3"
        setup_django(str(full))
        quiet_log()
        from django.conf import settings
        from django.core.management import call_command
        from django.db import connections

        settings.TABLE_TIMERS = False
        if "idle" in parts:
            copies_of_a_started_game(args.waiting, DAY, "W")
        connections.close_all()
        # The empty database: the same schema, nothing in it.
        settings.DATABASES["default"]["NAME"] = str(empty)
        call_command("migrate", verbosity=0)
        connections.close_all()
        settings.DATABASES["default"]["NAME"] = str(full)
        if "idle" in parts:
            idle(empty, full, args.idle, args.waiting)
        if "due" in parts:
            due_at_once(args.due)
        if "moves" in parts:
            moves_against_live(args.moves)


def idle(empty: Path, full: Path, seconds: float, waiting: int) -> None:
    """Two idle servers: on the empty database, then on the one with the waiting games."""
    cpu_empty, rss_empty = idle_server(empty, seconds)
    cpu_full, rss_full = idle_server(full, seconds)
    print(
        f"idle server, {seconds:.0f} s: empty database {100 * cpu_empty:.2f} % of a core, "
        f"{rss_empty:.0f} MB; {waiting:,} turn-based games waiting "
        f"{100 * cpu_full:.2f} % of a core, {rss_full:.0f} MB "
        f"(+{rss_full - rss_empty:.0f} MB)",
        flush=True,
    )


def due_at_once(count: int) -> None:
    """``count`` games whose deadlines are all due, played by one process."""
    from games.tables.models import ActionLog
    from games.turns import scheduler

    due = copies_of_a_started_game(count, -1, "D")
    started = time.perf_counter()
    cpu = time.process_time()
    played = scheduler.run_due()
    wall = time.perf_counter() - started
    cpu = time.process_time() - cpu
    outs = ActionLog.objects.filter(game_id__in=due, action__type="time_out").count()
    print(
        f"{count:,} deadlines due at once, one process: {played} played "
        f"({outs} time-outs logged) in {wall:.1f} s wall, {cpu:.1f} s CPU "
        f"({1000 * wall / max(played, 1):.1f} ms each)",
        flush=True,
    )


def moves_against_live(count: int) -> None:
    """A move at a turn-based table against one at a live table, the same path."""
    import asyncio

    from asgiref.sync import sync_to_async

    from games.live import server_loop

    figures: dict[str, float] = {}

    def moves() -> None:
        seats = ["Ann", "Ben", "Cho", "Dai"]
        for game, level in (("dragonformula", "smart"), ("dragsaga", "heuristic")):
            figures[f"{game} live"] = live_moves(game, seats, level, count, None, members=True)
            figures[f"{game} turn-based"] = live_moves(
                game, seats, level, count, None, move_deadline=DAY
            )

    async def served() -> None:
        server_loop.attach(asyncio.get_running_loop())
        try:
            await sync_to_async(moves)()
        finally:
            server_loop.attach(None)

    asyncio.run(served())
    for game in ("dragonformula", "dragsaga"):
        live, turn = figures[f"{game} live"], figures[f"{game} turn-based"]
        print(
            f"a move, {game}: live {1000 * live:.1f} ms CPU, turn-based "
            f"{1000 * turn:.1f} ms CPU ({turn / live:.2f}x)",
            flush=True,
        )


if __name__ == "__main__":
    main()
