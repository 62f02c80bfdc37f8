"""Refusing a request body bigger than any form of the site posts, and letting it go at once.

Daphne (Twisted) calls the application only once the whole body is in: Twisted spools a
large one to a temporary file, and Daphne then queues all of it for the application in
8 kB messages. A refusal that never reads those messages leaves them queued until Daphne
reaps the request (a second or so later); a client posting 2.4 MB bodies back to back
kept hundreds of MB of them alive at once, and the allocator kept the memory after they
went (issue 55). So the refusal reads what was queued and drops it, message by message.

A body without a Content-Length (``Transfer-Encoding: chunked``) is counted as it is
read, and refused the same way once it passes the limit.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

Receive = Callable[[], Awaitable[dict[str, Any]]]
Send = Callable[[dict[str, Any]], Awaitable[None]]

# No form of the site posts this much (Django's own limit for form data is lower,
# settings.DATA_UPLOAD_MAX_MEMORY_SIZE); a bigger request is refused before Django reads it.
MAX_REQUEST_BYTES = 1024 * 1024
# Said before Django (and its language negotiation) runs: in both of the site's languages.
TOO_LARGE = "リクエストが大きすぎます（上限 1 MB）。Request too large (1 MB at most).\n".encode()


class TooLarge(Exception):
    """The body read so far is over the limit (raised to the application reading it)."""


class BodyLimit:
    """ASGI middleware: an HTTP request announcing, or sending, more than ``limit`` bytes
    gets 413 without the application seeing its body; the body is read and dropped."""

    def __init__(self, inner: Callable[..., Awaitable[None]], limit: int = MAX_REQUEST_BYTES):
        self.inner, self.limit = inner, limit

    async def __call__(self, scope: dict[str, Any], receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.inner(scope, receive, send)
            return
        length = dict(scope.get("headers", [])).get(b"content-length")
        if length is not None and (not length.isdigit() or int(length) > self.limit):
            await refuse(receive, send)
            return
        counted = _Counted(receive, self.limit)
        try:
            await self.inner(scope, counted, send)
        except TooLarge:
            await refuse(receive, send, read_all=counted.read_all)


class _Counted:
    """``receive`` that raises :class:`TooLarge` once the body's bytes pass ``limit``."""

    def __init__(self, receive: Receive, limit: int) -> None:
        self.receive, self.limit, self.size = receive, limit, 0
        self.read_all = False  # the body's last message has been read

    async def __call__(self) -> dict[str, Any]:
        message = await self.receive()
        if message["type"] == "http.request":
            self.size += len(message.get("body", b""))
            self.read_all = not message.get("more_body", False)
            if self.size > self.limit:
                raise TooLarge
        return message


async def refuse(receive: Receive, send: Send, read_all: bool = False) -> None:
    """Answer 413, then read and drop the rest of the body (queued already, under Daphne),
    unless all of it has been read (``read_all``)."""
    await send(
        {
            "type": "http.response.start",
            "status": 413,
            "headers": [(b"content-type", b"text/plain; charset=utf-8")],
        }
    )
    await send({"type": "http.response.body", "body": TOO_LARGE})
    message = {"type": "http.request", "more_body": not read_all}
    while message["type"] == "http.request" and message.get("more_body", False):
        message = await receive()
