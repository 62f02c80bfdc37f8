"""The benches' servers run with glibc's allocator set as `make run` and the documented
systemd unit set it (two heaps; blocks of 32 kB and more mapped on their own, so a refused
2.4 MB body's copies go back to the system): the memory a bench prints is the memory a
club's server holds."""

import re

from tests.cli.test_load_bench_plays_from_many_addresses import LOAD_BENCH
from tests.support.servers import ROOT


def test_make_run_and_the_systemd_unit_set_what_the_benches_use():
    makefile = (ROOT / "Makefile").read_text()
    run_env = makefile.split("RUN_ENV :=", 1)[1].split("\n\n", 1)[0]
    made = dict(re.findall(r"\b(MALLOC_\w+)=(\S+)", run_env))
    unit = dict(
        re.findall(r"Environment=(MALLOC_\w+)=(\S+)", (ROOT / "docs/deploy.md").read_text())
    )
    assert made == unit == LOAD_BENCH.ALLOCATOR_ENV
    assert LOAD_BENCH.ALLOCATOR_ENV.items() <= LOAD_BENCH.server_env("sqlite://", None).items()
