"""Keep the garbage collector's full walks short in the long-lived serving process: what
start-up built, and what has lived long since, is kept out of its sight (Python's own
``gc.freeze``), and everything is walked once a minute.

glibc's allocator is tuned by its own environment variables, not from here: the service
sets ``MALLOC_ARENA_MAX=2`` (docs/deploy.md), so request threads share two heaps and what
one request freed is reused by the next.
"""

from __future__ import annotations

import gc
import os
import threading
import time


def _setting(name: str, default: float) -> float:
    try:
        return float(os.environ.get(name, default))
    except ValueError:
        return default


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
    (``bench/load.py``, docs/performance.md, "The collector's walks"). An
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
