"""ASGI entry point: Django over HTTP, the table consumers over websockets (served by Daphne)."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django_asgi_app = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402
from django.core.handlers.asgi import ASGIHandler  # noqa: E402
from django.core.signals import request_finished  # noqa: E402
from django.db import connections  # noqa: E402

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

# Bots and deadlines run on this process's event loop; running tables resume now.
attach_to_server()
