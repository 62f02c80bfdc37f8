"""Django's SQLite backend, with the process's writers taking turns at the database.

SQLite lets one connection write at a time. A transaction begins with ``BEGIN IMMEDIATE``
(``transaction_mode`` in ``config/settings.py``), which takes the write lock at once; a
second thread's ``BEGIN`` finding it taken is held by SQLite's busy handler, which sleeps
and tries again (1, 2, 5, 10, 15, 20, 25 ms, ... up to 100 ms a try) rather than waking
when the lock is let go. On a busy night (150 tables, eight request threads) a move
waited for the database most of its time: ``BEGIN`` took p50 3 ms, p95 230 ms, p99
940 ms, mostly asleep while the lock was free.

So the threads of one process take turns at a lock of their own first (:data:`WRITER`):
a transaction holds it from its ``BEGIN`` to its commit or rollback (or its connection's
closing), and the next thread waiting is woken the moment it is let go. SQLite's own
locking still stands between processes (a ``manage.py`` command beside the server).
This is Django's documented way to change a backend (subclassing it,
docs.djangoproject.com: "Subclassing the built-in database backends"), through the
connection's public transaction methods. An in-memory database is left as it is (a
shared-cache database locks tables, not the file; tests only).
"""

from __future__ import annotations

import threading

from django.db import OperationalError
from django.db.backends.sqlite3 import base

# One writer at a time in this process, across all its threads' connections.
WRITER = threading.Lock()


class DatabaseWrapper(base.DatabaseWrapper):
    """A connection whose transactions take :data:`WRITER` for as long as they are open."""

    holds_writer = False

    def set_autocommit(
        self, autocommit: bool, force_begin_transaction_with_broken_autocommit: bool = False
    ) -> None:
        if autocommit or self.holds_writer or self.is_in_memory_db():
            super().set_autocommit(autocommit, force_begin_transaction_with_broken_autocommit)
            return
        # As long as SQLite itself would wait for the lock, and failing as it would.
        if not WRITER.acquire(timeout=float(self.settings_dict["OPTIONS"].get("timeout", 5))):
            raise OperationalError("database is locked")
        self.holds_writer = True
        try:
            super().set_autocommit(autocommit, force_begin_transaction_with_broken_autocommit)
        except BaseException:
            self._let_go()
            raise

    def commit(self) -> None:
        try:
            super().commit()
        finally:
            if not self.in_atomic_block:  # the transaction has ended either way
                self._let_go()

    def rollback(self) -> None:
        try:
            super().rollback()
        finally:
            if not self.in_atomic_block:
                self._let_go()

    def close(self) -> None:
        try:
            super().close()
        finally:
            self._let_go()  # SQLite rolls back what a closed connection left open

    def _let_go(self) -> None:
        if self.holds_writer:
            self.holds_writer = False
            WRITER.release()
