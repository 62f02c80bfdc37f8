"""What the bot-thinking worker processes run besides the engines (``games.coach.bot_thinking``).

Pure Python, no Django: a worker imports only this and the rules packages.
"""

from __future__ import annotations

import os

WORKER_NICENESS = 10  # the server's own work (moves, pushes) comes before a bot's thinking


def lower_priority() -> None:
    """A worker's first act: give way to the serving processes on a busy machine."""
    os.nice(WORKER_NICENESS)
