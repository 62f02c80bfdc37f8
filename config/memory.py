"""Keep the garbage collector's full walks short in the long-lived serving process: what
start-up built, and what has lived long since, is kept out of its sight (Python's own
``gc.freeze``), and everything is walked every ten minutes, or sooner once many sockets
have ended.

glibc's allocator is tuned by its own environment variables, not from here: the service
sets ``MALLOC_ARENA_MAX=2`` (docs/deploy.md), so request threads share two heaps and what
one request freed is reused by the next.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import gc
import os
import pickle
import sys
import threading
import time
import tracemalloc
from collections import Counter
from pathlib import Path
from typing import Any


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
# out of sight (below) is freed: one pause as long as a full collection was before (200-270
# ms with every table held at 100 tables), every ten minutes instead of every few seconds.
# What waits for it is small: at 100 tables in play a sweep every 20 s found 11 to 1,170
# objects (what a few requests in flight at a full collection left in cycles); the
# garbage that matters, a closed socket's, brings the sweep early (ENDINGS_PER_SWEEP).
# Once a minute, the sweeps' pauses were the pushes' slowest percent at 100 tables
# (docs/performance.md, "The collector's walks").
SWEEP_SECONDS = 600.0
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
    has lived long since the last one, 7-105 ms, and the sweep 200-270 ms every ten minutes
    (``bench/load.py``, docs/performance.md, "The collector's walks"). An
    object kept out of sight is still freed the moment nothing refers to it; only garbage
    in reference cycles (a closed socket's objects) waits for the next sweep, which a
    flood of ended sockets brings early (:class:`SweepAfterEndings`)."""
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


# Connections that end (a table socket closed, or refused at its handshake) leave their
# protocol's objects in reference cycles (Twisted's, Autobahn's, Daphne's: some 50 objects
# each), and those that lived through a full collection are out of sight until a sweep. A
# flood of sockets left them all waiting for the next sweep: 1,000 spectator sockets
# opened and closed held some 20 MB, and a second flood before that sweep took as much
# again. After this many endings (some 9 MB of them) the sweep comes early, at most once every
# EARLY_SWEEP_SECONDS: a sweep holds every table's pushes for 100-270 ms, so a flood may
# not pause them more often (docs/performance.md, "Under abuse").
ENDINGS_PER_SWEEP = 200
EARLY_SWEEP_SECONDS = 15.0

_endings = 0
_sweep_soon = threading.Event()


def connection_ended() -> None:
    """A table socket has ended (:class:`SweepAfterEndings`, in ``config.asgi``): count it,
    and after :data:`ENDINGS_PER_SWEEP` ask for the sweep now rather than at its ten minutes,
    so what those connections left in cycles is freed while a flood still goes on."""
    global _endings
    _endings += 1
    if _endings >= ENDINGS_PER_SWEEP:
        _endings = 0
        _sweep_soon.set()


class SweepAfterEndings:
    """ASGI middleware around the table sockets: every connection that ends, however it
    ends (closed by either side, refused at the handshake), is counted for an early sweep
    (:func:`connection_ended`)."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        try:
            await self.inner(scope, receive, send)
        finally:
            connection_ended()


def _sweep_every(seconds: float) -> None:
    pause = min(EARLY_SWEEP_SECONDS, seconds)
    while True:
        _sweep_soon.wait(seconds - pause)  # ten minutes, or sooner after many endings
        _sweep_soon.clear()
        sweep()
        time.sleep(pause)  # one sweep every few seconds at most, however many end


def _c_library(name: str, function: str) -> ctypes.CDLL | None:
    """The system's C library ``name`` (``c``, ``sqlite3``) if it has ``function``."""
    path = ctypes.util.find_library(name)
    try:
        library = ctypes.CDLL(path) if path else None
    except OSError:
        return None
    return library if library is not None and hasattr(library, function) else None


_libc = _c_library("c", "mallinfo2")  # glibc 2.33 or later, which the traces read; else None


class _MallInfo2(ctypes.Structure):
    _fields_ = [  # noqa: RUF012 - glibc's struct mallinfo2, in its order
        (name, ctypes.c_size_t)
        for name in (
            "arena",
            "ordblks",
            "smblks",
            "hblks",
            "hblkhd",
            "usmblks",
            "fsmblks",
            "uordblks",
            "fordblks",
            "keepcost",
        )
    ]


def heap_usage() -> str:
    """The C heap as glibc counts it (``mallinfo2``): MB taken from the system in its
    heaps and in blocks mapped on their own, MB of it in use and free (debugging only)."""
    if _libc is None:
        return "unknown (not glibc 2.33 or later)"
    _libc.mallinfo2.restype = _MallInfo2
    info = _libc.mallinfo2()
    mb = 1024 * 1024
    return (
        f"heaps {info.arena / mb:.1f} MB (in use {info.uordblks / mb:.1f}, free"
        f" {info.fordblks / mb:.1f}), mapped blocks {info.hblkhd / mb:.1f} MB ({info.hblks});"
        f" SQLite's {_sqlite_memory() / mb:.1f} MB"
    )


def _sqlite_memory() -> int:
    """Bytes SQLite has allocated (its own ``sqlite3_memory_used``: page caches, prepared
    statements), 0 where its library is not found."""
    library = _c_library("sqlite3", "sqlite3_memory_used")
    if library is None:
        return 0
    library.sqlite3_memory_used.restype = ctypes.c_int64
    return library.sqlite3_memory_used()


