"""One SQLite file, one writer at a time: the process's writers begin in turn.

SQLite's own busy handler lets a writer that has waited long sleep up to 100 ms between
tries, while a writer that has just come tries at once: under load, a move could wait
for seconds behind moves that came after it (measured at 150 tables: one BEGIN in a
hundred waited over 3 s). ``config.sqlite`` lets one writer of the process wait in SQLite
at a time, the others behind it."""

from __future__ import annotations

import threading
import time

import pytest
from django.db import connection, transaction

from games.models import Player


def in_a_thread(work) -> threading.Thread:
    def run() -> None:
        try:
            work()
        finally:
            connection.close()  # this thread's own connection

    thread = threading.Thread(target=run)
    thread.start()
    return thread


@pytest.mark.django_db(transaction=True)
def test_a_writer_that_waited_long_begins_before_those_that_came_after_it():
    holding, release = threading.Event(), threading.Event()
    began: list[str] = []

    def holder() -> None:
        with transaction.atomic():
            Player.objects.create(display_name="Holder")
            holding.set()
            release.wait(10)

    def writer(name: str):
        def write() -> None:
            with transaction.atomic():
                began.append(name)
                Player.objects.create(display_name=name)

        return write

    threads = [in_a_thread(holder)]
    assert holding.wait(10)
    threads.append(in_a_thread(writer("first")))
    time.sleep(0.5)  # long enough for SQLite to sleep it 100 ms at a time
    threads += [in_a_thread(writer(f"later {n}")) for n in range(4)]
    time.sleep(0.1)
    release.set()
    for thread in threads:
        thread.join(30)
    assert began[0] == "first", began
    assert sorted(began[1:]) == [f"later {n}" for n in range(4)]
    assert Player.objects.filter(display_name__startswith="later").count() == 4
