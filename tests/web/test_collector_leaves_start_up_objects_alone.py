"""The serving process's full garbage collections walk only what lived long since the last
one, not what start-up built: every table's pushes are held for the walk, so an operator
would notice long walks as a room whose tables all stall together. A memory trace
(``CLUB_MEMORY_TRACE``) tells an operator what the process holds."""

import json
import os

from tests.support.commands import python


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


# A serving process after its full collection: long-lived objects (a club night's sockets
# and games) made since start-up, then a cycle that becomes garbage after it was kept.
SURVIVORS = """
import gc, json, weakref
from config import memory

memory.freeze_what_is_loaded()
assert memory.keep_survivors_out_of_sight()
sockets = [{"scope": [i, {"path": "/ws/table/ABCDE/"}]} for i in range(30_000)]
gc.collect()
after_full = len(gc.get_objects())

class Consumer:
    pass

closed = Consumer()
closed.itself = closed  # a socket's objects refer to each other
gone = weakref.ref(closed)
gc.collect()  # it is alive: kept out of sight with the rest
del closed
gc.collect()
freed_before_sweep = gone() is None
unreachable = memory.sweep()
print(json.dumps({
    "after_full": after_full,
    "frozen": gc.get_freeze_count(),
    "freed_before_sweep": freed_before_sweep,
    "freed_by_sweep": gone() is None,
    "unreachable": unreachable,
    "sockets": len(sockets),
}))
"""


def test_a_full_collection_leaves_its_survivors_out_of_the_next_walks_until_a_sweep():
    result = python({**os.environ, "CLUB_GC_SWEEP_SECONDS": "3600"}, "-c", SURVIVORS, timeout=60)
    assert result.returncode == 0, result.stderr
    seen = json.loads(result.stdout.strip().splitlines()[-1])
    # The 60,000 long-lived objects are no longer walked by the next full collection...
    assert seen["frozen"] > 60_000, seen
    assert seen["after_full"] < 1_000, seen
    # ...garbage in a cycle among them waits for the sweep, which frees it.
    assert not seen["freed_before_sweep"], seen
    assert seen["freed_by_sweep"], seen
    assert seen["unreachable"] >= 1, seen
    assert seen["sockets"] == 30_000


def test_the_collector_is_left_as_python_has_it_when_the_sweep_is_turned_off():
    script = (
        "import gc, json\nfrom config import memory\n"
        "print(json.dumps([memory.keep_survivors_out_of_sight(), len(gc.callbacks)]))"
    )
    result = python({**os.environ, "CLUB_GC_SWEEP_SECONDS": "0"}, "-c", script, timeout=60)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout.strip().splitlines()[-1]) == [False, 0]


TRACE = """
import gc, sys
from pathlib import Path
from config import memory

class Game:
    pass

game = Game()
game.state = {"table": game}  # a game and what refers back to it
del game
memory.write_traces(Path(sys.argv[1]))
"""


def test_a_memory_trace_names_the_garbage_in_cycles_and_the_allocators_arenas(tmp_path):
    # CLUB_MEMORY_TRACE (debugging only): what a full collection found, by type, with the
    # cycle that kept a game alive, and how much Python's allocator holds.
    result = python({**os.environ}, "-c", TRACE, str(tmp_path), timeout=60)
    assert result.returncode == 0, result.stderr
    garbage = next(tmp_path.glob("garbage-*.txt")).read_text().splitlines()
    assert "1 Game" in garbage
    assert "cycle Game: Game -> dict(table) -> Game" in garbage
    assert "arenas allocated current" in next(tmp_path.glob("pymalloc-*.txt")).read_text()
