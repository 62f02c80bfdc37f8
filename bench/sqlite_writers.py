"""What a move waits for the database when one process's threads write at once (prints
figures; never fails).

A serving process answers moves in eight request threads; each move is one SQLite
transaction: ``BEGIN IMMEDIATE`` (which takes the write lock), a read, the move's own work
while the lock is held, a write, ``COMMIT``. Here ``--threads`` threads each run such
transactions (``--work`` ms of CPU inside, then a pause outside of ``--pause`` ms on
average), against two SQLite files side by side:

- Django's own SQLite backend: a ``BEGIN`` that finds the lock taken is left to SQLite's
  busy handler, which sleeps and tries again (1, 2, 5, 10, 15, 20, 25 ms, ...);
- ``config.sqlite`` (what the app runs on): the threads take turns at a lock of the
  process's own, each woken as soon as it is free.

Printed for each: the wait at ``BEGIN`` (p50 / p95 / p99, ms), the whole transaction's
time, and transactions per second.

    .venv/bin/python bench/sqlite_writers.py
    .venv/bin/python bench/sqlite_writers.py --threads 8 --seconds 10 --work 2 --pause 20
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

BACKENDS = {"django": "django.db.backends.sqlite3", "config.sqlite": "config.sqlite"}


def configure(folder: Path) -> None:
    from django.conf import settings

    options = {
        "timeout": 20,
        "transaction_mode": "IMMEDIATE",
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }
    settings.configure(
        DATABASES={
            alias: {"ENGINE": engine, "NAME": str(folder / f"{alias}.sqlite3"), "OPTIONS": options}
            for alias, engine in BACKENDS.items()
        }
        | {"default": {"ENGINE": "django.db.backends.sqlite3", "NAME": ":memory:"}},
        INSTALLED_APPS=[],
        USE_TZ=True,
    )
    import django

    django.setup()


def busy(ms: float) -> None:
    """``ms`` of CPU, as a move's own work (the engine, its JSON) holds the lock."""
    end = time.thread_time() + ms / 1000
    while time.thread_time() < end:
        pass


def writers(alias: str, threads: int, seconds: float, work: float, pause: float) -> dict:
    from django.db import connections, transaction

    with connections[alias].cursor() as cursor:
        cursor.execute("CREATE TABLE IF NOT EXISTS game (id INTEGER PRIMARY KEY, version INT)")
        cursor.execute("INSERT INTO game (id, version) VALUES (1, 0) ON CONFLICT DO NOTHING")
    connections[alias].close()
    waits: list[float] = []
    whole: list[float] = []
    stop = time.monotonic() + seconds

    def one(seed: int) -> None:
        rng = random.Random(seed)
        try:
            while time.monotonic() < stop:
                started = time.perf_counter()
                with transaction.atomic(using=alias):
                    began = time.perf_counter()
                    with connections[alias].cursor() as cursor:
                        cursor.execute("SELECT version FROM game WHERE id = 1")
                        (version,) = cursor.fetchone()
                        busy(work)
                        cursor.execute("UPDATE game SET version = %s WHERE id = 1", [version + 1])
                done = time.perf_counter()
                waits.append((began - started) * 1000)
                whole.append((done - started) * 1000)
                time.sleep(rng.uniform(0, 2 * pause) / 1000)
        finally:
            connections[alias].close()

    pool = [threading.Thread(target=one, args=(n,)) for n in range(threads)]
    for thread in pool:
        thread.start()
    for thread in pool:
        thread.join()
    return {"waits": sorted(waits), "whole": sorted(whole), "per_s": len(waits) / seconds}


def quantiles(values: list[float]) -> str:
    if not values:
        return "none"
    cut = statistics.quantiles(values, n=100)
    return f"p50 {cut[49]:6.1f}  p95 {cut[94]:6.1f}  p99 {cut[98]:6.1f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--threads", type=int, default=8, help="threads writing at once")
    parser.add_argument("--seconds", type=float, default=8.0, help="seconds per backend")
    parser.add_argument("--work", type=float, default=2.0, help="ms of CPU inside each")
    parser.add_argument("--pause", type=float, default=12.0, help="mean ms between a thread's")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="sqlite-writers-") as folder:
        configure(Path(folder))
        print(
            f"{args.threads} threads, {args.work:g} ms of work inside each transaction, "
            f"{args.pause:g} ms apart on average; {os.cpu_count()} cores, "
            f"load average {os.getloadavg()[0]:.1f}",
            flush=True,
        )
        for alias in BACKENDS:
            found = writers(alias, args.threads, args.seconds, args.work, args.pause)
            print(
                f"{alias:<14} wait at BEGIN ms {quantiles(found['waits'])};  "
                f"transaction ms {quantiles(found['whole'])};  {found['per_s']:6.0f}/s",
                flush=True,
            )


if __name__ == "__main__":
    main()
