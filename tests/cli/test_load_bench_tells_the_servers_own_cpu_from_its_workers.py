"""bench/load.py's CPU of a move counts the server's worker processes (the bots' and the
coach's thinking) with the server, and tells the server process's own apart: the workers
run at idle priority and take whatever the machine leaves idle, so an operator comparing
two runs must be able to read the server's own CPU, which does not grow with idle cores."""

import subprocess
import sys
import time
from types import SimpleNamespace

from tests.support.benches import load_bench

# A "server" that starts a worker burning a second of CPU and itself only waits for it.
SERVER = (
    "import subprocess, sys\n"
    "burn = 'import time\\nend = time.process_time() + 1.0\\nwhile time.process_time() < end: pass'\n"
    "subprocess.run([sys.executable, '-c', burn])\n"
    "import time; time.sleep(30)\n"
)


def test_the_servers_own_cpu_leaves_out_what_its_workers_burn():
    bench = load_bench()
    server = subprocess.Popen([sys.executable, "-c", SERVER])
    try:
        served = [SimpleNamespace(process=server)]
        own_before, all_before = bench.servers_own_cpu(served), bench.servers_cpu(served)
        deadline = time.monotonic() + 20
        while bench.servers_cpu(served) - all_before < 0.5 and time.monotonic() < deadline:
            time.sleep(0.1)
        assert bench.servers_cpu(served) - all_before >= 0.5  # the worker's, counted
        assert bench.servers_own_cpu(served) - own_before < 0.2  # not the server's own
    finally:
        server.kill()
        server.wait()
