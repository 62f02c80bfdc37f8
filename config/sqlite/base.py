"""Django's SQLite backend, the process's transactions beginning in turn.

SQLite has one writer at a time. A transaction here takes the write lock at its
``BEGIN IMMEDIATE`` (``config.settings``); a writer that finds it taken is put to sleep by
SQLite's busy handler, in steps that grow from 1 ms to 100 ms, and tries again only when
it wakes, while a writer that has just come tries at once. Under load those who came
last keep finding the lock free first, and a writer that has waited long enough to sleep
100 ms at a time can wait for seconds: at 150 tables on one Daphne, one ``BEGIN`` in a
hundred waited 1.2-3.9 s, the longest 2.3-5.7 s.

Here the process's transactions begin one after the other: a thread takes the process's
lock of beginnings, waits in SQLite's busy handler as before, and gives the lock to the
next one as soon as its ``BEGIN`` has the write lock (not when its transaction ends). So
only one writer of the process at a time waits in SQLite (its sleeps short: it began
waiting when the holder began), and nobody who came later goes ahead of it.
Another process on the same file (a management command) still meets SQLite alone.
(Holding the lock until the transaction ends, as a process-wide writer lock, was tried:
it handed the write lock to threads still waiting for the interpreter's lock, and every
transaction waited longer.)
"""

from __future__ import annotations

import threading

from django.db.backends.sqlite3 import base

# Held by the one thread of the process waiting for SQLite's write lock, until it has it.
BEGINNING = threading.Lock()


class DatabaseWrapper(base.DatabaseWrapper):
    def _start_transaction_under_autocommit(self) -> None:
        # Bounded as SQLite's own wait is; past it the BEGIN is tried, and fails as before.
        turn = BEGINNING.acquire(timeout=float(self.settings_dict["OPTIONS"].get("timeout", 5)))
        try:
            super()._start_transaction_under_autocommit()
        finally:
            if turn:
                BEGINNING.release()
