"""What a burst of requests freed goes back to the system: the serving process's memory
(RSS) returns to near where it was, instead of staying where the burst took it."""

import json
import os

import pytest

from tests.support.commands import python

# A burst as the server sees one: several request threads allocating buffers of a few
# kilobytes, a few of them kept (a cache entry, a log record), the rest freed.
BURST = """
import json, threading
from config import memory

def rss():
    for line in open("/proc/self/status"):
        if line.startswith("RssAnon:"):
            return int(line.split()[1]) // 1024

assert memory.tune()
start = rss()
kept = []

def requests():
    buffers = [bytearray(20_000) for _ in range(2_000)]
    kept.extend(buffers[::50])

threads = [threading.Thread(target=requests) for _ in range(4)]
for thread in threads:
    thread.start()
for thread in threads:
    thread.join()
freed = rss()
trimmed = memory.trim()
print(json.dumps({"start": start, "freed": freed, "given_back": rss(), "trimmed": trimmed}))
"""


def test_memory_a_burst_freed_is_given_back_to_the_system():
    if not os.path.exists("/proc/self/status"):
        pytest.fail("needs Linux's /proc to read the process's memory")
    result = python({**os.environ, "CLUB_MALLOC_TRIM_SECONDS": "0"}, "-c", BURST, timeout=60)
    assert result.returncode == 0, result.stderr
    mb = json.loads(result.stdout.strip().splitlines()[-1])
    # 160 MB allocated, 3 MB of it kept, scattered: free() alone leaves the heaps as big.
    assert mb["freed"] - mb["start"] > 60, mb
    assert mb["trimmed"], mb
    assert mb["given_back"] - mb["start"] < 30, mb


def test_what_the_served_app_built_at_start_up_is_kept_out_of_the_collectors_walks(tmp_path):
    # A full garbage collection walks every object not frozen: the served process's
    # start-up objects (Django, the apps) are not walked, so one costs what came since.
    started = python(
        {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "config.settings_test",
            "DATABASE_URL": f"sqlite:///{tmp_path / 'club.sqlite3'}",
        },
        "-c",
        "import gc, json, config.asgi;"
        "print(json.dumps([gc.get_freeze_count(), len(gc.get_objects())]))",
        timeout=120,
    )
    assert started.returncode == 0, started.stderr
    frozen, walked = json.loads(started.stdout.strip().splitlines()[-1])
    assert frozen > 50_000
    assert walked < frozen / 10
