"""Django's WSGI application served to ASGI's HTTP in a few kept threads.

Daphne speaks ASGI; Django's pages and their middleware are synchronous. This bridge runs
each request as any threaded WSGI server would, in one of ``threads`` kept threads (each
keeping its database connection between requests, ``CONN_MAX_AGE``), with one hand-off each
way between the server's event loop and that thread:

- the request's body is read on the loop, before the thread is asked for;
- the thread runs the application up to closing its answer (which ends Django's request,
  ``request_finished``, in that thread), collecting the answer;
- the loop sends the whole answer. An answer longer than ``STREAM_AFTER`` bytes (a file, a
  long export) is sent as it is made instead, so it is never held whole in memory.

The loop carries every table's pushes too, so a request thread never waits on it for a
step of its own work. It follows the ASGI HTTP specification and WSGI's (PEP 3333) only.
"""

from __future__ import annotations

import asyncio
import io
import sys
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

# Beyond this many bytes an answer is sent as it is made rather than whole.
STREAM_AFTER = 256 * 1024

Send = Callable[[dict[str, Any]], Any]


class NoAnswer(RuntimeError):
    """The WSGI application returned without calling ``start_response``."""


class WsgiThreads:
    """An ASGI application (HTTP only) running ``wsgi_app`` in ``threads`` kept threads."""

    def __init__(self, wsgi_app: Callable[..., Iterable[bytes]], threads: int) -> None:
        self.wsgi_app = wsgi_app
        self.executor = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="request")

    async def __call__(self, scope: dict[str, Any], receive: Callable, send: Send) -> None:
        if scope["type"] != "http":
            raise ValueError(f"WsgiThreads serves HTTP only, not {scope['type']!r}")
        body = bytearray()
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return  # the client went before it finished asking: nothing to answer
            body += message.get("body", b"")
            if not message.get("more_body", False):
                break
        loop = asyncio.get_running_loop()
        answer = _Answer(loop, send)
        environ = wsgi_environ(scope, bytes(body))
        await loop.run_in_executor(self.executor, answer.run, self.wsgi_app, environ)
        await answer.finish()


class _Answer:
    """One request's answer, made in a request thread and sent on the event loop."""

    def __init__(self, loop: asyncio.AbstractEventLoop, send: Send) -> None:
        self.loop, self.send = loop, send
        self.start: dict[str, Any] | None = None
        self.chunks: list[bytes] = []
        self.size = 0
        self.streaming = False

    def start_response(
        self, status: str, headers: list[tuple[str, str]], exc_info: Any = None
    ) -> Callable[[bytes], None]:
        if exc_info is not None and self.streaming:
            raise exc_info[1].with_traceback(exc_info[2])  # too late to change the status
        self.start = {
            "type": "http.response.start",
            "status": int(status.split(" ", 1)[0]),
            "headers": [
                (name.lower().encode("latin-1"), value.encode("latin-1")) for name, value in headers
            ],
        }
        return self.write

    def write(self, chunk: bytes) -> None:
        if not chunk:
            return
        if self.streaming:
            self._send_now({"type": "http.response.body", "body": chunk, "more_body": True})
            return
        self.chunks.append(chunk)
        self.size += len(chunk)
        if self.size > STREAM_AFTER:  # too long to hold: send what there is, then as it comes
            self.streaming = True
            self._send_now(self._started())
            held, self.chunks = b"".join(self.chunks), []
            self._send_now({"type": "http.response.body", "body": held, "more_body": True})

    def run(self, wsgi_app: Callable[..., Iterable[bytes]], environ: dict[str, Any]) -> None:
        """In a request thread: the application's whole answer, then its close."""
        result = wsgi_app(environ, self.start_response)
        try:
            for chunk in result:
                self.write(chunk)
        finally:
            close = getattr(result, "close", None)
            if close is not None:
                close()

    async def finish(self) -> None:
        """On the loop: send what the thread made (the rest of it, if it was streaming)."""
        if self.streaming:
            await self.send({"type": "http.response.body", "body": b"", "more_body": False})
            return
        await self.send(self._started())
        await self.send({"type": "http.response.body", "body": b"".join(self.chunks)})

    def _started(self) -> dict[str, Any]:
        if self.start is None:
            raise NoAnswer("The WSGI application returned without calling start_response.")
        return self.start

    def _send_now(self, message: dict[str, Any]) -> None:
        asyncio.run_coroutine_threadsafe(self.send(message), self.loop).result()


def wsgi_environ(scope: dict[str, Any], body: bytes) -> dict[str, Any]:
    """PEP 3333's environ for an ASGI HTTP ``scope`` and its whole ``body``."""
    server = scope.get("server") or ("localhost", 80)
    client = scope.get("client") or ("", 0)
    path = scope["path"].encode("utf-8").decode("latin-1")  # WSGI's strings are bytes as latin-1
    root = scope.get("root_path", "").encode("utf-8").decode("latin-1")
    environ: dict[str, Any] = {
        "REQUEST_METHOD": scope["method"],
        "SCRIPT_NAME": root,
        "PATH_INFO": path[len(root) :] if root and path.startswith(root) else path,
        "QUERY_STRING": scope.get("query_string", b"").decode("latin-1"),
        "SERVER_NAME": str(server[0]),
        "SERVER_PORT": str(server[1] if server[1] is not None else 80),
        "REMOTE_ADDR": client[0],
        "REMOTE_PORT": str(client[1]),
        "SERVER_PROTOCOL": f"HTTP/{scope.get('http_version', '1.1')}",
        "CONTENT_LENGTH": str(len(body)),
        "wsgi.version": (1, 0),
        "wsgi.url_scheme": scope.get("scheme", "http"),
        "wsgi.input": io.BytesIO(body),
        "wsgi.errors": sys.stderr,
        "wsgi.multithread": True,
        "wsgi.multiprocess": True,
        "wsgi.run_once": False,
    }
    for raw_name, raw_value in scope.get("headers", []):
        name = raw_name.decode("latin-1").upper().replace("-", "_")
        value = raw_value.decode("latin-1")
        if name == "CONTENT_LENGTH":
            continue  # the body as read is what counts
        key = name if name == "CONTENT_TYPE" else f"HTTP_{name}"
        if key in environ:  # a header sent twice: one value, as HTTP folds them
            value = environ[key] + ("; " if key == "HTTP_COOKIE" else ",") + value
        environ[key] = value
    return environ
