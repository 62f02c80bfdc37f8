"""Open table sockets as a given player would (session cookie, same-origin header)."""

from __future__ import annotations

import asyncio
import functools
import threading
from collections.abc import Callable, Coroutine
from typing import Any

from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.conf import settings

from games.models import Player
from tests.support.sessions import session_key_for


def session_cookie(player: Player) -> bytes:
    return f"{settings.SESSION_COOKIE_NAME}={session_key_for(player)}".encode()


async def open_socket(code: str, player: Player | None = None) -> WebsocketCommunicator:
    from config.asgi import application

    headers = [(b"origin", b"http://localhost")]
    if player is not None:
        headers.append((b"cookie", await database_sync_to_async(session_cookie)(player)))
    socket = WebsocketCommunicator(application, f"/ws/table/{code}/", headers=headers)
    connected, _ = await socket.connect()
    assert connected
    return socket


def in_own_loop(test: Callable[..., Coroutine[Any, Any, None]]) -> Callable[..., None]:
    """Run an async test on an event loop in a thread of its own.

    The browser tests' Playwright (sync API) keeps an event loop running in the main
    thread for the whole session, where no other loop may run.
    """

    @functools.wraps(test)
    def run(*args: Any, **kwargs: Any) -> None:
        failure: list[BaseException] = []

        def target() -> None:
            try:
                asyncio.run(test(*args, **kwargs))
            except BaseException as error:  # noqa: BLE001 - re-raised in the test's thread
                failure.append(error)

        thread = threading.Thread(target=target)
        thread.start()
        thread.join()
        if failure:
            raise failure[0]

    return run
