"""One serving process's threads take turns at the SQLite database (``config.sqlite``): a
transaction holds the process's writer lock from its BEGIN to its commit or rollback, or
its connection's closing, and the next writer waiting is let in then, instead of SQLite's
sleeping retries (bench/sqlite_writers.py has the figures). Every write lands, none is
refused as "database is locked", and the lock is never left taken."""

import threading

import pytest
from django.db import connection, transaction

from config.sqlite.base import WRITER
from games.tables.models import Player

pytestmark = pytest.mark.django_db(transaction=True)


def in_a_thread(work):
    """``work`` in a thread of its own (with its own connection, closed after); what it raised."""
    failures = []

    def run():
        try:
            work()
        except BaseException as error:  # noqa: BLE001 - handed to the test
            failures.append(error)
        finally:
            connection.close()

    thread = threading.Thread(target=run)
    thread.start()
    return thread, failures


def test_the_app_runs_on_the_backend_whose_writers_take_turns():
    assert connection.settings_dict["ENGINE"] == "config.sqlite"
    assert connection.vendor == "sqlite"


def test_threads_writing_at_once_all_land():
    def moves(n):
        def work():
            for k in range(15):
                with transaction.atomic():
                    Player.objects.create(display_name=f"P{n}-{k}")
                    Player.objects.filter(display_name=f"P{n}-{k}").update(display_name=f"Q{n}-{k}")

        return work

    started = [in_a_thread(moves(n)) for n in range(8)]
    for thread, _failures in started:
        thread.join()
    assert [f for _thread, failures in started for f in failures] == []
    assert Player.objects.filter(display_name__startswith="Q").count() == 8 * 15
    assert not WRITER.locked()


def test_a_writer_waits_for_the_one_holding_the_database_and_goes_in_after_it():
    holding, let_go, order = threading.Event(), threading.Event(), []

    def first():
        with transaction.atomic():
            Player.objects.create(display_name="first")
            holding.set()
            let_go.wait(10)
            order.append("first commits")

    def second():
        holding.wait(10)
        with transaction.atomic():
            order.append("second begins")
            Player.objects.create(display_name="second")

    one, one_failed = in_a_thread(first)
    two, two_failed = in_a_thread(second)
    holding.wait(10)
    two.join(0.3)
    assert two.is_alive() and order == []  # waiting for the first to be done
    let_go.set()
    one.join()
    two.join()
    assert one_failed == two_failed == []
    assert order == ["first commits", "second begins"]
    assert not WRITER.locked()


def test_a_rolled_back_transaction_lets_the_next_writer_in():
    def refused():
        with transaction.atomic():
            Player.objects.create(display_name="never")
            raise ValueError("the move was refused")

    thread, failures = in_a_thread(refused)
    thread.join()
    assert [type(f) for f in failures] == [ValueError]
    assert not WRITER.locked()
    assert not Player.objects.filter(display_name="never").exists()


def test_a_connection_closed_mid_transaction_lets_go():
    def closed():
        with transaction.atomic():
            Player.objects.create(display_name="lost")
            connection.close()  # e.g. the connection broke; SQLite rolls back

    thread, _failures = in_a_thread(closed)
    thread.join()
    assert not WRITER.locked()
    with transaction.atomic():  # the next writer is let in at once
        Player.objects.create(display_name="next")
    assert Player.objects.filter(display_name="next").exists()
