"""Give memory back after a burst: glibc's allocator, tuned for one long-lived server process.

What a burst of requests (PDF downloads, thousands of refused uploads, table spam)
allocates is freed when the burst ends, but glibc keeps freed memory inside its heaps
(one heap, an "arena", per thread that allocated, up to 8 per core) instead of giving
it back to the system, so the process's RSS stays where the burst took it. Measured
under ``bench/abuse.py``: 38 MB of the server's 76 MB of malloc heaps free but kept,
spread over 16 arenas (Django runs each HTTP request in a thread of its own).

Two settings change that, both through ``mallopt``/``malloc_trim`` (no environment
variable for the service to remember):

- :data:`ARENAS` heaps at most (``M_ARENA_MAX``): threads share them, so what one
  request freed is reused by the next instead of sitting in a heap of its own;
- every :data:`TRIM_SECONDS` a thread calls ``malloc_trim(0)``, which hands the free
  pages inside every heap back to the system (a few milliseconds, without the GIL).

``CLUB_MALLOC_ARENAS`` and ``CLUB_MALLOC_TRIM_SECONDS`` override them (0 leaves glibc's
default, or never trims). On a C library other than glibc nothing is changed.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import gc
import logging
import os
import threading
import time

logger = logging.getLogger(__name__)

ARENAS = 2
TRIM_SECONDS = 5.0
M_ARENA_MAX = -8  # glibc's malloc.h

_started = threading.Event()


def _glibc() -> ctypes.CDLL | None:
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        libc.malloc_trim, libc.mallopt  # noqa: B018 - glibc has both; musl has neither
    except (OSError, AttributeError):
        return None
    return libc


def _setting(name: str, default: float) -> float:
    try:
        return float(os.environ.get(name, default))
    except ValueError:
        return default


def trim() -> bool:
    """Hand the free pages of every malloc heap back to the system now; whether any were."""
    libc = _glibc()
    return bool(libc is not None and libc.malloc_trim(0))


def tune() -> bool:
    """Limit the arenas and start the trimming thread (once per process); whether glibc
    was there to tune."""
    libc = _glibc()
    if libc is None or _started.is_set():
        return libc is not None
    _started.set()
    arenas = int(_setting("CLUB_MALLOC_ARENAS", ARENAS))
    if arenas > 0:
        libc.mallopt(M_ARENA_MAX, arenas)
    every = _setting("CLUB_MALLOC_TRIM_SECONDS", TRIM_SECONDS)
    if every > 0:
        threading.Thread(
            target=_trim_every, args=(libc, every), name="malloc-trim", daemon=True
        ).start()
    return True


def freeze_what_is_loaded() -> int:
    """Move every object alive now (Django, the apps, what start-up built: the whole
    process is made of them until it exits) out of the garbage collector's sight; how
    many there were.

    Python's full collection walks every object that may be in a cycle. In the serving
    process that was some 165,000 objects and 90-225 ms with every thread held, and a
    flood of short requests (refused uploads, each leaving a few dozen objects for a
    second) started one every 2 s: every table's pushes stopped for it. Frozen, the
    start-up objects are no longer walked, so a full collection costs what the process
    made since. Nothing frozen is freed before the process exits, which is what these
    objects do anyway.
    """
    gc.collect()
    frozen = len(gc.get_objects())
    gc.freeze()
    return frozen


# How often everything is walked once more, so that what became garbage after it was kept
# out of sight (below) is freed: one pause as long as a full collection was before, once a
# minute instead of every few seconds, and a minute's garbage at most left waiting.
SWEEP_SECONDS = 60.0
OLDEST = len(gc.get_threshold()) - 1  # the generation a full collection collects

_sweeping = threading.Event()


def keep_survivors_out_of_sight() -> bool:
    """After every full collection, move what survived it out of the collector's sight,
    as start-up's objects are (:func:`freeze_what_is_loaded`), so the next full collection
    walks only what has lived long since; every :data:`SWEEP_SECONDS` all is walked once
    (``CLUB_GC_SWEEP_SECONDS``; 0 leaves the collector as Python has it). Whether it runs.

    At 150 tables (600 sockets) some 200,000 objects lived long: the sockets' consumers,
    tasks and Twisted's protocols, and the running games. A full collection came every
    3-4 s and walked all of them, 150-350 ms with every table held; now it walks what
    has lived long since the last one, 7-105 ms, and the sweep 266 ms once a minute
    (``bench/load.py``, docs/performance.md, sixth round of issue 18). An
    object kept out of sight is still freed the moment nothing refers to it; only garbage
    in reference cycles (a closed socket's objects) waits for the next sweep.
    """
    every = _setting("CLUB_GC_SWEEP_SECONDS", SWEEP_SECONDS)
    if every <= 0 or _sweeping.is_set():
        return False
    _sweeping.set()
    gc.callbacks.append(_after_collection)
    threading.Thread(target=_sweep_every, args=(every,), name="gc-sweep", daemon=True).start()
    return True


def _after_collection(phase: str, info: dict[str, int]) -> None:
    if phase == "stop" and info["generation"] == OLDEST:
        gc.freeze()


def sweep() -> int:
    """Walk every object once (start-up's too) and free the garbage among them; the
    survivors go out of sight again. How many objects the collector found unreachable."""
    gc.unfreeze()
    return gc.collect()  # and :func:`_after_collection` freezes what survived


def _sweep_every(seconds: float) -> None:
    while True:
        time.sleep(seconds)
        sweep()


def _trim_every(libc: ctypes.CDLL, seconds: float) -> None:
    while True:
        time.sleep(seconds)
        libc.malloc_trim(0)
