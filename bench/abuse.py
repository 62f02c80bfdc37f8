"""Abuse benchmark: a normal 2-seat table plays while, one after another, an attacker
bursts PDF downloads, floods ticks up table sockets, spams new tables, spams the lobby
with a new guest for every few tables, opens 1,000 spectator sockets, floods from behind
the address its neighbours share, posts oversize refusals, and creates, starts and leaves
eight 4-seat strong-bot tables from one client. Not a test: it prints figures and never
fails on them.

    .venv/bin/python bench/abuse.py                # about 90 s
    .venv/bin/python bench/abuse.py --phase 10 --think 0.3
    .venv/bin/python bench/abuse.py --only "table spam,lobby spam" --pdfs 2
    .venv/bin/python bench/abuse.py --rounds 2     # every abuse twice: what a repeat adds

Loopback only, bounded in time (``--phase`` seconds per abuse, ``--settle`` seconds
after it). One Daphne process with a SQLite file and the in-memory channel layer
(``make run``'s set-up, production settings). For each phase it prints:

- the normal table's click->push latency p50/p95 (from sending an applied action's
  POST to the other seat's socket receiving a frame at the new version) and how many
  actions it applied;
- the normal table's page p50/p95 (a GET of the whole page by one of its players, five a
  second, while the abuse runs);
- the server's memory (RSS from /proc) before the phase and after it has settled;
- what the abuse got: PDF answers (200 / 503 + Retry-After) and their p95, sockets
  closed for flooding (4429), tables made vs refused (429) and the lobby's time, guests
  and tables the lobby spam got, spectator sockets accepted vs refused, the neighbours
  (other sessions and cookieless spectators of the flooder's address) that stayed
  connected and the made-up-cookie reconnections refused, oversize refusals (413) and how
  much the server's log grew; the strong-bot tables made, started and left vs refused.

Beside them a club table of two strong Dragon Formula bots (quick pace: 0.3 s before a
move) plays through every phase: its strong bots' answer time (from the move before to the
bot's, read from the action log; draws and "next game" left out) is printed per phase,
the baseline being its time alone (goal p95 <= 1 s beside the strong-bot spam).

Every client is on loopback, so every abuse comes from the address the normal table's
players share: the limits per session must spare them. The strong-bot spam, last, comes
from 127.0.0.2 (a loopback address of its own), so the earlier phases' tables do not
count against it.

Then a fresh PDF's own time: the blank Dragon Formula sheet printed by a warm
WeasyPrint worker (``games.printing.pdf``), each time with different HTML so the cache
never answers. The machine's load average is printed at the start and the end.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlencode, urlsplit

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidStatus

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from load import ScriptedSeat, Tally, migrate, percentile, rss_mb, server_env  # noqa: E402

from tests.integration.players import post  # noqa: E402
from tests.support.commands import python  # noqa: E402
from tests.support.servers import daphne  # noqa: E402

GAME = "dragonformula"
ATTACKER_SESSIONS = 10
PDF_WORKERS = 12
FLOOD_SOCKETS = 2
OVERSIZE_WORKERS = 20
LOBBY_SPAMMERS = 4  # threads of the lobby spam, each a new cookie jar per round
SPECTATORS = 1000  # sockets of the spectator flood, all from one address
NEIGHBOURS = 40  # cookieless spectators sharing the flooder's address
OVERSIZE_CHARS = 2_400_000


# --- set-up, in a process with the server's settings ------------------------------------


def setup() -> dict[str, Any]:
    """The normal table (two guests, started), the attacker's table (started, the attacker
    seated) and sessions, and the lobby's new-table form as a browser posts it."""
    from django.contrib.sessions.backends.db import SessionStore

    from games.registry import game_kind
    from games.tables import selectors
    from games.tables.actions import guests as table_guests
    from games.tables.actions import opening as table_opening
    from games.tables.actions import seating, starting
    from games.tables.forms import NewTableForm

    def session_of(player: Any) -> str:
        store = SessionStore()
        store[selectors.SESSION_PLAYER] = player.pk
        store.create()
        return store.session_key

    def started_table(names: list[str]) -> tuple[str, list[str]]:
        players = [table_guests.create_guest(name) for name in names]
        # Eight sets: a shorter match can end before the last abuse, whose figures would
        # then be of a table with nothing left to play (0 actions).
        table = table_opening.create_table(
            game_name=GAME,
            players=2,
            options={"pick_seconds": 20, "sets": 8},
            created_by=players[0],
        )
        seating.sit(table, players[1])
        starting.start(table, players[0])
        return table.code, [session_of(player) for player in players]

    normal, normal_sessions = started_table(["Aiko", "Ben"])
    # The club's table of two strong bots, playing by itself through every phase.
    strong = table_opening.create_table(
        game_name=GAME,
        players=2,
        bot_level="strong",
        bot_pace="quick",
        options={"pick_seconds": 20, "sets": 8},
    )
    starting.start(strong, None)
    attacked, attacker_sessions = started_table(["Mallory", "Trudy"])
    spammers = [
        session_of(table_guests.create_guest(f"Spam {n}")) for n in range(ATTACKER_SESSIONS)
    ]
    neighbours = [session_of(table_guests.create_guest(f"Club {n}")) for n in range(5)]
    form = NewTableForm(game_kind(GAME))
    fields = {}
    for name, field in form.fields.items():
        value = form.get_initial_for_field(field, name)
        if value is not None and value is not False:
            fields[form.add_prefix(name)] = str(value)
    fields[form.add_prefix("players")] = "2"
    return {
        "normal": {"code": normal, "sessions": normal_sessions},
        "attacked": {"code": attacked, "sessions": attacker_sessions},
        "spammers": spammers,
        "strong": strong.code,
        "strong_spammer": session_of(table_guests.create_guest("Strong spam")),
        "neighbours": neighbours,
        "new_table": fields,
    }


