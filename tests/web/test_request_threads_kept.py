"""Under Daphne a run of requests is served by kept threads, not a new thread per request.

Django's ASGI handler starts (and joins) a thread for every request and opens a new
database connection in it; ``config.request_threads`` keeps the threads and their
connections. An operator notices it as CPU per request; the tests check what makes it:
one thread serves a run of requests with one connection, requests at once still get
threads of their own, and a thread let go takes its connection with it.
"""

import sqlite3
import threading
import time

import pytest
from asgiref.testing import ApplicationCommunicator
from django.db import connections

from config.request_threads import PooledASGIHandler, RequestThreads
from tests.web.sockets import in_own_loop

pytestmark = pytest.mark.django_db(transaction=True)


async def get(handler: PooledASGIHandler, path: str) -> int:
    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "GET",
        "path": path,
        "raw_path": path.encode(),
        "query_string": b"",
        "headers": [(b"host", b"localhost")],
        "client": ("127.0.0.1", 5000),
        "server": ("127.0.0.1", 80),
    }
    request = ApplicationCommunicator(handler, scope)
    await request.send_input({"type": "http.request", "body": b""})
    start = await request.receive_output(10)
    body = await request.receive_output(10)
    while body.get("more_body"):
        body = await request.receive_output(10)
    await request.wait(10)
    return start["status"]


def soon(condition) -> bool:
    """Whether ``condition()`` holds within a second (a thread is given back from itself)."""
    deadline = time.monotonic() + 1.0
    while not condition() and time.monotonic() < deadline:
        time.sleep(0.005)
    return bool(condition())


def connection_of(executor):
    """The database connection (the driver's) the executor's thread holds now."""

    def which():
        connection = connections["default"]
        connection.ensure_connection()
        return connection.connection

    return executor.submit(which).result(10)


@in_own_loop
async def test_a_run_of_requests_is_served_by_one_kept_thread_and_connection():
    handler = PooledASGIHandler()
    threads_before = threading.active_count()
    for _ in range(5):
        assert await get(handler, "/leagues/") == 200
        assert soon(lambda: handler.threads.idle)  # its thread is back, ready for the next
    assert handler.threads.started == 1  # Django's own handler: five threads, five joins
    assert len(handler.threads.idle) == 1
    assert threading.active_count() <= threads_before + 1
    kept = handler.threads.idle[0]
    first = connection_of(kept)
    assert await get(handler, "/leagues/") == 200
    assert soon(lambda: handler.threads.idle == [kept])
    assert connection_of(kept) is first  # the request did not open a new connection


def test_requests_at_once_get_threads_of_their_own_and_spare_ones_are_let_go():
    threads = RequestThreads(keep=1)
    first, second = threads.take(), threads.take()
    assert first is not second and threads.started == 2
    idents = {executor.submit(threading.get_ident).result(10) for executor in (first, second)}
    assert len(idents) == 2
    spare = connection_of(second)
    spare.execute("SELECT 1")  # open
    threads.give_back(first)
    assert soon(lambda: threads.idle == [first])
    threads.give_back(second)  # one is kept already: this one is let go with its connection
    for worker in list(second._threads):
        worker.join(10)
        assert not worker.is_alive()
    with pytest.raises(sqlite3.ProgrammingError, match="closed"):
        spare.execute("SELECT 1")
    assert threads.take() is first and threads.started == 2
