"""A request the server answers is ended as Django ends one: ``request_finished`` is sent
in the request's own thread, and the request's database connection closed, kept for the
thread's next request (SQLite's ``CONN_MAX_AGE``), or handed back to PostgreSQL's pool.
An operator would notice the opposite as a scaled-out server whose pool runs dry after a
few dozen requests, then answers every page with a 500 after ten seconds; or as a new
thread and a new database connection paid for by every request."""

import threading

import pytest
from asgiref.testing import ApplicationCommunicator
from django.core.signals import request_finished
from django.db import connection

from config.asgi import REQUEST_THREADS, application

pytestmark = pytest.mark.django_db(transaction=True)


async def served(path: str) -> int:
    scope = {
        "type": "http",
        "http_version": "1.1",
        "method": "GET",
        "path": path,
        "headers": [(b"host", b"localhost")],
        "query_string": b"",
    }
    request = ApplicationCommunicator(application, scope)
    await request.send_input({"type": "http.request", "body": b""})
    start = await request.receive_output(10)
    while (await request.receive_output(10)).get("more_body"):
        pass
    await request.wait(10)
    return start["status"]


def noted(into: list):
    def note(**_kwargs):
        into.append((threading.current_thread().name, id(connection.connection)))

    return note


async def test_every_answered_request_is_finished_in_its_own_thread():
    finished = []
    request_finished.connect(note := noted(finished))
    try:
        assert [await served(path) for path in ("/healthz", "/", "/healthz")] == [200] * 3
    finally:
        request_finished.disconnect(note)
    assert len(finished) == 3
    assert threading.main_thread().name not in [thread for thread, _ in finished]


async def test_a_run_of_requests_is_served_by_a_few_kept_threads_and_connections():
    finished = []
    request_finished.connect(note := noted(finished))
    try:
        statuses = [await served("/") for _ in range(3 * REQUEST_THREADS)]
    finally:
        request_finished.disconnect(note)
    assert statuses == [200] * (3 * REQUEST_THREADS)
    threads = {thread for thread, _ in finished}
    assert 1 <= len(threads) <= REQUEST_THREADS  # not a new thread per request
    if connection.vendor == "sqlite":  # kept by each thread between its requests
        connection_ids = {connection_id for _, connection_id in finished}
        assert id(None) not in connection_ids  # each request read through a connection
        assert len(connection_ids) <= REQUEST_THREADS
