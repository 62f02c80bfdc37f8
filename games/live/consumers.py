"""The table's websocket: pushes every region, rendered for this socket's own viewer.

Frames the server sends are HTML fragments for the htmx ws extension: each region
(``<section id="prompt" hx-swap-oob="true">`` ...) replaces the element with its
id. A socket gets every region when it connects (so a reconnect is simply shown
the current table), but a page's first socket only the regions that differ from what
the page was loaded with (``games.regions.page_load``); and, after every change the
table's group announces, the regions whose HTML changed for this viewer (so a half-made
choice in an unchanged region survives other players' moves). What the viewer saw is its own
region, ``<span id="seen">`` holding ``<input id="table-version" name="version">``
and the prompt's fingerprint ``<input name="prompt">``, which every action form
includes (``hx-include="#seen"``). Regions are rendered in the viewer's language
(the language cookie, else the browser's Accept-Language).

The browser sends JSON: ``{"tick": true}`` when a countdown ends, which applies
the deadlines that have passed (server time decides, so an early tick is harmless).
Nothing else a socket sends is read, and nothing it sends is ever stored.

:class:`SocketLimits` stands in front of every table socket (``config/asgi.py``): it
reads the client's frames as they come (so Daphne's queue never grows), lets through
a burst of :data:`RATE_BURST` and then :data:`RATE_PER_SECOND` a second into a queue
of :data:`QUEUE_SIZE` (a frame over :data:`MAX_FRAME_CHARS` is counted, then dropped),
and closes a socket that sends more with :data:`CLOSE_FLOOD`, one log line. Who is
asking is a browser session the session store knows (``client_limits.known_session``: a
made-up cookie is no one), else the client's address: for :data:`PENALTY_SECONDS` after a
flood that session's new sockets are refused at the handshake, before any work is done for
them, and other sessions of the same address are not; sockets with no known session are
refused only once their address has flooded :data:`FLOODS_PER_ADDRESS` times in a minute
(one visitor behind a club's address does not blank the others). A session may hold
:data:`MAX_SOCKETS_PER_SESSION` sockets at once; an address
:data:`MAX_SOCKETS_PER_ADDRESS` without a known session and
:data:`MAX_SESSION_SOCKETS_PER_ADDRESS` of known sessions, so a flood of cookieless
spectators does not shut the club's members out (counted in this process, where each
socket lives); one more is refused at the handshake. However the consumer
ends (closed, crashed, killed by the server for taking too long), its seat's
presence is closed then (``leavers.disconnected``), so a bot takes the seat as for any
leaver; the process heartbeat closes whatever still escapes (``leavers.heartbeat``).
"""

from __future__ import annotations

import asyncio
import collections
import functools
import json
import logging
import time
from typing import Any

from autobahn.exception import Disconnected
from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings
from django.core.cache import cache
from django.core.exceptions import SynchronousOnlyOperation
from django.http import HttpRequest
from django.utils import translation

from games.coach import hint_thinking
from games.presence import leavers
from games.regions import page_load, rendering, snapshots
from games.regions.last_sent import LastSent
from games.registry import game_kind
from games.tables import client_limits, oplog, selectors
from games.tables.actions import playing
from games.tables.events import group_name
from games.tables.models import Game, Player, Table

logger = logging.getLogger(__name__)

RATE_BURST = 5  # frames a socket may send at once
RATE_PER_SECOND = 4.0  # and then, on average, per second
QUEUE_SIZE = 8  # frames waiting for the consumer; more and the socket is closed
MAX_FRAME_CHARS = 4096  # a tick is 13 characters
CLOSE_FLOOD = 4429  # the close code of a socket that sent too much
# What sending a frame raises when the client has already gone (a phone's page closed as its
# socket opened, a tunnel dropped as a push went out): the ASGI spec's OSError, and Daphne's
# own, Autobahn's ``Disconnected`` (Channels issue 1820). Not an error: the socket's
# disconnect is on its way behind it, and ends the consumer as any close does.
CLIENT_GONE = (OSError, Disconnected)
PENALTY_SECONDS = 10  # and for so long its session's new sockets are refused at once
# Sockets without a known session: refused from an address that flooded this often a minute.
FLOODS_PER_ADDRESS = client_limits.Window("floods-address", 10, 60)
MAX_SOCKETS_PER_SESSION = 12  # a member's tabs: tables, a club night, its screen
MAX_SOCKETS_PER_ADDRESS = 200  # without a known session (spectators), from one address
MAX_SESSION_SOCKETS_PER_ADDRESS = 400  # of known sessions: a club behind one address
GUARD_KEY = "table_socket"  # the scope entry through which the consumer names its channel