def trace_if_asked() -> bool:
    """For finding what the process holds (debugging only, never in service): with
    ``CLUB_MEMORY_TRACE`` naming a folder, every ``CLUB_MEMORY_TRACE_SECONDS`` (15) a full
    collection is made and written there, named by the time: ``garbage-<t>.txt``, how many
    objects of each type it found unreachable (garbage kept alive by reference cycles until
    a collection walks them) and, last, the C heap (glibc's ``mallinfo2``: taken, in use,
    free; SQLite's share of it), ``pymalloc-<t>.txt``, Python's allocator's arenas and
    blocks (``sys._debugmallocstats``: memory held for objects, used or not), and
    ``caches-<t>.txt``, every remembered-calls cache of the project, how full and how often
    it answered (:func:`remembered`). With
    ``CLUB_MEMORY_TRACE_FRAMES`` above 0 every allocation is traced too (Python's
    ``tracemalloc``, that many frames each; several times slower) and
    ``snapshot-<t>.pickle`` written, to compare with ``Snapshot.compare_to``. Whether it runs."""
    folder = os.environ.get("CLUB_MEMORY_TRACE")
    if not folder or _tracing.is_set():
        return False
    _tracing.set()
    Path(folder).mkdir(parents=True, exist_ok=True)
    frames = int(_setting("CLUB_MEMORY_TRACE_FRAMES", 0))
    if frames > 0:
        tracemalloc.start(frames)
    every = _setting("CLUB_MEMORY_TRACE_SECONDS", 15.0)
    threading.Thread(
        target=_write_traces, args=(Path(folder), every), name="memory-trace", daemon=True
    ).start()
    return True


_tracing = threading.Event()


def _write_traces(folder: Path, every: float) -> None:
    while True:
        time.sleep(every)
        write_traces(folder)


def write_traces(folder: Path) -> None:
    """One full collection written to ``folder`` (:func:`trace_if_asked`)."""
    at = f"{time.time():.0f}"
    gc.set_debug(gc.DEBUG_SAVEALL)  # the unreachable objects are kept in gc.garbage
    try:
        sweep()
        kinds = Counter(type(thing).__qualname__ for thing in gc.garbage)
        cycles = _cycles_through(gc.garbage, CYCLE_KINDS)
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
    sweep()  # now freed (what was kept in gc.garbage went out of sight with it)
    lines = [f"{count} {kind}" for kind, count in kinds.most_common()] + cycles
    lines.append(f"C heap: {heap_usage()}")
    (folder / f"garbage-{at}.txt").write_text("\n".join(lines) + "\n")
    (folder / f"caches-{at}.txt").write_text("\n".join(remembered()) + "\n")
    with (folder / f"pymalloc-{at}.txt").open("w") as out:
        saved = os.dup(2)  # the statistics are written to the C stderr
        try:
            os.dup2(out.fileno(), 2)
            sys._debugmallocstats()
        finally:
            os.dup2(saved, 2)
            os.close(saved)
    if tracemalloc.is_tracing():
        with (folder / f"snapshot-{at}.pickle").open("wb") as out:
            pickle.dump(tracemalloc.take_snapshot(), out, pickle.HIGHEST_PROTOCOL)


# The packages whose remembered calls (``functools.lru_cache``'s and
# ``games.regions.recent.remembered``'s) a trace lists.
OWN_PACKAGES = ("games.", "dragonformula.", "dragsaga.", "config.")


def remembered() -> list[str]:
    """Every cache of remembered calls (anything with ``lru_cache``'s ``cache_info``) in this
    project's code, one line each: how full it is and how often it was asked and answered,
    e.g. ``2048/2048 hits 86.7% (26,825 of 30,928) games.regions.looks.region``. For sizing
    them: a cache that is full and answers often is worth its memory (debugging only)."""
    found = {}
    for module_name, module in list(sys.modules.items()):
        if not module_name.startswith(OWN_PACKAGES):
            continue
        for name, thing in list(vars(module).items()):
            info = getattr(thing, "cache_info", None)
            if callable(info) and getattr(thing, "__module__", None) == module_name:
                found[f"{module_name}.{name}"] = info()
    lines = []
    for name, (hits, misses, maxsize, size) in sorted(found.items()):
        asked = hits + misses
        share = 100 * hits / asked if asked else 0.0
        lines.append(f"{size}/{maxsize} hits {share:.1f}% ({hits:,} of {asked:,}) {name}")
    return lines


# The kinds of garbage whose reference cycle a trace names (one of each found).
CYCLE_KINDS = ("Game", "Table", "Seat", "Player", "Deferred", "Request", "TableConsumer")


def _cycles_through(garbage: list[object], kinds: tuple[str, ...]) -> list[str]:
    """For the first unreachable object of each of ``kinds``: the way from it back to it
    through the other unreachable objects, each named by its type (a dict by its first
    keys), e.g. ``cycle Game: Game -> dict(table) -> Game``."""
    among = {id(thing) for thing in garbage}
    found = []
    for kind in kinds:
        start = next((thing for thing in garbage if type(thing).__qualname__ == kind), None)
        if start is None:
            continue
        came_from: dict[int, object | None] = {id(start): None}
        queue, last = [start], None
        while queue and last is None:
            thing = queue.pop(0)
            for referent in gc.get_referents(thing):
                if referent is start:
                    last = thing
                    break
                if id(referent) in among and id(referent) not in came_from:
                    came_from[id(referent)] = thing
                    queue.append(referent)
        way = []
        while last is not None:
            way.append(last)
            last = came_from.get(id(last))
        names = [
            f"dict({','.join(map(str, list(t)[:5]))})"
            if isinstance(t, dict)
            else type(t).__qualname__
            for t in way
        ]
        found.append(f"cycle {kind}: " + " -> ".join([*reversed(names), kind]))
    return found
