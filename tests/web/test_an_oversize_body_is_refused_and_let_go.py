"""A request body over 1 MB is answered 413 before Django sees any of it, and the body the
server queued for the application is read and dropped at once rather than kept until the
server reaps the request: one client posting 2.4 MB bodies back to back made the server hold
hundreds of MB it never gave back (issue 55). A body sent without a Content-Length (chunked)
is counted as it comes and refused the same way."""

from __future__ import annotations

import asyncio
import socket
from urllib.parse import urlsplit

import pytest

from config.body_limit import MAX_REQUEST_BYTES, BodyLimit
from config.wsgi_threads import WsgiThreads
from tests.support.servers import daphne

CHUNK = 8192  # Daphne's message size


def queued_body(size: int) -> asyncio.Queue:
    """The body as Daphne hands it over: all of it queued in 8 kB messages before the
    application runs."""
    queue: asyncio.Queue = asyncio.Queue()
    sent = 0
    while sent < size:
        part = min(CHUNK, size - sent)
        sent += part
        queue.put_nowait({"type": "http.request", "body": b"x" * part, "more_body": sent < size})
    return queue


class Django:
    """The WSGI side under the bridge: records whether any request reached it."""

    def __init__(self) -> None:
        self.seen: list[int] = []

    def __call__(self, environ, start_response):
        self.seen.append(len(environ["wsgi.input"].read()))
        start_response("200 OK", [("Content-Type", "text/plain")])
        return [b"done"]


async def serve(size: int, headers: list[tuple[bytes, bytes]]) -> tuple[list[dict], Django, int]:
    """One POST of ``size`` bytes through the limit and the bridge; what was sent back, the
    WSGI side, and the messages left unread in the queue."""
    django = Django()
    application = BodyLimit(WsgiThreads(django, threads=1))
    queue, sent = queued_body(size), []

    async def send(message):
        sent.append(message)

    scope = {"type": "http", "method": "POST", "path": "/dragonformula/ABCDE/act"}
    await application({**scope, "headers": headers, "query_string": b""}, queue.get, send)
    return sent, django, queue.qsize()


async def test_a_body_announced_over_the_limit_is_refused_and_dropped_unread_by_django():
    size = 2_400_000
    sent, django, left = await serve(size, [(b"content-length", str(size).encode())])
    assert sent[0]["status"] == 413
    assert b"Request too large (1 MB at most)" in sent[1]["body"]
    assert django.seen == []  # Django never ran
    assert left == 0  # every queued message read and dropped, none kept for the reaper


@pytest.mark.parametrize("over", [1, CHUNK * 40], ids=["in-its-last-message", "early"])
async def test_a_chunked_body_is_counted_and_refused_once_it_passes_the_limit(over):
    sent, django, left = await asyncio.wait_for(serve(MAX_REQUEST_BYTES + over, []), 10)
    assert sent[0]["status"] == 413
    assert django.seen == []
    assert left == 0


async def test_a_chunked_body_under_the_limit_reaches_django_whole():
    sent, django, _left = await serve(MAX_REQUEST_BYTES - 10, [])
    assert sent[0]["status"] == 200
    assert django.seen == [MAX_REQUEST_BYTES - 10]


async def test_a_content_length_that_is_no_number_is_refused():
    sent, django, _left = await serve(10, [(b"content-length", b"10, 20")])
    assert sent[0]["status"] == 413
    assert django.seen == []


def raw_post(base: str, head: str, body: bytes) -> bytes:
    parts = urlsplit(base)
    with socket.create_connection((parts.hostname, parts.port), timeout=30) as sock:
        sock.sendall(head.encode() + body)
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
    return answer


@pytest.fixture(scope="module")
def served():
    with daphne() as base:
        yield base


@pytest.mark.parametrize("chunked", [False, True], ids=["content-length", "chunked"])
def test_a_served_oversize_post_is_answered_413_in_both_languages(served, chunked):
    body = b"version=0&action=" + b"x" * 2_400_000
    if chunked:
        framing = "Transfer-Encoding: chunked\r\n"
        sent = b"".join(
            f"{len(body[i : i + 65536]):x}\r\n".encode() + body[i : i + 65536] + b"\r\n"
            for i in range(0, len(body), 65536)
        )
        sent += b"0\r\n\r\n"
    else:
        framing, sent = f"Content-Length: {len(body)}\r\n", body
    head = (
        "POST /dragonformula/ABCDE/act HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        "Content-Type: application/x-www-form-urlencoded\r\n"
        f"{framing}Connection: close\r\n\r\n"
    )
    answer = raw_post(served, head, sent)
    assert answer.startswith(b"HTTP/1.1 413")
    text = answer.decode()
    assert "Request too large (1 MB at most)" in text and "リクエストが大きすぎます" in text