class _Bucket:
    """A token bucket: ``take()`` is true while the sender keeps to the rate."""

    def __init__(self, burst: int, per_second: float) -> None:
        self.burst, self.per_second = burst, per_second
        self.tokens, self.at = float(burst), time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.per_second)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


_open: collections.Counter[str] = collections.Counter()  # this process's sockets per client


def _sent_a_session(scope: dict[str, Any]) -> bool:
    """Whether the handshake sent a session cookie (known to the store or not)."""
    return bool(scope.get("cookies", {}).get(settings.SESSION_COOKIE_NAME))


def _admit(scope: dict[str, Any]) -> tuple[str | None, str | None]:
    """Who opens this socket (its known session key, or None) and why it is refused, if it
    is; in a worker thread: it reads the session and the cache."""
    session = client_limits.known_session(scope.get("session"))
    if session is not None:
        if cache.get(f"limit:flooded:{session}"):
            return session, "flooded"
        return session, None
    if not client_limits.within(FLOODS_PER_ADDRESS, client_limits.address(scope)):
        return None, "address flooded"
    return None, None


def _flooded(session: str | None, address: str) -> None:
    """A socket of ``session`` (or of no known session) from ``address`` flooded."""
    if session is not None:
        cache.set(f"limit:flooded:{session}", True, PENALTY_SECONDS)
    client_limits.take(FLOODS_PER_ADDRESS, address)


class SocketLimits:
    """ASGI middleware for the table sockets: a rate limit and a bounded queue per socket,
    and presence closed however the consumer ends (see the module docstring)."""

    def __init__(
        self,
        inner: Any,
        burst: int = RATE_BURST,
        per_second: float = RATE_PER_SECOND,
        queue_size: int = QUEUE_SIZE,
    ) -> None:
        self.inner = inner
        self.burst, self.per_second, self.queue_size = burst, per_second, queue_size

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope.get("type") != "websocket":
            await self.inner(scope, receive, send)
            return
        address = client_limits.address(scope)
        anonymous, members = f"anonymous:{address}", f"members:{address}"
        session, refused = None, None
        if not _sent_a_session(scope):  # a full address costs a cookieless socket no work
            refused = "address full" if _open[anonymous] >= MAX_SOCKETS_PER_ADDRESS else None
        if refused is None:
            session, refused = await database_sync_to_async(_admit, thread_sensitive=False)(scope)
        if refused is None and session is None and _open[anonymous] >= MAX_SOCKETS_PER_ADDRESS:
            refused = "address full"
        if refused is None and session is not None:
            if _open[f"session:{session}"] >= MAX_SOCKETS_PER_SESSION:
                refused = "session full"
            elif _open[members] >= MAX_SESSION_SOCKETS_PER_ADDRESS:
                refused = "address full"
        if refused is not None:
            await receive()  # websocket.connect
            await send({"type": "websocket.close", "code": CLOSE_FLOOD})  # 403 at the handshake
            return
        clients = [members, f"session:{session}"] if session else [anonymous]
        _open.update(clients)
        guard: dict[str, Any] = {"session": session, "address": address}
        frames: asyncio.Queue[dict[str, Any]] = asyncio.Queue()  # bounded by the pump
        pump = asyncio.ensure_future(self._pump(scope, receive, send, frames, guard))
        try:
            await self.inner({**scope, GUARD_KEY: guard}, frames.get, send)
        finally:
            pump.cancel()
            _open.subtract(clients)
            for client in clients:
                if _open[client] <= 0:
                    del _open[client]
            channel = guard.get("channel")
            if channel is not None and not guard.get("closed"):
                # Off the consumers' thread: it may be the one stuck.
                await database_sync_to_async(leavers.disconnected, thread_sensitive=False)(channel)

    async def _pump(
        self,
        scope: dict[str, Any],
        receive: Any,
        send: Any,
        frames: asyncio.Queue[dict[str, Any]],
        guard: dict[str, Any],
    ) -> None:
        """Read the client as fast as it writes; pass on what the limits allow."""
        bucket = _Bucket(self.burst, self.per_second)
        closed = False
        while True:
            message = await receive()
            if message["type"] != "websocket.receive":
                frames.put_nowait(message)  # connect and disconnect always get through
                if message["type"] == "websocket.disconnect":
                    return
                continue
            if closed:
                continue  # what a closed socket still had in flight
            if bucket.take() and frames.qsize() < self.queue_size:
                if len(message.get("text") or message.get("bytes") or "") <= MAX_FRAME_CHARS:
                    frames.put_nowait(message)  # a longer one is no tick: never read
                continue
            closed = True
            logger.warning(
                "ws closed path=%s channel=%s code=%s reason=%s",
                scope.get("path", "")[:100],
                guard.get("channel", "-"),
                CLOSE_FLOOD,
                "too many messages" if bucket.tokens < 1 else "queue full",
            )
            await send({"type": "websocket.close", "code": CLOSE_FLOOD})
            await database_sync_to_async(_flooded, thread_sensitive=False)(
                guard["session"], guard["address"]
            )


