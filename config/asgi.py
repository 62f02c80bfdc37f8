"""ASGI entry point: Django over HTTP, the table consumers over websockets (served by Daphne)."""

import logging
import os
import sys
import threading
import time

from config import memory
from config.request_threads import get_asgi_application

memory.tune()  # before any thread allocates: threads share 2 malloc heaps, trimmed every 5 s
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django_asgi_app = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402
from django.db import connections  # noqa: E402

from games.live import going_away  # noqa: E402
from games.live.consumers import SocketLimits  # noqa: E402
from games.live.timers import attach_to_server  # noqa: E402
from games.presence import leavers  # noqa: E402
from games.routing import websocket_urlpatterns  # noqa: E402

# No form of the site posts this much (Django's own limit for form data is lower,
# settings.DATA_UPLOAD_MAX_MEMORY_SIZE); a bigger request is refused before it is read.
MAX_REQUEST_BYTES = 1024 * 1024
# Said before Django (and its language negotiation) runs: in both of the site's languages.
TOO_LARGE = "リクエストが大きすぎます（上限 1 MB）。Request too large (1 MB at most).\n".encode()


class BodyLimit:
    """ASGI middleware: an HTTP request announcing more than ``limit`` bytes gets 413
    at once, without Django reading, parsing or logging any of it."""

    def __init__(self, inner: object, limit: int = MAX_REQUEST_BYTES) -> None:
        self.inner, self.limit = inner, limit

    async def __call__(self, scope: dict, receive: object, send: object) -> None:
        if scope["type"] == "http":
            length = dict(scope.get("headers", [])).get(b"content-length", b"0")
            if not length.isdigit() or int(length) > self.limit:
                await send(
                    {
                        "type": "http.response.start",
                        "status": 413,
                        "headers": [(b"content-type", b"text/plain; charset=utf-8")],
                    }
                )
                await send({"type": "http.response.body", "body": TOO_LARGE})
                return
        await self.inner(scope, receive, send)


class _Discard:
    """Where the body of a refused request goes: nowhere."""

    closed = False

    def write(self, data: bytes) -> None:
        pass

    def seek(self, *args: object) -> int:
        return 0

    def read(self, *args: object) -> bytes:
        return b""

    def close(self) -> None:
        self.closed = True


def refuse_large_bodies_early() -> None:
    """Under Daphne: a request announcing over :data:`MAX_REQUEST_BYTES` is answered 413
    as soon as its headers are in and the connection closed; its body is never kept (Daphne
    would otherwise hold all of it in memory before the application sees the request)."""
    from daphne.http_protocol import WebRequest

    if getattr(WebRequest, "_refuses_large_bodies", False):
        return
    got_length, process = WebRequest.gotLength, WebRequest.process
    connection_lost = WebRequest.connectionLost

    def limited_got_length(self: WebRequest, length: int | None) -> None:
        if length is None or length <= MAX_REQUEST_BYTES:
            got_length(self, length)
            return
        self.content = _Discard()
        self._too_large = True
        self.channel.transport.write(
            b"HTTP/1.1 413 Payload Too Large\r\nContent-Type: text/plain; charset=utf-8\r\n"
            + f"Content-Length: {len(TOO_LARGE)}\r\nConnection: close\r\n\r\n".encode()
            + TOO_LARGE
        )
        self.channel.transport.loseConnection()

    def limited_process(self: WebRequest) -> None:
        if not getattr(self, "_too_large", False):
            process(self)

    def limited_connection_lost(self: WebRequest, reason: object) -> None:
        connection_lost(self, reason)
        if getattr(self, "_too_large", False):
            # No application ever ran for it, so nothing is left for Daphne's checker
            # to clean up a second later: gone now, its objects are freed at once
            # instead of piling up for the garbage collector (a flood makes 1,000 a second).
            self.server.connections.pop(self, None)

    WebRequest.gotLength = limited_got_length
    WebRequest.process = limited_process
    WebRequest.connectionLost = limited_connection_lost
    WebRequest._refuses_large_bodies = True


application = ProtocolTypeRouter(
    {
        "http": BodyLimit(django_asgi_app),
        "websocket": AllowedHostsOriginValidator(
            AuthMiddlewareStack(SocketLimits(URLRouter(websocket_urlpatterns)))
        ),
    }
)

logger = logging.getLogger(__name__)

# SIGTERM: the process is gone within this many seconds, whatever a thread still waits for.
STOP_SECONDS = 8.0


def stopping() -> None:
    """Daphne is stopping (SIGTERM; Twisted then closes every socket): tell the other
    processes (``leavers.process_stopping``) and make sure this one exits soon, even if
    a worker thread waits on a lock forever (the interpreter would join it at exit)."""

    def exit_when_overdue() -> None:
        time.sleep(STOP_SECONDS)
        logger.warning("Still stopping after %s s: exiting now", STOP_SECONDS)
        logging.shutdown()
        os._exit(0)

    threading.Thread(target=exit_when_overdue, name="stop-watchdog", daemon=True).start()

    def tell_others() -> None:
        try:
            closed = leavers.process_stopping()
            logger.info("Stopping: %d table sockets closed", closed)
        except Exception:
            logger.exception("Stopping: could not tell the other processes")
        finally:
            connections.close_all()

    # The ORM may not run on the event loop's thread; a moment's wait is fine now.
    teller = threading.Thread(target=tell_others, name="stop-teller", daemon=True)
    teller.start()
    teller.join(3.0)


def on_server_stop() -> None:
    """Under Daphne (Twisted's asyncio reactor): run :func:`stopping` before the shutdown."""
    reactor = sys.modules.get("twisted.internet.reactor")
    if getattr(reactor, "_asyncioEventloop", None) is not None:
        reactor.addSystemEventTrigger("before", "shutdown", stopping)


# Bots and deadlines run on this process's event loop; running tables resume now.
attach_to_server()
going_away.attach_to_server()  # first: sockets get their close frames before the rest stops
on_server_stop()
refuse_large_bodies_early()
memory.freeze_what_is_loaded()  # last: what start-up built is kept out of the collector's walks
memory.keep_survivors_out_of_sight()  # and what outlives a full collection, until a sweep
