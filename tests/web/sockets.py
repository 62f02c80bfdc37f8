"""Open table sockets as a given player would (session cookie, same-origin header)."""

from __future__ import annotations

from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.contrib.sessions.backends.db import SessionStore

from games.models import Player
from games.selectors import SESSION_PLAYER


def session_cookie(player: Player) -> bytes:
    store = SessionStore()
    store[SESSION_PLAYER] = player.pk
    store.create()
    return f"{settings.SESSION_COOKIE_NAME}={store.session_key}".encode()


async def open_socket(code: str, player: Player | None = None) -> WebsocketCommunicator:
    from config.asgi import application

    headers = [(b"origin", b"http://localhost")]
    if player is not None:
        headers.append((b"cookie", await database_sync_to_async(session_cookie)(player)))
    socket = WebsocketCommunicator(application, f"/ws/table/{code}/", headers=headers)
    connected, _ = await socket.connect()
    assert connected
    return socket
