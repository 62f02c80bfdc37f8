"""``manage.py run_deadlines``: play the turn-based deadlines that are due, in this process.

Every serving (Daphne) process already does this every second; this command is for a
worker of its own, or for an operator after a long outage (``--once``). Several may run
at once: each deadline is played once (``games.turns.scheduler``).
"""

from __future__ import annotations

import logging
import time
from typing import Any

from django.core.management.base import BaseCommand

from games.turns import notices, scheduler

logger = logging.getLogger(__name__)


class Command(BaseCommand):
    help = "Play the turn-based tables' deadlines that are due (each once, across processes)."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--once", action="store_true", help="Play what is due now, then stop.")
        parser.add_argument(
            "--at",
            type=float,
            default=None,
            help="Play what is due at this moment (POSIX seconds) instead of now (tests).",
        )

    def handle(self, *args: Any, once: bool, at: float | None, **options: Any) -> None:
        while True:
            try:
                played = scheduler.run_due(at)
                notices.send_due(at)
            except Exception as error:
                if once:
                    raise
                # The database or the mail server away for a moment: the next round tries
                # again; the worker keeps running.
                logger.warning("A round of deadlines failed (%s)", type(error).__name__)
            else:
                if once:
                    self.stdout.write(f"played {played}")
                    return
            time.sleep(scheduler.POLL_SECONDS)
