"""The site's pages go from Daphne to Django through config/wsgi_threads.py: a request
reaches Django as any WSGI server would hand it over, and its answer is made in a request
thread that never waits on the event loop the tables' pushes are sent from."""

import asyncio
import threading
import time

import pytest

from config.wsgi_threads import STREAM_AFTER, NoAnswer, WsgiThreads

SCOPE = {
    "type": "http",
    "http_version": "1.1",
    "method": "POST",
    "scheme": "http",
    "path": "/tables/ab/ドラゴン",
    "root_path": "",
    "query_string": b"seat=2&x=%C3%A9",
    "headers": [
        (b"host", b"club.local:8000"),
        (b"content-type", b"application/x-www-form-urlencoded"),
        (b"content-length", b"10"),
        (b"cookie", b"a=1"),
        (b"cookie", b"b=2"),
        (b"x-seen", b"one"),
    ],
    "client": ("192.168.1.5", 50123),
    "server": ("192.168.1.2", 8000),
}


async def serve(app, scope=SCOPE, body_parts=(b"card=", b"W13x1")):
    """Run one request through ``app``; what it sent back."""
    incoming = [
        {"type": "http.request", "body": part, "more_body": n < len(body_parts) - 1}
        for n, part in enumerate(body_parts)
    ]
    sent = []

    async def receive():
        return incoming.pop(0) if incoming else {"type": "http.disconnect"}

    async def send(message):
        sent.append(message)

    await asyncio.wait_for(app(scope, receive, send), 10)
    return sent


def test_a_request_reaches_django_as_a_wsgi_server_hands_it_over():
    seen = {}

    def wsgi_app(environ, start_response):
        seen.update(environ, body=environ["wsgi.input"].read())
        start_response("201 Created", [("Content-Type", "text/plain"), ("X-Seat", "2")])
        return [b"made"]

    sent = asyncio.run(serve(WsgiThreads(wsgi_app, threads=2)))
    assert seen["REQUEST_METHOD"] == "POST"
    assert seen["PATH_INFO"] == "/tables/ab/ドラゴン".encode().decode("latin-1")
    assert seen["QUERY_STRING"] == "seat=2&x=%C3%A9"
    assert seen["body"] == b"card=W13x1" and seen["CONTENT_LENGTH"] == "10"
    assert seen["CONTENT_TYPE"] == "application/x-www-form-urlencoded"
    assert seen["HTTP_HOST"] == "club.local:8000" and seen["HTTP_X_SEEN"] == "one"
    assert seen["HTTP_COOKIE"] == "a=1; b=2"
    assert (seen["REMOTE_ADDR"], seen["SERVER_NAME"], seen["SERVER_PORT"]) == (
        "192.168.1.5",
        "192.168.1.2",
        "8000",
    )
    assert seen["wsgi.url_scheme"] == "http" and seen["SERVER_PROTOCOL"] == "HTTP/1.1"
    assert sent == [
        {
            "type": "http.response.start",
            "status": 201,
            "headers": [(b"content-type", b"text/plain"), (b"x-seat", b"2")],
        },
        {"type": "http.response.body", "body": b"made"},
    ]


def test_an_answer_is_made_and_closed_while_the_event_loop_is_busy():
    """The thread runs the application to its close without waiting on the loop: a loop
    busy rendering other tables' pushes does not hold up the page's own work."""
    entered, closed = threading.Event(), []

    class Answer(list):
        def close(self):
            closed.append(time.monotonic())

    def wsgi_app(environ, start_response):
        entered.set()
        start_response("200 OK", [])
        time.sleep(0.05)  # the view's work, begun while the loop is still free
        return Answer([b"page"])

    async def go():
        request = asyncio.create_task(serve(WsgiThreads(wsgi_app, threads=1)))
        while not entered.is_set():
            await asyncio.sleep(0.001)
        time.sleep(0.5)  # the loop held: nothing runs on it meanwhile
        released = time.monotonic()
        return released, await request

    released, sent = asyncio.run(go())
    assert closed and closed[0] < released  # made and closed before the loop came back
    assert sent[-1]["body"] == b"page"


def test_a_long_answer_is_sent_as_it_is_made_and_in_order():
    chunks = [bytes([65 + n % 26]) * 10_000 for n in range(60)]  # 600 kB

    def wsgi_app(environ, start_response):
        start_response("200 OK", [("Content-Type", "application/octet-stream")])
        return iter(chunks)

    sent = asyncio.run(serve(WsgiThreads(wsgi_app, threads=2)))
    assert sent[0]["type"] == "http.response.start" and sent[0]["status"] == 200
    bodies = sent[1:]
    assert b"".join(m["body"] for m in bodies) == b"".join(chunks)
    assert [m["more_body"] for m in bodies] == [True] * (len(bodies) - 1) + [False]
    assert len(bodies) > 2  # sent in pieces, the first no longer than the limit and a chunk
    assert len(bodies[0]["body"]) <= STREAM_AFTER + len(chunks[0])


def test_a_client_gone_before_it_finished_asking_gets_nothing_made():
    called = []

    def wsgi_app(environ, start_response):
        called.append(environ)
        start_response("200 OK", [])
        return [b""]

    async def go():
        sent = []

        async def receive():
            return {"type": "http.disconnect"}

        async def send(message):
            sent.append(message)

        await WsgiThreads(wsgi_app, threads=1)(SCOPE, receive, send)
        return sent

    assert asyncio.run(go()) == [] and called == []


def test_an_application_that_never_starts_its_answer_is_named_as_such():
    def wsgi_app(environ, start_response):
        return [b"no status"]

    with pytest.raises(NoAnswer, match="start_response"):
        asyncio.run(serve(WsgiThreads(wsgi_app, threads=1)))
