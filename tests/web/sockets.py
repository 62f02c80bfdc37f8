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

from games.presence.models import AwayLimit
from games.tables.actions import opening, seating, starting
from games.tables.models import Game, Player, Table
from tests.support.sessions import session_key_for


def session_cookie(player: Player) -> bytes:
    return f"{settings.SESSION_COOKIE_NAME}={session_key_for(player)}".encode()


@database_sync_to_async
def started_table(
    players: list[Player], game_name: str = "highcard", away_seconds: int | None = None
) -> tuple[Table, Game]:
    """A started table of ``players``: the first opens it, the others sit in turn; with the
    table's away limit if ``away_seconds`` is given."""
    table = opening.create_table(game_name=game_name, players=len(players), created_by=players[0])
    for player in players[1:]:
        seating.sit(table, player)
    if away_seconds is not None:
        AwayLimit.objects.create(table=table, seconds=away_seconds)
    return table, starting.start(table, players[0])


async def open_socket(
    code: str,
    player: Player | None = None,
    query: str = "",
    served: Callable[[Any], Any] | None = None,
) -> WebsocketCommunicator:
    """``player``'s socket of table ``code`` (``None``: a cookieless spectator's); ``query``:
    its address's query string, as a page puts it there (``page=<token>``); ``served``: what
    the server's application is wrapped in (a client that behaves as the test needs)."""
    from config.asgi import application

    if served is not None:
        application = served(application)
    headers = [(b"origin", b"http://localhost")]
    if player is not None:
        headers.append((b"cookie", await database_sync_to_async(session_cookie)(player)))
    path = f"/ws/table/{code}/" + (f"?{query}" if query else "")
    socket = WebsocketCommunicator(application, path, headers=headers)
    connected, _ = await socket.connect()
    assert connected
    return socket


async def receive_until(socket: WebsocketCommunicator, text: str) -> str:
    """The frames a socket is pushed until one holds ``text``, joined: a table with a clock
    is also pushed its countdown when who is at the table changes."""
    frames: list[str] = []
    while not frames or text not in frames[-1]:
        frames.append(await socket.receive_from(timeout=5))
    return "".join(frames)


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