# Readings of a change this process did not save, under way: (table id, change id) -> the
# reading every socket of the table in this process that hears of the change waits for.
_readings: dict[tuple[int, str], asyncio.Future[Any]] = {}


async def _read_once(table_id: int, change: str) -> None:
    """Read the table after ``change`` once for all of this process's sockets that hear of
    it, in a thread of its own, so that a busy sockets' worker thread (an opening, a
    tick, a closing) never holds it up; each socket then renders on the event loop."""
    key = (table_id, change)
    reading = _readings.get(key)
    if reading is None or reading.get_loop() is not asyncio.get_running_loop():
        read = database_sync_to_async(snapshots.for_change, thread_sensitive=False)
        reading = _readings[key] = asyncio.ensure_future(read(table_id, change))
        reading.add_done_callback(functools.partial(_forget_reading, key))
    await asyncio.shield(reading)  # a socket closing meanwhile leaves it to the others


def _forget_reading(key: tuple[int, str], reading: asyncio.Future[Any]) -> None:
    if _readings.get(key) is reading:
        del _readings[key]


def viewer_language(scope: dict[str, Any]) -> str:
    """The language the viewer's pages are in, chosen as LocaleMiddleware chooses a page's:
    Django's ``get_language_from_request`` on the handshake's cookies and Accept-Language
    (the language cookie wins, else the browser's languages, else ``LANGUAGE_CODE``)."""
    handshake = HttpRequest()
    handshake.COOKIES = scope.get("cookies", {})
    accepted = dict(scope.get("headers", [])).get(b"accept-language", b"")
    handshake.META["HTTP_ACCEPT_LANGUAGE"] = accepted.decode("latin-1")
    return translation.get_language_from_request(handshake)