def pdf_times(count: int, language: str = "ja") -> dict[str, float]:
    """WeasyPrint's time for the blank sheet in ``language``, warm, each rendering of
    different HTML."""
    from django.template.loader import render_to_string
    from django.test import RequestFactory
    from django.utils import translation

    from dragonformula import sheets
    from games.leagues.views import sheet_css
    from games.printing import pdf

    request = RequestFactory().get("/leagues/sheets/dragonformula/pdf/")
    css = sheet_css()
    times, cpu = [], []
    with translation.override(language):
        html = render_to_string(
            "dragonformula/league/set_sheet.html",
            {**sheets.blank_set(4), "for_pdf": True, "print_css": css},
            request,
        )
        for n in range(count + 2):
            started, workers = time.perf_counter(), worker_cpu(pdf)
            pdf.html_to_pdf(html + f"<!-- {n} {time.time()} -->")
            if n >= 2:  # the first two load fonts and the library
                times.append((time.perf_counter() - started) * 1000)
                cpu.append((worker_cpu(pdf) - workers) * 1000)
    return {
        "p50": percentile(times, 50),
        "p95": percentile(times, 95),
        "count": len(times),
        "cpu_p50": percentile(cpu, 50),
        "cpu_p95": percentile(cpu, 95),
    }


def strong_answers(code: str, windows: list[list[float]]) -> list[list[float]]:
    """The strong bots' answer times (ms) at table ``code``, per window [since, until) of
    wall-clock seconds: each bot move's time after the move before it, draws and "next
    game" (no choice) left out."""
    from games.tables.models import ActionLog

    rows = ActionLog.objects.filter(game__table__code=code).order_by("game_id", "version")
    found: list[list[float]] = [[] for _ in windows]
    before: tuple[int, float] | None = None
    for game_id, seat, action, now in rows.values_list("game_id", "seat", "action", "now"):
        chose = seat is not None and action.get("type") not in ("draw", "next_game")
        if chose and before is not None and before[0] == game_id:
            for n, (since, until) in enumerate(windows):
                if since <= now < until:
                    found[n].append((now - before[1]) * 1000)
        before = (game_id, now)
    return found


