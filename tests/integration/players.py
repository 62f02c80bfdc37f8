"""Scripted players: how a browser talks to the site, for the integration tests and bench/load.py.

A player is a session (the guest's ``sessionid`` cookie) and a CSRF token. Its
socket (``/ws/table/<code>/``) receives frames of HTML regions for its own seat;
it acts by posting the fields of a button its prompt offers, plus the version it
saw, to ``/<game>/<code>/act`` as htmx does (CSRF cookie + header, ``HX-Request``).
Tables are set up directly through ``games.tables.actions`` (Django must be set up),
and checked afterwards: every action log gapless and replaying to its snapshot.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import random
import re
import secrets
import string
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from html.parser import HTMLParser
from typing import Any
from urllib.parse import urlencode, urlsplit

GAME = "dragonformula"
SEATS = 4


@dataclass
class Player:
    """One browser: its session cookie and CSRF token, and what its socket last showed."""

    session: str
    csrf: str = field(
        default_factory=lambda: "".join(
            secrets.choice(string.ascii_letters + string.digits) for _ in range(32)
        )
    )
    regions: dict[str, str] = field(default_factory=dict)
    version: int | None = None
    # The address this browser's phone has on the club's network (a loopback address such
    # as 127.0.0.7 here): its socket and its POSTs leave from it. None: the machine's own.
    address: str | None = None

    def absorb(self, html: str) -> None:
        """Take in a frame or an htmx response: its regions replace the ones shown."""
        self.regions.update(regions_of(html))
        version = version_of(html)
        if version is not None and (self.version is None or version > self.version):
            self.version = version

    def offers(self) -> list[dict[str, str]]:
        """What this seat may do now: the buttons of its prompt and its hand (cards to discard)."""
        return offered_actions("".join(r for r in self.regions.values() if "/act" in r))

    async def post(self, base: str, code: str, fields: dict[str, str]) -> tuple[int, str]:
        return await post(
            f"{base}/{GAME}/{code}/act", fields, self.session, self.csrf, self.address
        )

    def socket(self, base: str, code: str) -> Any:
        """``async with player.socket(base, code) as ws``: the table's websocket, as a browser opens it."""
        from websockets.asyncio.client import connect

        return connect(
            base.replace("http://", "ws://") + f"/ws/table/{code}/",
            origin=base,
            # The same language as its POSTs, as a browser sends it with both.
            additional_headers={"Cookie": f"sessionid={self.session}", "Accept-Language": "en"},
            open_timeout=30,
            max_size=None,
            **({"local_addr": (self.address, 0)} if self.address else {}),
        )


# --- the pushed HTML: regions, version, the actions the prompt offers --------------

VOID = {"input", "br", "img", "hr", "meta", "link", "source", "col", "area", "wbr"}
VERSION = re.compile(r'<input[^>]*\bid="table-version"[^>]*>')
VALUE = re.compile(r'\bvalue="(\d+)"')


def version_of(html: str) -> int | None:
    """The table version a frame or response carries (its ``#table-version`` input)."""
    tag = VERSION.search(html)
    if tag is None:
        return None
    value = VALUE.search(tag.group(0))
    return int(value.group(1)) if value else None


START_TAG = re.compile(r"<([a-zA-Z][\w-]*)\b[^>]*>")
ID = re.compile(r"""\bid=["']([^"']*)["']""")


def regions_of(html: str) -> dict[str, str]:
    """A frame's (or an htmx answer's) top-level elements that have an id, by id.

    A frame is its regions one after the other, each one element, as a browser's htmx
    swaps them in; an element ends where the count of its own tag's openings and
    closings inside it comes back to zero (the regions' HTML is well formed: the tests
    render it). A string scan, not an HTML parser: the bench's client parses every frame
    of hundreds of sockets on the same machine as the server it measures.
    """
    regions: dict[str, str] = {}
    at = 0
    while (tag := START_TAG.search(html, at)) is not None:
        name, end = tag.group(1).lower(), tag.end()
        if name not in VOID and not tag.group(0).endswith("/>"):
            end = _element_end(html, name, end)
        found = ID.search(tag.group(0))
        if found is not None:
            regions[found.group(1)] = html[tag.start() : end]
        at = end
    return regions


def _element_end(html: str, name: str, at: int) -> int:
    """Where the element whose start tag ends at ``at`` ends (after its closing tag)."""
    opening, closing = re.compile(rf"<{name}\b", re.IGNORECASE), f"</{name}>"
    depth = 1
    while depth:
        close = html.find(closing, at)
        if close < 0:
            return len(html)  # unclosed: to the end, as a browser would take it
        depth += len(opening.findall(html, at, close)) - 1
        at = close + len(closing)
    return at


