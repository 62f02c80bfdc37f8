"""ASGI entry point: Django over HTTP, the table consumers over websockets (served by Daphne)."""

import logging
import os
import sys
import threading
import time

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django_asgi_app = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402
from django.core.handlers.asgi import ASGIHandler  # noqa: E402
from django.core.signals import request_finished  # noqa: E402
from django.db import connections  # noqa: E402

from games import leavers  # noqa: E402
from games.consumers import SocketLimits  # noqa: E402
from games.routing import websocket_urlpatterns  # noqa: E402
from games.timers import attach_to_server  # noqa: E402


def close_request_connections(**kwargs: object) -> None:
    """An HTTP request's worker thread ends with the request: its database connection
    goes with it, whatever CONN_MAX_AGE keeps for the long-lived socket worker."""
    connections.close_all()


request_finished.connect(close_request_connections, sender=ASGIHandler)

application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
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
on_server_stop()
