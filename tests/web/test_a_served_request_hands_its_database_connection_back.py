"""A request the server answers is ended as Django ends one: ``request_finished`` is sent
and the request's database connection closed, or handed back to PostgreSQL's pool. An
operator would notice the opposite as a scaled-out server whose pool runs dry after a few
dozen requests, then answers every page with a 500 after ten seconds."""

import threading

import pytest
from asgiref.testing import ApplicationCommunicator
from django.core.signals import request_finished

from config.asgi import application

pytestmark = pytest.mark.django_db(transaction=True)


async def test_every_answered_request_is_finished_in_its_own_thread():
    finished = []

    def note(**_kwargs):
        finished.append(threading.current_thread().name)

    request_finished.connect(note)
    try:
        for path in ("/healthz", "/", "/healthz"):
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
            assert start["status"] == 200, path
            while (await request.receive_output(10)).get("more_body"):
                pass
            await request.wait(10)
    finally:
        request_finished.disconnect(note)
    assert len(finished) == 3
    assert threading.main_thread().name not in finished