class _Offers(HTMLParser):
    """The actions a prompt offers: each button that posts to ``.../act``, with its fields."""

    def __init__(self, html: str) -> None:
        super().__init__(convert_charrefs=True)
        self.form: dict[str, str] | None = None
        self.form_posts = False
        self.offers: list[dict[str, str]] = []
        self.feed(html)
        self.close()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        posts = "/act" in a.get("hx-post", "") or "/act" in a.get("action", "")
        if tag == "form":
            self.form, self.form_posts = {}, posts
            self.form.update(_vals(a))
        elif tag == "input" and self.form is not None and a.get("name"):
            if a.get("type") in ("hidden", None, "") or "checked" in a:
                self.form[a["name"]] = a.get("value", "")
        elif tag == "button" and "disabled" not in a and "data-setting" not in a:
            # (a seat's setting such as "pass automatically" is no move of the game)
            if a.get("type") == "button":  # no submit: the page's own script handles it
                return
            fields = dict(self.form or {}) if (self.form_posts or posts) else None
            if fields is None:
                return
            fields.update(_vals(a))
            if a.get("name"):
                fields[a["name"]] = a.get("value", "")
            self.offers.append(fields)

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self.form, self.form_posts = None, False


def _vals(attrs: dict[str, str]) -> dict[str, str]:
    raw = attrs.get("hx-vals", "")
    if not raw:
        return {}
    try:
        values = json.loads(raw)
    except ValueError:
        return {}
    return {k: v if isinstance(v, str) else json.dumps(v) for k, v in values.items()}


@functools.lru_cache(maxsize=4096)
def _offered(prompt_html: str) -> tuple[tuple[tuple[str, str], ...], ...]:
    return tuple(tuple(fields.items()) for fields in _Offers(prompt_html).offers if fields)


def offered_actions(prompt_html: str) -> list[dict[str, str]]:
    """The POST fields of every action the prompt offers (without the version); parsed
    once per prompt: a seat asks after every frame, and the prompt seldom changed."""
    return [dict(fields) for fields in _offered(prompt_html)]


def action_type(fields: dict[str, str]) -> str:
    if "action" in fields:
        with contextlib.suppress(ValueError, AttributeError):
            return str(json.loads(fields["action"]).get("type", ""))
    return fields.get("type", "")


def choose(offers: list[dict[str, str]], rng: random.Random) -> dict[str, str]:
    """A scripted player: win when offered, pass pick windows, otherwise any offered action."""
    for wanted in ("pick_and_dan", "dan"):
        for fields in offers:
            if action_type(fields) == wanted:
                return fields
    passes = [fields for fields in offers if action_type(fields) == "pass"]
    return passes[0] if passes else rng.choice(offers)


# --- a browser's POST, over asyncio streams -------------------------------------------------


async def post(
    url: str, fields: dict[str, str], session: str, csrf: str, address: str | None = None
) -> tuple[int, str]:
    """POST form fields as htmx does from a page of this site, from ``address`` if given;
    returns (status, body)."""
    parts = urlsplit(url)
    body = urlencode(fields).encode()
    reader, writer = await asyncio.open_connection(
        parts.hostname, parts.port, local_addr=(address, 0) if address else None
    )
    try:
        head = (
            f"POST {parts.path} HTTP/1.1\r\n"
            f"Host: {parts.netloc}\r\n"
            "Content-Type: application/x-www-form-urlencoded\r\n"
            f"Content-Length: {len(body)}\r\n"
            f"Cookie: sessionid={session}; csrftoken={csrf}\r\n"
            f"X-CSRFToken: {csrf}\r\n"
            "HX-Request: true\r\n"
            "Accept-Language: en\r\n"
            "Connection: close\r\n\r\n"
        )
        writer.write(head.encode() + body)
        await writer.drain()
        raw = await reader.read()
    finally:
        writer.close()
        with contextlib.suppress(OSError):
            await writer.wait_closed()
    header, _, payload = raw.partition(b"\r\n\r\n")
    lines = header.decode("latin-1").split("\r\n")
    status = int(lines[0].split(" ", 2)[1])
    if any(line.lower() == "transfer-encoding: chunked" for line in lines[1:]):
        payload = _unchunk(payload)
    return status, payload.decode("utf-8", "replace")


