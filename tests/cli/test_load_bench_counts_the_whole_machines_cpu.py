"""bench/load.py's figure for the whole machine: the cores every process kept busy while the
tables played (the servers, PostgreSQL, Redis, the bench itself), read from /proc/stat.

An operator reads it to tell a server that costs too much from a machine that has no core
left: it must count the work of every process, on every core, and no more than the cores
could do in the time."""

import os
import subprocess
import sys
import time

from tests.support.benches import load_bench

BURN = "import time\nend = time.process_time() + 0.6\nwhile time.process_time() < end: pass"


def _machine_busy_seconds() -> float:
    return LOAD_BENCH.machine_cpu_seconds()[0]


LOAD_BENCH = load_bench()


def test_cpu_other_processes_burn_on_every_core_counts_as_the_machines():
    cores = os.cpu_count() or 1
    before, started = _machine_busy_seconds(), time.monotonic()
    burners = [subprocess.Popen([sys.executable, "-c", BURN]) for _ in range(cores)]
    assert all(burner.wait(timeout=120) == 0 for burner in burners)
    busy = _machine_busy_seconds() - before
    elapsed = time.monotonic() - started
    assert busy >= cores * 0.5  # each burner's 0.6 s, give or take a clock tick
    assert busy <= cores * elapsed + 0.05  # never more than the cores had
