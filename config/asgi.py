"""ASGI entry point: Django over HTTP, the table consumers over websockets (served by Daphne).

HTTP is Django's WSGI application in a few kept threads (:data:`REQUEST_THREADS`,
``config.wsgi_threads``): each request runs the middleware chain and the view as under any
threaded WSGI server, each thread keeping its database connection between requests
(``CONN_MAX_AGE``); the answer is closed in the request's thread, which ends Django's
request (``request_finished``) there. Django's own ASGI handler would hand every step of a
sync middleware (WhiteNoise is sync only) to a new thread and back, and open a database
connection for every request. The sockets stay on Daphne's event loop beside it.
docs/performance.md has the figures side by side.
"""

import logging
import os
import sys
import threading
import time

from django.core.wsgi import get_wsgi_application

from config import memory
from config.body_limit import BodyLimit
from config.wsgi_threads import WsgiThreads

memory.trace_if_asked()  # CLUB_MEMORY_TRACE: debugging what the process holds, never in service
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django_wsgi_app = get_wsgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402
from django.db import connections  # noqa: E402
from twisted.internet.asyncioreactor import AsyncioSelectorReactor  # noqa: E402

from games.live import going_away, server_loop  # noqa: E402
from games.live.consumers import SocketLimits  # noqa: E402
from games.live.timers import attach_to_server  # noqa: E402
from games.presence import leavers  # noqa: E402
from games.routing import websocket_urlpatterns  # noqa: E402

# Requests served at once by one process; a page takes a few ms, a score sheet's PDF a few
# hundred, so eight keep a slow one from holding up the rest. More only add connections.
REQUEST_THREADS = 8

application = ProtocolTypeRouter(
    {
        "http": BodyLimit(WsgiThreads(django_wsgi_app, threads=REQUEST_THREADS)),
        # Every socket that ends counts towards an early sweep of what it left in cycles.
        "websocket": memory.SweepAfterEndings(
            AllowedHostsOriginValidator(
                AuthMiddlewareStack(SocketLimits(URLRouter(websocket_urlpatterns)))
            )
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
    if reactor is not None and isinstance(reactor, AsyncioSelectorReactor):
        reactor.addSystemEventTrigger("before", "shutdown", stopping)


# Bots and deadlines run on this process's event loop; running tables resume now.
attach_to_server()
server_loop.attach_to_server()
going_away.attach_to_server()  # first: sockets get their close frames before the rest stops
on_server_stop()
memory.freeze_what_is_loaded()  # last: what start-up built is kept out of the collector's walks
memory.keep_survivors_out_of_sight()  # and what outlives a full collection, until a sweep
