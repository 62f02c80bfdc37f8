"""What a flood of table sockets leaves behind is freed within seconds, not at the next regular
sweep (every ten minutes): every socket that ends (closed by either side, refused at its
handshake) leaves its protocol's objects in reference cycles, and those that lived through a
full collection wait, out of the collector's sight, for a sweep (``config.memory``). An
operator would notice it as a server that, after 1,000 spectator sockets came and went, held
some 20 MB more until the next sweep, and as much again after a second flood before it
(``bench/abuse.py``, docs/performance.md)."""

import json
import os

from tests.support.commands import python

# A serving process whose collector keeps survivors out of sight, with its regular sweep
# an hour away: a socket's objects, alive through a full collection, then ended.
FLOOD = """
import asyncio, gc, json, time, weakref
from config import memory

memory.EARLY_SWEEP_SECONDS = 3.0  # the pause between early sweeps, shortened for the test
memory.freeze_what_is_loaded()
assert memory.keep_survivors_out_of_sight()


class Protocol:
    pass


def a_socket_left_in_a_cycle():
    protocol = Protocol()
    protocol.itself = protocol  # a socket's objects refer to each other
    gone = weakref.ref(protocol)
    gc.collect()  # it is alive: kept out of sight with the rest
    return gone


async def refused(scope, receive, send):
    raise ConnectionResetError  # however a socket ends, it counts


sockets = memory.SweepAfterEndings(refused)


def end(count):
    async def ending():
        for _ in range(count):
            try:
                await sockets({"type": "websocket"}, None, None)
            except ConnectionResetError:
                pass

    asyncio.run(ending())


def freed_within(gone, seconds):
    until = time.monotonic() + seconds
    while gone() is not None and time.monotonic() < until:
        time.sleep(0.05)
    return gone() is None


first = a_socket_left_in_a_cycle()
end(memory.ENDINGS_PER_SWEEP - 1)
freed_before = freed_within(first, 1.0)
end(1)
freed_after = freed_within(first, 3.0)
second = a_socket_left_in_a_cycle()
end(memory.ENDINGS_PER_SWEEP)  # at once again: the sweep waits its few seconds
freed_at_once = freed_within(second, 1.0)
freed_later = freed_within(second, memory.EARLY_SWEEP_SECONDS + 3.0)
print(json.dumps({
    "freed_before": freed_before,
    "freed_after": freed_after,
    "freed_at_once": freed_at_once,
    "freed_later": freed_later,
}))
"""


def test_what_a_flood_of_ended_sockets_left_in_cycles_is_freed_within_seconds():
    result = python({**os.environ, "CLUB_GC_SWEEP_SECONDS": "3600"}, "-c", FLOOD, timeout=60)
    assert result.returncode == 0, result.stderr
    seen = json.loads(result.stdout.strip().splitlines()[-1])
    # Fewer sockets than a flood: their leftovers wait for the sweep, as before...
    assert not seen["freed_before"], seen
    # ...the flood's last ending brings the sweep now, not in an hour...
    assert seen["freed_after"], seen
    # ...and a flood that goes on is swept again after the pause, not at every ending.
    assert not seen["freed_at_once"], seen
    assert seen["freed_later"], seen


def test_the_served_table_sockets_are_counted_as_they_end(tmp_path):
    # The served app's sockets pass through the counting, outside every check that may
    # refuse them (the origin, the socket limits).
    script = (
        "import json, config.asgi\n"
        "from config import memory\n"
        "sockets = config.asgi.application.application_mapping['websocket']\n"
        "print(json.dumps(isinstance(sockets, memory.SweepAfterEndings)))"
    )
    started = python(
        {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "config.settings_test",
            "DATABASE_URL": f"sqlite:///{tmp_path / 'club.sqlite3'}",
        },
        "-c",
        script,
        timeout=120,
    )
    assert started.returncode == 0, started.stderr
    assert json.loads(started.stdout.strip().splitlines()[-1]) is True