def worker_cpu(pdf: Any) -> float:
    """CPU seconds the printing workers have used (from /proc): a printing's own cost,
    whatever else the machine runs (the workers run at a lower priority)."""
    total = 0.0
    pool = pdf._pool
    for process in (pool._processes or {}).values() if pool is not None else ():
        with contextlib.suppress(OSError):
            fields = Path(f"/proc/{process.pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


def helper(env: dict[str, str], *args: str) -> Any:
    result = python({**os.environ, **env}, __file__, *args, timeout=600)
    if result.returncode != 0:
        raise RuntimeError(f"{args[0]} failed:\n{result.stderr}")
    return json.loads(result.stdout.strip().splitlines()[-1])


# --- measuring ---------------------------------------------------------------------------


def load() -> str:
    """The machine's load average (1, 5, 15 min): latency figures mean little without it."""
    return " ".join(f"{n:.1f}" for n in os.getloadavg())


def click_to_push(tally: Tally, since: float, until: float) -> list[float]:
    """Latencies (ms) of the normal table's actions sent in [since, until)."""
    found = []
    for action in tally.applied:
        if not since <= action.sent < until:
            continue
        receipts = tally.receipts.get((action.table, 1 - action.seat), [])
        arrival = next(
            (t for t, v in receipts if v > action.seen_version and t >= action.sent), None
        )
        if arrival is not None:
            found.append((arrival - action.sent) * 1000)
    return found


async def get(url: str, headers: dict[str, str] | None = None) -> tuple[int, dict[str, str]]:
    """GET ``url``; (status, response headers), the body read and dropped."""
    parts = urlsplit(url)
    reader, writer = await asyncio.open_connection(parts.hostname, parts.port)
    try:
        extra = "".join(f"{k}: {v}\r\n" for k, v in (headers or {}).items())
        path = parts.path + (f"?{parts.query}" if parts.query else "")
        writer.write(
            f"GET {path} HTTP/1.1\r\nHost: {parts.netloc}\r\n{extra}Connection: close\r\n\r\n".encode()
        )
        await writer.drain()
        raw = await reader.read()
    finally:
        writer.close()
        with contextlib.suppress(OSError):
            await writer.wait_closed()
    head = raw.partition(b"\r\n\r\n")[0].decode("latin-1").split("\r\n")
    fields = dict(line.split(": ", 1) for line in head[1:] if ": " in line)
    return int(head[0].split(" ", 2)[1]), {k.lower(): v for k, v in fields.items()}


# --- the abuses -------------------------------------------------------------------------


async def pdf_burst(base: str, stop_at: float, report: dict[str, Any]) -> None:
    answers: dict[int, int] = {}
    times: list[float] = []
    retry_after: set[str] = set()

    async def worker(n: int) -> None:
        rng = random.Random(n)
        while time.perf_counter() < stop_at:
            players = rng.choice([2, 3, 4])
            language = rng.choice(["ja", "en"])
            started = time.perf_counter()
            status, headers = await get(
                f"{base}/leagues/sheets/dragonformula/pdf/?players={players}",
                {"Accept-Language": language},
            )
            times.append((time.perf_counter() - started) * 1000)
            answers[status] = answers.get(status, 0) + 1
            if "retry-after" in headers:
                retry_after.add(headers["retry-after"])

    await asyncio.gather(*(worker(n) for n in range(PDF_WORKERS)))
    report["pdf"] = (
        f"{sum(answers.values())} GETs by {PDF_WORKERS} at once: {answers}, "
        f"p95 {percentile(times, 95):.0f} ms, Retry-After {sorted(retry_after) or '-'}"
    )


async def tick_flood(base: str, code: str, session: str, stop_at: float, report: dict) -> None:
    closes: dict[int | None, int] = {}
    sent = [0]

    async def flooder() -> None:
        url = base.replace("http://", "ws://") + f"/ws/table/{code}/"
        while time.perf_counter() < stop_at:
            try:
                async with connect(
                    url, origin=base, additional_headers={"Cookie": f"sessionid={session}"}
                ) as ws:
                    while time.perf_counter() < stop_at:
                        await ws.send('{"tick": true}')
                        sent[0] += 1
                        await asyncio.sleep(0)
            except ConnectionClosed as closed:
                code_ = closed.rcvd.code if closed.rcvd else None
                closes[code_] = closes.get(code_, 0) + 1
                await asyncio.sleep(0.2)  # the attacker comes straight back
            except (OSError, InvalidStatus, TimeoutError) as error:
                closes[type(error).__name__] = closes.get(type(error).__name__, 0) + 1
                await asyncio.sleep(0.2)

    await asyncio.gather(*(flooder() for _ in range(FLOOD_SOCKETS)))
    report["flood"] = f"{sent[0]} ticks sent by {FLOOD_SOCKETS} sockets; closed by code: {closes}"


async def table_spam(base: str, setup_: dict[str, Any], stop_at: float, report: dict) -> None:
    answers: dict[int, int] = {}
    csrf = "x" * 32
    n = 0
    while time.perf_counter() < stop_at:
        session = setup_["spammers"][n % len(setup_["spammers"])]
        n += 1
        status, _body = await post(f"{base}/new/{GAME}/", setup_["new_table"], session, csrf)
        answers[status] = answers.get(status, 0) + 1
    lobby = []
    for _ in range(5):
        started = time.perf_counter()
        await get(base + "/")
        lobby.append((time.perf_counter() - started) * 1000)
    report["spam"] = (
        f"{n} new-table POSTs from {len(setup_['spammers'])} sessions: {answers}; "
        f"lobby {statistics.median(lobby):.0f} ms"
    )


async def form_post(
    base: str,
    path: str,
    fields: dict[str, str],
    session: str | None,
    source: str | None = None,
    answer: dict[str, str] | None = None,
) -> tuple[int, str | None]:
    """POST a form as a browser does (CSRF cookie and header); (status, the session cookie
    the answer sets, if any). ``source``: the local address to send from; ``answer``, if
    given, gets the answer's Location."""
    parts = urlsplit(base)
    body = urlencode(fields).encode()
    cookies = f"csrftoken={'z' * 32}" + (f"; sessionid={session}" if session else "")
    reader, writer = await asyncio.open_connection(
        parts.hostname, parts.port, local_addr=(source, 0) if source else None
    )
    try:
        writer.write(
            f"POST {path} HTTP/1.1\r\nHost: {parts.netloc}\r\n"
            "Content-Type: application/x-www-form-urlencoded\r\n"
            f"Content-Length: {len(body)}\r\nCookie: {cookies}\r\nX-CSRFToken: {'z' * 32}\r\n"
            f"Origin: {base}\r\nReferer: {base}/\r\nConnection: close\r\n\r\n".encode()
            + body
        )
        await writer.drain()
        raw = await reader.read()
    finally:
        writer.close()
    head = raw.partition(b"\r\n\r\n")[0].decode("latin-1")
    found = re.search(r"(?im)^set-cookie: sessionid=([^;]+)", head)
    if answer is not None:
        location = re.search(r"(?im)^location: (\S+)", head)
        answer["location"] = location.group(1) if location else ""
    return int(head.split(" ", 2)[1]), found.group(1) if found else None


STRONG_SPAM_TABLES = 8
STRONG_SPAM_FROM = "127.0.0.2"  # a loopback address of its own (the earlier phases' tables)


async def strong_bot_spam(base: str, setup_: dict[str, Any], stop_at: float, report: dict):
    """One client creates, starts and leaves eight 4-seat strong-bot tables as fast as it
    can (never opening their pages), then waits while their bots play."""
    session = setup_["strong_spammer"]
    fields = {**setup_["new_table"], f"{GAME}-players": "4", f"{GAME}-bot_level": "strong"}
    answers: dict[str, dict[int, int]] = {"new": {}, "start": {}, "leave": {}}
    started = time.perf_counter()
    for _ in range(STRONG_SPAM_TABLES):
        made: dict[str, str] = {}
        status, _set = await form_post(
            base, f"/new/{GAME}/", fields, session, STRONG_SPAM_FROM, made
        )
        answers["new"][status] = answers["new"].get(status, 0) + 1
        if status != 302:
            continue
        code = made["location"].rstrip("/").rsplit("/", 1)[-1]
        for step, path in (("start", f"/{GAME}/{code}/start"), ("leave", f"/tables/{code}/leave/")):
            status, _set = await form_post(base, path, {}, session, STRONG_SPAM_FROM)
            answers[step][status] = answers[step].get(status, 0) + 1
    spent = time.perf_counter() - started
    await asyncio.sleep(max(0.0, stop_at - time.perf_counter()))
    report["strong spam"] = (
        f"{STRONG_SPAM_TABLES} 4-seat strong-bot tables from one client in {spent:.1f} s: "
        f"new {answers['new']} (302 made, 429 refused), start {answers['start']}, "
        f"leave {answers['leave']}"
    )


async def lobby_spam(base: str, setup_: dict[str, Any], stop_at: float, report: dict) -> None:
    """Issue 35's loop: threads, each round a new cookie jar names a guest and opens four
    tables."""
    guests: dict[int, int] = {}
    tables: dict[int, int] = {}

    async def spammer(n: int) -> None:
        while time.perf_counter() < stop_at:
            status, session = await form_post(base, "/guest/", {"display_name": f"Spam {n}"}, None)
            guests[status] = guests.get(status, 0) + 1
            for _ in range(4):
                status, _set = await form_post(base, f"/new/{GAME}/", setup_["new_table"], session)
                tables[status] = tables.get(status, 0) + 1

    await asyncio.gather(*(spammer(n) for n in range(LOBBY_SPAMMERS)))
    report["lobby spam"] = (
        f"{LOBBY_SPAMMERS} spammers: guests {guests}, new tables {tables} (302 made, 429 refused)"
    )


async def hold_socket(
    url: str, origin: str, cookie: str | None, stop_at: float, gate: asyncio.Semaphore | None = None
) -> str:
    """Open a table socket (``gate`` paces the openings) and keep it until ``stop_at``; how it
    went: "held" (open to the end), "refused" (at the handshake), "closed <code>", or "late"
    (not tried before ``stop_at``)."""
    headers = {"Cookie": cookie} if cookie else {}
    try:
        async with contextlib.AsyncExitStack() as stack:
            if gate is not None:
                await gate.acquire()
            if time.perf_counter() >= stop_at:
                if gate is not None:
                    gate.release()
                return "late"
            try:
                ws = await stack.enter_async_context(
                    connect(url, origin=origin, additional_headers=headers, open_timeout=20)
                )
            finally:
                if gate is not None:
                    gate.release()
            while time.perf_counter() < stop_at:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(ws.recv(), max(0.01, stop_at - time.perf_counter()))
            return "held"
    except InvalidStatus:
        return "refused"
    except InvalidHandshake:  # dropped before answering (Daphne's handshake timeout)
        return "dropped"
    except ConnectionClosed as closed:
        return f"closed {closed.rcvd.code if closed.rcvd else None}"
    except (OSError, TimeoutError) as error:
        return type(error).__name__


async def spectator_flood(base: str, code: str, stop_at: float, report: dict) -> None:
    """SPECTATORS cookieless sockets from one address on a table, opened 50 at a time."""
    url = base.replace("http://", "ws://") + f"/ws/table/{code}/"
    gate = asyncio.Semaphore(50)
    outcomes: dict[str, int] = {}
    for outcome in await asyncio.gather(
        *(hold_socket(url, base, None, stop_at, gate) for _ in range(SPECTATORS))
    ):
        outcomes[outcome] = outcomes.get(outcome, 0) + 1
    report["spectators"] = f"{SPECTATORS} spectator sockets from one address: {outcomes}"


async def flood_behind_one_address(
    base: str, setup_: dict[str, Any], stop_at: float, report: dict
) -> None:
    """One client floods and comes back (its own session, then a made-up cookie each time)
    while its neighbours on the same address (other sessions, cookieless spectators) watch
    the same table: how many of them stay connected."""
    code = setup_["attacked"]["code"]
    url = base.replace("http://", "ws://") + f"/ws/table/{code}/"
    flooder_session = setup_["attacked"]["sessions"][1]
    neighbours = [f"sessionid={s}" for s in setup_["neighbours"]] + [None] * NEIGHBOURS
    held = [asyncio.ensure_future(hold_socket(url, base, cookie, stop_at)) for cookie in neighbours]
    cycles: dict[str, int] = {}

    async def flood_once(cookie: str) -> str:
        try:
            async with connect(url, origin=base, additional_headers={"Cookie": cookie}) as ws:
                while time.perf_counter() < stop_at:
                    await ws.send('{"tick": true}')
                    await asyncio.sleep(0)
            return "held"
        except InvalidStatus:
            return "refused"
        except (InvalidHandshake, OSError, TimeoutError) as error:
            return type(error).__name__
        except ConnectionClosed as closed:
            return f"closed {closed.rcvd.code if closed.rcvd else None}"

    own = await flood_once(f"sessionid={flooder_session}")
    again = await flood_once(f"sessionid={flooder_session}")
    while time.perf_counter() < stop_at:
        outcome = await flood_once(f"sessionid={random.randbytes(16).hex()}")
        cycles[outcome] = cycles.get(outcome, 0) + 1
        await asyncio.sleep(0.02)
    outcomes: dict[str, int] = {}
    for outcome in await asyncio.gather(*held):
        outcomes[outcome] = outcomes.get(outcome, 0) + 1
    report["neighbours"] = (
        f"flooder's own session: {own}, then {again}; made-up cookies: {cycles}; "
        f"{len(neighbours)} neighbours on the same address: {outcomes}"
    )


async def page_probe(base: str, code: str, session: str, stop_at: float) -> list[float]:
    """The normal table's page, as one of its players reloads it, five times a second."""
    times = []
    while time.perf_counter() < stop_at:
        started = time.perf_counter()
        status, _headers = await get(f"{base}/{GAME}/{code}/", {"Cookie": f"sessionid={session}"})
        if status == 200:
            times.append((time.perf_counter() - started) * 1000)
        await asyncio.sleep(max(0.0, 0.2 - (time.perf_counter() - started)))
    return times


async def oversize(base: str, code: str, session: str, stop_at: float, report: dict) -> None:
    answers: dict[int, int] = {}
    body = b"version=0&action=" + b"x" * OVERSIZE_CHARS
    parts = urlsplit(base)
    head = (
        f"POST /{GAME}/{code}/act HTTP/1.1\r\nHost: {parts.netloc}\r\n"
        "Content-Type: application/x-www-form-urlencoded\r\n"
        f"Content-Length: {len(body)}\r\nCookie: sessionid={session}; csrftoken={'y' * 32}\r\n"
        f"X-CSRFToken: {'y' * 32}\r\nHX-Request: true\r\nConnection: close\r\n\r\n"
    ).encode()

    async def worker() -> None:
        while time.perf_counter() < stop_at:
            reader, writer = await asyncio.open_connection(parts.hostname, parts.port)
            try:
                writer.write(head + body)
                await writer.drain()
                raw = await reader.read()
            except OSError:  # the server answered 413 and closed before the body was sent
                raw = b""
            finally:
                writer.close()
            status = int(raw.split(b" ", 2)[1]) if raw.startswith(b"HTTP/") else 0
            answers[status] = answers.get(status, 0) + 1

    await asyncio.gather(*(worker() for _ in range(OVERSIZE_WORKERS)))
    report["oversize"] = f"{sum(answers.values())} POSTs of 2.4 MB: {answers}"


# --- the run -------------------------------------------------------------------------------


async def run(args: argparse.Namespace, env: dict[str, str], base: str, pid: int, log: Path):
    setup_ = args.setup
    tally = Tally()
    seats = [
        ScriptedSeat(tally, 0, s, setup_["normal"]["code"], session, base, base)
        for s, session in enumerate(setup_["normal"]["sessions"])
    ]
    for seat in seats:
        await seat.open()
    phases = [
        "baseline",
        "PDF burst",
        "tick flood",
        "table spam",
        "lobby spam",
        "spectator flood",
        "flood behind one address",
        "oversize refusals",
        "strong-bot spam",
    ]
    if args.only:  # the baseline, then the abuses asked for, in their usual order
        asked = {name.strip() for name in args.only.split(",")}
        unknown = asked - set(phases)
        if unknown:
            raise SystemExit(f"--only: no phase named {', '.join(sorted(unknown))}")
        phases = [name for name in phases if name == "baseline" or name in asked]
    # The baseline (round 0), then every abuse ``--rounds`` times over: (label, abuse, round).
    plan = [(phases[0], phases[0], 0)] + [
        (name if args.rounds == 1 else f"{name} ({round_})", name, round_)
        for round_ in range(1, args.rounds + 1)
        for name in phases[1:]
    ]
    total = (args.phase + args.settle) * len(plan) + 5
    stop_all = time.perf_counter() + total
    players = asyncio.gather(*(seat.play(stop_all, 100_000, args.think) for seat in seats))
    attacked, session = setup_["attacked"]["code"], setup_["attacked"]["sessions"][1]
    del attacked, session
    start_rss = rss_mb(pid)
    rows = []
    for label, name, round_ in plan:
        before, log_before = rss_mb(pid), log.stat().st_size
        since, wall_since = time.perf_counter(), time.time()
        report: dict[str, Any] = {}
        normal = setup_["normal"]
        probe = asyncio.ensure_future(
            page_probe(base, normal["code"], normal["sessions"][0], since + args.phase)
        )
        if name == "baseline":
            await asyncio.sleep(args.phase)
        else:  # the attacker is a process of its own: its CPU is not this client's
            attacker = await asyncio.create_subprocess_exec(
                sys.executable,
                __file__,
                "_attack",
                name,
                base,
                str(args.phase),
                json.dumps(setup_),
                stdout=asyncio.subprocess.PIPE,
                env={**os.environ, **env},
            )
            out, _err = await attacker.communicate()
            report = json.loads(out.decode().strip().splitlines()[-1])
        until, wall_until = time.perf_counter(), time.time()
        pages = await probe
        await asyncio.sleep(args.settle)
        found = click_to_push(tally, since, until)
        row = {
            "phase": label,
            "round": round_,
            "actions": len(found),
            "p50": percentile(found, 50),
            "p95": percentile(found, 95),
            "page_p50": percentile(pages, 50),
            "page_p95": percentile(pages, 95),
            "pages": len(pages),
            "rss_before": before,
            "rss_after": rss_mb(pid),
            "log_growth_kb": (log.stat().st_size - log_before) / 1024,
            "detail": next(iter(report.values()), ""),
            "window": [wall_since, wall_until],
        }
        rows.append(row)
        print(
            f"{label:<18} click->push p50 {row['p50']:6.1f} p95 {row['p95']:6.1f} ms "
            f"({row['actions']} actions)  memory {before:5.0f} -> {row['rss_after']:5.0f} MB "
            f"(start {start_rss:.0f})  log +{row['log_growth_kb']:.0f} kB",
            flush=True,
        )
        print(
            f"{'':<18} another table's page p50 {row['page_p50']:6.1f} p95 "
            f"{row['page_p95']:6.1f} ms ({row['pages']} GETs; goal p95 <= 150)",
            flush=True,
        )
        if row["detail"]:
            print(f"    {row['detail']}", flush=True)
    warm = []
    for n in range(20):  # a sheet already printed: what a member waits for, warm
        started = time.perf_counter()
        status, _headers = await get(
            f"{base}/leagues/sheets/dragonformula/pdf/?players={2 + n % 3}",
            {"Accept-Language": "ja"},
        )
        if status == 200:
            warm.append((time.perf_counter() - started) * 1000)
    print(
        f"warm PDF GETs (printed before, served from the cache): p50 "
        f"{percentile(warm, 50):.0f} ms p95 {percentile(warm, 95):.0f} ms over {len(warm)}",
        flush=True,
    )
    players.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await players
    for seat in seats:
        await seat.close()
    errors = [e for e in tally.errors if "socket closed" not in e]
    return rows, start_rss, errors


def attack(name: str, base: str, seconds: float, setup_: dict[str, Any]) -> dict[str, Any]:
    """One abuse for ``seconds`` (run as a process of its own by :func:`run`)."""
    stop = time.perf_counter() + seconds
    attacked, session = setup_["attacked"]["code"], setup_["attacked"]["sessions"][1]
    report: dict[str, Any] = {}
    abuse = {
        "PDF burst": lambda: pdf_burst(base, stop, report),
        "tick flood": lambda: tick_flood(base, attacked, session, stop, report),
        "table spam": lambda: table_spam(base, setup_, stop, report),
        "lobby spam": lambda: lobby_spam(base, setup_, stop, report),
        "spectator flood": lambda: spectator_flood(base, attacked, stop, report),
        "flood behind one address": lambda: flood_behind_one_address(base, setup_, stop, report),
        "oversize refusals": lambda: oversize(base, attacked, session, stop, report),
        "strong-bot spam": lambda: strong_bot_spam(base, setup_, stop, report),
    }[name]
    asyncio.run(abuse())
    return report


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "_attack":
        name, base, seconds, setup_ = sys.argv[2:6]
        print(json.dumps(attack(name, base, float(seconds), json.loads(setup_))))
        return
    if len(sys.argv) > 1 and sys.argv[1] in ("_setup", "_pdf", "_answers"):
        import django

        django.setup()
        if sys.argv[1] == "_answers":
            result = strong_answers(sys.argv[2], json.loads(sys.argv[3]))
        else:
            result = setup() if sys.argv[1] == "_setup" else pdf_times(int(sys.argv[2]))
        print(json.dumps(result))
        return
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--phase", type=float, default=12.0, help="seconds of each abuse")
    parser.add_argument("--settle", type=float, default=4.0, help="seconds after each abuse")
    parser.add_argument("--think", type=float, default=0.3, help="the normal table's players")
    parser.add_argument("--pdfs", type=int, default=20, help="warm PDF renderings timed")
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    parser.add_argument(
        "--only", help='a few abuses, comma-separated (e.g. "table spam,lobby spam")'
    )
    parser.add_argument(
        "--rounds",
        type=int,
        default=1,
        help="every abuse this many times over: what a second round adds is what the server "
        "keeps of an abuse, not what its caches and threads took once",
    )
    args = parser.parse_args()
    print(
        f"bench/abuse.py: a 2-seat {GAME} table (think {args.think:g} s) against each abuse "
        f"for {args.phase:.0f} s, {os.cpu_count()} cores, load average {load()}",
        flush=True,
    )
    with tempfile.TemporaryDirectory(prefix="clubtable-abuse-") as tmp:
        workdir = Path(tmp)
        env = server_env(f"sqlite:///{workdir / 'abuse.sqlite3'}", None)
        env["TABLE_BOT_DELAY"] = "0.8"
        migrate(env)
        args.setup = helper(env, "_setup")
        log = workdir / "daphne.log"
        with daphne(env=env, log=log, timeout=60) as base:
            rows, start_rss, errors = asyncio.run(run(args, env, base, base.process.pid, log))
            end_rss = rss_mb(base.process.pid)
        windows = [row["window"] for row in rows]
        answers = helper(env, "_answers", args.setup["strong"], json.dumps(windows))
        pdf = helper(env, "_pdf", str(args.pdfs))
    print("another table's strong bots (2 seats, quick pace 0.3 s), answer time per phase:")
    for row, times in zip(rows, answers, strict=True):
        row["strong_p50"], row["strong_p95"] = percentile(times, 50), percentile(times, 95)
        row["strong_answers"] = len(times)
        print(
            f"    {row['phase']:<26} p50 {row['strong_p50']:6.0f} ms  p95 "
            f"{row['strong_p95']:6.0f} ms  ({len(times)} answers; goal p95 <= 1000)",
            flush=True,
        )
    worst = max(r["p95"] for r in rows)
    worst_page = max(r["page_p95"] for r in rows)
    print(
        f"worst p95 {worst:.1f} ms, another table's page {worst_page:.1f} ms (goal <= 150); memory start {start_rss:.0f} MB, end "
        f"{end_rss:.0f} MB (goal: within 50 MB); normal table errors: {len(errors)}; "
        f"load average {load()}",
        flush=True,
    )
    print(
        f"fresh PDF (WeasyPrint, warm worker, blank DF sheet, ja, never printed before): "
        f"p50 {pdf['p50']:.0f} ms p95 {pdf['p95']:.0f} ms over {pdf['count']} "
        f"(goal p95 <= 300); the worker's CPU p50 {pdf['cpu_p50']:.0f} ms p95 "
        f"{pdf['cpu_p95']:.0f} ms; load average {load()}",
        flush=True,
    )
    if args.rounds > 1:  # the memory each round of abuses added, from its first to its last
        rounds = [[row for row in rows if row["round"] == r] for r in range(1, args.rounds + 1)]
        added = [of_round[-1]["rss_after"] - of_round[0]["rss_before"] for of_round in rounds]
        print("memory each round added: " + ", ".join(f"{mb:+.0f} MB" for mb in added), flush=True)
    for error in sorted(set(errors))[:5]:
        print(f"    error: {error}", flush=True)
    if args.json:
        args.json.write_text(json.dumps({"phases": rows, "pdf": pdf}, indent=2))


if __name__ == "__main__":
    main()
