"""What the bot-thinking worker processes run besides the engines (``games.coach.bot_thinking``).

Pure Python, no Django: a worker imports only this and the rules packages.
"""

from __future__ import annotations

import contextlib
import os

WORKER_NICENESS = 10  # where a worker cannot wait for idle cores, it yields this much


def lower_priority() -> None:
    """A worker's first act: give way to the serving processes, so that a move or a push
    never waits behind a bot's thinking. On Linux the worker runs only on cores nothing
    else wants (``SCHED_IDLE``: the server takes a busy core back at once); elsewhere, or
    where that is not allowed, it runs at a lower priority."""
    if hasattr(os, "SCHED_IDLE"):
        with contextlib.suppress(OSError):
            os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))
            return
    os.nice(WORKER_NICENESS)