class TableConsumer(AsyncWebsocketConsumer):
    """One table socket. It runs on the event loop: a push of a change this process made
    is rendered there from the change's snapshot (no query, no thread hand-off); whatever
    reads the database (opening, a tick, a change another process made, closing) runs in
    a worker thread."""

    table: Table
    player: Player | None

    async def connect(self) -> None:
        found = await database_sync_to_async(self._find)()
        if found is None:
            await self.close(code=4404)
            return
        self.table, self.player = found
        self.sent = LastSent()
        self.shown: tuple[int, int] | None = None  # (game, version) of the last change pushed
        self.language = viewer_language(self.scope)
        self.group = group_name(self.table.pk)
        self.scope.get(GUARD_KEY, {})["channel"] = self.channel_name  # SocketLimits closes it
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        await self._send(await database_sync_to_async(self._opened)())

    def _find(self) -> tuple[Table, Player | None] | None:
        table = selectors.table_by_code(self.scope["url_route"]["kwargs"]["code"])
        if table is None:
            return None
        return table, selectors.player_from_session(
            self.scope.get("user"), self.scope.get("session")
        )

    def _opened(self) -> str:
        """The socket is in the table's group: note its presence, apply passed deadlines,
        and make its first frame (every region)."""
        seat = leavers.connected(self.table, self.player, self.channel_name)  # retakes a bot's
        self.seat = seat.number if seat is not None else None
        oplog.log_ws("connect", self.table, self.seat, self.scope.get("user"))
        snapshot = snapshots.read(self.table)  # after any retake: the seat is theirs again
        self.catch_up(snapshot.game)  # deadlines passed while nobody looked: pushed as a change
        hint_thinking.think_after(snapshot)  # a hint not yet worked out (after a restart, say)
        # What the page was loaded with, if this is its first socket: not sent again.
        shown = page_load.take(
            self.scope.get("query_string", b""),
            self.table.pk,
            self.player.pk if self.player is not None else None,
        )
        return self.frame(snapshot=snapshot, shown=shown)

    async def disconnect(self, code: int) -> None:
        if hasattr(self, "group"):
            await self.channel_layer.group_discard(self.group, self.channel_name)
            await database_sync_to_async(self._closed)(code)

    def _closed(self, code: int) -> None:
        leavers.disconnected(self.channel_name)  # the away clock starts if it was the last
        self.scope.get(GUARD_KEY, {})["closed"] = True  # SocketLimits need not close it again
        oplog.log_ws(
            "disconnect", self.table, getattr(self, "seat", None), self.scope.get("user"), code
        )

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        try:
            message: Any = json.loads(text_data or "{}")
        except (ValueError, RecursionError):  # not JSON, or nested deeper than json reads
            return
        if isinstance(message, dict) and message.get("tick"):
            await database_sync_to_async(self._tick)()

    async def dispatch(self, message: dict[str, Any]) -> None:
        """Channels' dispatch first closes stale database connections in the worker thread,
        a hand-off for every message; a change is pushed without one (what it reads of the
        database it reads in ``database_sync_to_async``, which closes them itself)."""
        if message.get("type") == "table.changed":
            await self.table_changed(message)
        elif message.get("type") == hint_thinking.MESSAGE:
            await self.table_hint(message)
        else:
            await super().dispatch(message)

    async def table_changed(
        self, event: dict[str, Any], only: frozenset[str] = rendering.EVERY_REGION
    ) -> None:
        """Send what a change changed for this viewer (``only``: of those regions alone)."""
        change = event.get("change")
        if change and not snapshots.renders_without_queries(self.table.pk, change):
            await _read_once(self.table.pk, change)
        if change and snapshots.renders_without_queries(self.table.pk, change):
            try:
                frame = self.frame(change, only=only)
            except SynchronousOnlyOperation:  # something of the table was not read with it
                logger.warning("push read the database on the event loop table=%s", self.table.pk)
                frame = await database_sync_to_async(self.frame)(change, only=only)
        else:
            frame = await database_sync_to_async(self.frame)(change, only=only)
        await self._send(frame)

    async def table_hint(self, event: dict[str, Any]) -> None:
        """A hint worked out off the move's path (``games.coach.hint_thinking``): every
        socket remembers it; the sockets of the player it is for are sent what changed (of
        the regions a hint changes, the game's ``HINT_REGIONS``)."""
        hint_thinking.heard(event)
        if self.player is not None and self.player.pk in event.get("players", ()):
            only = game_kind(event["game_name"]).presenters.HINT_REGIONS
            await self.table_changed(event, only=only)

    async def _send(self, frame: str | None) -> None:
        if frame:
            try:
                await self.send(text_data=frame)
            except CLIENT_GONE:  # the client left first: its disconnect ends this socket
                logger.info("ws frame to a closed socket table=%s", self.table.pk)

    def _older_than_shown(self, snapshot: snapshots.TableSnapshot) -> bool:
        """Whether ``snapshot`` is of an earlier move than this socket has been sent
        (a later move can be announced first when two commit at once); else remember it."""
        game = snapshot.game
        position = (game.pk, game.version) if game is not None else None
        if position is not None and self.shown is not None and position < self.shown:
            return True
        if position is not None:
            self.shown = position
        return False

    def _tick(self) -> None:
        self.catch_up(selectors.current_game(self.table))

    def catch_up(self, game: Game | None) -> None:
        """Apply the deadlines of ``game`` (the table's current game) that have passed (the
        lazy timeout); the group hears of it."""
        if game is not None and not game.is_finished:
            playing.tick(game)

    def frame(
        self,
        change: str | None = None,
        snapshot: snapshots.TableSnapshot | None = None,
        only: frozenset[str] = rendering.EVERY_REGION,
        shown: dict[str, str] | None = None,
    ) -> str | None:
        """The regions that changed since this socket's last frame, as one frame (or
        ``None``: nothing changed for this viewer).

        After an announced ``change`` the regions come from what this process has
        rendered for the change (one reading of the table, one rendering per viewer
        and language); without one (a socket just connected) they are rendered afresh,
        from ``snapshot`` if the caller has just read the table. ``only``: a change known
        to touch those regions alone (a hint heard); the others are not rendered again.
        ``shown``: a first frame's page was loaded with these (``page_load.take``).
        """
        if change:
            if self._older_than_shown(snapshots.for_change(self.table.pk, change)):
                return None  # two moves announced out of order: the later one is already shown
            regions = rendering.pushed_regions(
                self.table.pk, change, self.player, self.language, only
            )
        else:
            with translation.override(self.language):
                regions = rendering.render_regions(self.table, self.player, snapshot=snapshot)
        if shown is not None:
            changed = page_load.unseen(regions, shown)
        else:
            changed = self.sent.changed(regions)
        self.sent.note(regions, only_these=not only)
        return "".join(changed) or None