def _unchunk(data: bytes) -> bytes:
    out, rest = bytearray(), data
    while rest:
        size_line, _, rest = rest.partition(b"\r\n")
        size = int(size_line.split(b";")[0] or b"0", 16)
        if size == 0:
            break
        out += rest[:size]
        rest = rest[size + 2 :]
    return bytes(out)


# --- playing on ---------------------------------------------------------------------


def one_table(options: dict[str, Any] | None = None) -> tuple[str, list[Player]]:
    """A started table of four guests: its join code and its players, in seat order."""
    [table] = open_tables(1, options)
    return table["code"], [Player(session) for session in table["sessions"]]


async def connect(
    stack: contextlib.AsyncExitStack, code: str, players: list[Player], base: Callable[[int], str]
) -> dict[int, Any]:
    """Open every player's socket (seat ``s`` on server ``base(s)``); each shows the table as it is."""
    sockets = {
        seat: await stack.enter_async_context(player.socket(base(seat), code))
        for seat, player in enumerate(players)
    }
    for seat, ws in sockets.items():
        players[seat].absorb(await asyncio.wait_for(ws.recv(), 20))
    return sockets


async def catch_up(ws: Any, player: Player, version: int, timeout: float = 20) -> None:
    """Read the socket until it has shown ``version`` (or later)."""
    while player.version is None or player.version < version:
        player.absorb(await asyncio.wait_for(ws.recv(), timeout))


async def play_one(
    code: str, players: list[Player], sockets: dict[int, Any], post_to: str, rng: random.Random
) -> int:
    """The first connected seat that is offered something acts, via ``post_to``; every socket sees it."""
    current = max(players[seat].version or 0 for seat in sockets)
    actor = next(seat for seat in sorted(sockets) if players[seat].offers())
    fields = choose(players[actor].offers(), rng)
    status, body = await players[actor].post(post_to, code, {**fields, "version": str(current)})
    assert status == 200, body
    for seat, ws in sockets.items():
        await catch_up(ws, players[seat], current + 1)
    return actor


@contextlib.contextmanager
def fresh_postgres(admin_url: str) -> Iterator[str]:
    """An empty database on the server of ``admin_url``, dropped afterwards; yields its URL."""
    import psycopg

    name = f"clubtable_fresh_{uuid.uuid4().hex[:8]}"
    with psycopg.connect(admin_url, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    try:
        yield admin_url.rsplit("/", 1)[0] + "/" + name
    finally:
        with psycopg.connect(admin_url, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE "{name}" WITH (FORCE)')


# --- set-up and verification (Django set up, with the servers' database) -------------


def open_tables(count: int, options: dict[str, Any] | None = None) -> list[dict[str, Any]]:
    """``count`` started Dragon Formula tables of four guests: ``{"code", "sessions"}``.

    ``sessions[s]`` is the session key of the guest in seat ``s``.
    """
    from games.tables.actions import guests as table_guests
    from games.tables.actions import opening as table_opening
    from games.tables.actions import seating, starting
    from tests.support.sessions import session_key_for

    tables = []
    for t in range(count):
        players = [table_guests.create_guest(f"Player {t}-{s}") for s in range(SEATS)]
        table = table_opening.create_table(
            game_name=GAME,
            players=SEATS,
            options={"pick_seconds": 20, **(options or {})},
            created_by=players[0],
        )
        for player in players[1:]:  # the creator has seat 0, the others sit in turn
            seating.sit(table, player)
        starting.start(table, players[0])
        sessions = [session_key_for(player) for player in players]
        tables.append({"code": table.code, "sessions": sessions})
    return tables


def check_logs(codes: list[str]) -> dict[str, Any]:
    """Per table: its version, whether its log has no gaps and replays to its snapshot, the log.

    Each game is read locked, as the server locks it to move: a deadline the server applies
    meanwhile (the tables still run) waits, so the snapshot and the log are of one moment.
    """
    from django.db import transaction

    from games.tables.models import Game
    from games.tables.selectors import replayed_state

    result = {}
    for code in codes:
        with transaction.atomic():
            game = Game.objects.select_for_update().get(table__code=code)
            log = list(game.log.order_by("version").values_list("version", "seat", "action"))
            result[code] = {
                "version": game.version,
                "gapless": [v for v, *_ in log] == list(range(1, game.version + 1)),
                "replays": replayed_state(game) == game.state,
                "log": [list(row) for row in log],
            }
    return result
