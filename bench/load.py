"""Load benchmark: T tables of 4 scripted players, over websockets and the browser's POSTs.

Not a test: it prints figures and sets no goal, but a run with errors, lost actions or
pushes, or a log that does not replay fails it: the figures of such a run measure less
than they say, so the bench prints why and exits with status 1. Loopback only, bounded in
time (``--duration`` seconds of play per run, then a short drain) and in count
(``--max-actions`` per table).

Every player is a phone of its own on the club's network: its socket and its POSTs leave
from its own loopback address (127.0.0.2 to 127.0.0.254, :func:`phone_address`; Linux
answers the whole of 127.0.0.0/8), and the server keys its per-client limits on that
address as it does on a club's. Past 253 players, phones share addresses in turn (at
T=200, four players an address), far below any per-address limit, so the limits stay as
they are and still measure nothing but the play.

Each run prints the pushes' latency, the servers' CPU a move (the Daphnes' own and with
their workers), the machine's, and each server's memory (RSS) when play ends.

    .venv/bin/python bench/load.py --config single --tables 10,25,50
    .venv/bin/python bench/load.py --config scaled --tables 10,25,50
    .venv/bin/python bench/load.py --config both --tables 10,25,50 --duration 30
    .venv/bin/python bench/load.py --config single --tables 10 --beside heuristic,strong,none
    .venv/bin/python bench/load.py --config single --tables 2 --beside strong,none \
        --beside-game dragonformula --rounds 3

``--hints off``: every seat's player has switched their hints off, as a regular plays
(by default they are on, as in a guest's first games: the coach thinks every seat's Pick
hint in the worker pool, which "in play" counts).

``--beside``: runs in turn with ``--beside-tables`` (10) tables of four bots of each level
(DragSaga, or ``--beside-game``'s game) playing by themselves beside the measured tables
(``none``: no such tables), to see what other tables' bots, strong ones thinking in the
worker pool, cost a table. ``--rounds`` repeats the whole turn, so a busy machine's drift
falls on every level alike; the end prints each level's p95s and their median beside
``none``'s.

Configurations:

- ``single``: one Daphne process, SQLite file, in-memory channel layer (``make run``).
- ``scaled``: two Daphne processes sharing PostgreSQL and Redis. Uses ``DATABASE_URL``
  (postgres) and ``REDIS_URL`` when set, else starts throwaway servers with
  ``scripts/integration-services.sh``. Every run gets a fresh database.

Each run migrates a fresh database, opens T Dragon Formula tables of four guests
(set up directly through ``games.tables.actions``; the set-up is not measured), then
every seat connects its websocket (``/ws/table/<code>/``) with its session
cookie and plays: whenever its own pushed prompt offers actions, it posts one,
with the version it saw, to ``/<game>/<code>/act`` exactly as htmx does (form
fields, CSRF cookie + header, ``HX-Request``), after "thinking" ``--think``
seconds (mean, +-50 %; 0 plays as fast as the server answers). In ``scaled``, a
seat's socket and its POSTs go to different processes, so every push crosses Redis.

Printed per run:

- actions/s: actions the server applied (POST answered 200) per second of play;
- latency p50/p95/p99: from sending an applied action's POST to the moment each
  of the other three seats' sockets receives a frame at (or past) the new version;
- stale: POSTs refused as stale (409, the table moved on; normal in pick windows
  where three seats answer at once; the seat then acts on the newer state);
- refused: other 4xx (the rules said no); errors: 5xx, failed requests, dropped
  sockets; lost: applied actions missing from the action log afterwards, plus
  pushes a seat never received (none within 60 s after play stopped); and
  whether every game's log has no gaps and replays to its snapshot;
- server CPU per applied action (both processes, from /proc): over the whole run
  (every seat's connecting and first frame, the play, the drain and the sockets'
  closing), and over the play alone (from when every seat has its first frame to
  the end of the play), which is what a move costs a table long under way; the
  bench client's own CPU, and the machine's load average: figures from a busy
  machine are only comparable through these;
- answers to the POSTs: from sending a POST to its answer (p50/p95), stale ones too; the
  latency above less this is the push's way (announce, Redis, the other process) to the
  other seats;
- the whole machine over the play (from /proc/stat): how many of its cores were
  busy, and its CPU per applied action split into the servers, this bench's own
  client and the rest (PostgreSQL, Redis, the kernel's network work). On one machine
  the bench's 4 x T sockets share the cores with the servers: when the cores are all
  busy, p95 says what the machine can hold, not what the servers' code costs.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import secrets
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.exceptions import ConnectionClosed

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

# The same browser-like players and the same Daphne launcher the integration tests use.
from tests.integration.players import (  # noqa: E402
    GAME,
    SEATS,
    Player,
    check_logs,
    choose,
    fresh_postgres,
    open_tables,
    version_of,
)
from tests.support.commands import manage, python  # noqa: E402
from tests.support.servers import daphne  # noqa: E402

DRAIN_SECONDS = 60.0  # a push later than this counts as lost

# The club's phones: loopback addresses 127.0.0.2 .. 127.0.0.254 (127.0.0.1 is the server's).
PHONES = 253

# glibc's allocator as `make run` and the systemd unit (docs/deploy.md) set it for the server.
ALLOCATOR_ENV = {"MALLOC_ARENA_MAX": "2", "MALLOC_MMAP_THRESHOLD_": "32768"}


def phone_address(player: int) -> str:
    """The loopback address player number ``player`` connects and posts from."""
    return f"127.0.0.{2 + player % PHONES}"


# --- the scripted seats ---------------------------------------------------------------


@dataclass
class Applied:
    table: int
    seat: int
    sent: float
    seen_version: int
    fields: dict[str, str]


@dataclass
class Tally:
    posts: int = 0
    stale: int = 0
    refused: int = 0
    errors: list[str] = field(default_factory=list)
    applied: list[Applied] = field(default_factory=list)
    cpu_in_play: float = 0.0  # the servers' CPU from the first move asked to the last
    own_cpu_in_play: float = 0.0  # of it the server processes' own (not their workers')
    # and over the same seconds, the bench's own CPU and the whole machine's busy time
    client_in_play: float = 0.0
    machine_in_play: float = 0.0
    wall_in_play: float = 0.0
    stolen_in_play: float = 0.0  # the hypervisor's, from the machine's cores
    answers_ms: list[float] = field(default_factory=list)  # each POST, sent -> answered
    # (table, seat) -> [(time, version)] of frames received on the socket
    receipts: dict[tuple[int, int], list[tuple[float, int]]] = field(default_factory=dict)


class ScriptedSeat:
    """One player's browser: a socket that receives pushes and a hand that posts actions."""

    def __init__(
        self,
        tally: Tally,
        table: int,
        seat: int,
        code: str,
        session: str,
        socket_base: str,
        post_base: str,
    ) -> None:
        self.tally, self.table, self.seat, self.code = tally, table, seat, code
        self.player = Player(session, address=phone_address(table * SEATS + seat))
        self.socket_base, self.post_base = socket_base, post_base
        self.rng = random.Random(f"{table}-{seat}")
        self.changed = asyncio.Event()
        self.refused: set[tuple[int, str]] = set()
        self.receipts: list[tuple[float, int]] = []
        tally.receipts[(table, seat)] = self.receipts
        self.ws: Any = None
        self.listener: asyncio.Task[None] | None = None

    async def open(self) -> None:
        """Connect as the page does and wait for the first frame (the table as it is)."""
        self.ws = await self.player.socket(self.socket_base, self.code)
        self.player.absorb(await asyncio.wait_for(self.ws.recv(), 60))
        self.listener = asyncio.create_task(self.listen())

    async def listen(self) -> None:
        try:
            async for frame in self.ws:
                now = time.perf_counter()
                text = frame if isinstance(frame, str) else frame.decode()
                version = version_of(text)
                if version is not None:
                    self.receipts.append((now, version))
                self.player.absorb(text)
                self.changed.set()
        except ConnectionClosed as closed:
            self.tally.errors.append(f"socket closed: {closed}")

    def offers(self, posted_at: int | None) -> list[dict[str, str]]:
        """What the page offers now, unless already clicked at this version or refused."""
        version = self.player.version
        if version is None or version == posted_at:
            return []
        return [
            f
            for f in self.player.offers()
            if (version, json.dumps(f, sort_keys=True)) not in self.refused
        ]

    async def play(self, stop_at: float, max_actions: int, think: float) -> None:
        acted = 0
        posted_at: int | None = None
        self.changed.set()
        while time.perf_counter() < stop_at and acted < max_actions:
            try:
                await asyncio.wait_for(
                    self.changed.wait(), max(0.01, stop_at - time.perf_counter())
                )
            except TimeoutError:
                return
            self.changed.clear()
            if not self.offers(posted_at):
                continue
            if think:  # a person looks at the new state before clicking (and may be overtaken)
                await asyncio.sleep(think * self.rng.uniform(0.5, 1.5))
            version = self.player.version
            offers = self.offers(posted_at)
            if version is None or not offers:
                continue
            fields = choose(offers, self.rng)
            posted_at = version
            sent = time.perf_counter()
            self.tally.posts += 1
            try:
                status, body = await asyncio.wait_for(
                    self.player.post(
                        self.post_base, self.code, {**fields, "version": str(version)}
                    ),
                    30,
                )
            except (OSError, TimeoutError, ValueError, IndexError) as error:
                self.tally.errors.append(f"POST {type(error).__name__}: {error}")
                continue
            self.tally.answers_ms.append((time.perf_counter() - sent) * 1000)
            if status == 200:
                acted += 1
                self.tally.applied.append(Applied(self.table, self.seat, sent, version, fields))
            elif status == 409:
                self.tally.stale += 1
            elif 400 <= status < 500:
                self.tally.refused += 1
                self.refused.add((version, json.dumps(fields, sort_keys=True)))
            else:
                self.tally.errors.append(f"POST {status}")
            self.player.absorb(body)
            self.changed.set()

    async def close(self) -> None:
        if self.listener is not None:
            self.listener.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.listener
        if self.ws is not None:
            await self.ws.close()


async def play(
    tables: list[dict[str, Any]],
    servers: list[str],
    args: argparse.Namespace,
    env: dict[str, str],
) -> tuple[Tally, float, dict[str, Any]]:
    """Connect every seat (a few at a time, as players arrive), play for the duration, then
    wait (at most ``DRAIN_SECONDS``) until every socket has shown its table's final version."""
    tally = Tally()
    seats = [
        ScriptedSeat(
            tally,
            t,
            s,
            table["code"],
            session,
            socket_base=servers[(t + s) % len(servers)],
            post_base=servers[(t + s + 1) % len(servers)],
        )
        for t, table in enumerate(tables)
        for s, session in enumerate(table["sessions"])
    ]
    arriving = asyncio.Semaphore(8)

    async def arrive(seat: ScriptedSeat) -> None:
        async with arriving:
            try:
                await seat.open()
            except Exception as error:  # a refused socket is an error of the run
                tally.errors.append(f"connect {type(error).__name__}: {error}")

    await asyncio.gather(*(arrive(seat) for seat in seats))
    playing = [seat for seat in seats if seat.listener is not None]
    started = time.perf_counter()
    stop_at = started + args.duration
    cpu_at_start, own_at_start = servers_cpu(servers), servers_own_cpu(servers)
    client_at_start, (busy_at_start, stolen_at_start) = time.process_time(), machine_cpu_seconds()
    await asyncio.gather(*(seat.play(stop_at, args.max_actions, args.think) for seat in playing))
    tally.cpu_in_play = servers_cpu(servers) - cpu_at_start
    tally.own_cpu_in_play = servers_own_cpu(servers) - own_at_start
    tally.client_in_play = time.process_time() - client_at_start
    busy, stolen = machine_cpu_seconds()
    tally.machine_in_play, tally.stolen_in_play = busy - busy_at_start, stolen - stolen_at_start
    tally.wall_in_play = time.perf_counter() - started  # the last POSTs may end after stop_at
    elapsed = min(time.perf_counter(), stop_at) - started
    await asyncio.sleep(1.0)  # let the last commits and timers settle before reading the logs
    checked = await asyncio.to_thread(helper, env, "_verify", *(t["code"] for t in tables))
    final = {t: checked[table["code"]]["version"] for t, table in enumerate(tables)}
    drain_until = time.perf_counter() + DRAIN_SECONDS
    while time.perf_counter() < drain_until and any(
        (seat.player.version or 0) < final[seat.table] for seat in playing
    ):
        await asyncio.sleep(0.1)
    await asyncio.gather(*(seat.close() for seat in playing))
    return tally, elapsed, checked


def servers_cpu(servers: list[Any]) -> float:
    """The server processes' CPU time so far (each a ``Served`` with its ``process``), with
    their own worker processes' (the bots' and the coach's thinking, ``games.coach``)."""
    return sum(_cpu_if_running(pid) for s in servers for pid in with_workers(s.process.pid))


def servers_own_cpu(servers: list[Any]) -> float:
    """The server processes' own CPU time so far, without their workers': the bots' and the
    coach's thinking runs at idle priority and takes whatever the machine leaves idle, so
    on a quiet machine it makes a move look dearer than on a busy one."""
    return sum(_cpu_if_running(s.process.pid) for s in servers)


def _cpu_if_running(pid: int) -> float:
    try:
        return cpu_seconds(pid)
    except OSError:  # a worker that has just ended
        return 0.0


def with_workers(pid: int) -> list[int]:
    """``pid`` and its child processes, theirs too (Linux /proc)."""
    found, i = [pid], 0
    while i < len(found):
        for task in Path(f"/proc/{found[i]}/task").glob("*/children"):
            with contextlib.suppress(OSError):  # a process that has just ended
                found += [int(child) for child in task.read_text().split()]
        i += 1
    return found


def cpu_seconds(pid: int) -> float:
    """User + system CPU time a process has used so far (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_mb(pid: int) -> float:
    """A process's resident memory (``VmRSS``), in MB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def machine_cpu_seconds() -> tuple[float, float]:
    """CPU time the whole machine has been busy so far, all cores together, and the time
    the hypervisor took its cores away (Linux /proc/stat): busy is user, nice, system, irq
    and softirq (the servers, PostgreSQL, Redis, this bench and the kernel's work), not
    idle, I/O wait or stolen time."""
    fields = Path("/proc/stat").read_text().splitlines()[0].split()
    user, nice, system, _idle, _iowait, irq, softirq, steal = (int(f) for f in fields[1:9])
    tick = os.sysconf("SC_CLK_TCK")
    return (user + nice + system + irq + softirq) / tick, steal / tick


# --- figures ----------------------------------------------------------------------


def latencies(tally: Tally) -> tuple[list[float], int]:
    """Action->push latencies (ms) at the other seats, and the pushes never received."""
    found, lost = [], 0
    for action in tally.applied:
        for seat in range(SEATS):
            if seat == action.seat:
                continue
            receipts = tally.receipts.get((action.table, seat), [])
            arrival = next(
                (t for t, v in receipts if v > action.seen_version and t >= action.sent), None
            )
            if arrival is None:
                lost += 1
            else:
                found.append((arrival - action.sent) * 1000)
    return found, lost


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q / 100 * (len(ordered) - 1)))]


def lost_actions(tally: Tally, tables: list[dict[str, Any]], checked: dict[str, Any]) -> int:
    """Applied (200) actions that the table's action log does not hold."""
    lost = 0
    for action in tally.applied:
        log = checked[tables[action.table]["code"]]["log"]
        posted = action.fields.get("action")
        wanted = json.loads(posted) if posted else None
        if not any(
            v > action.seen_version and s == action.seat and (wanted is None or a == wanted)
            for v, s, a in log
        ):
            lost += 1
    return lost


# --- one run --------------------------------------------------------------------------


def server_env(database_url: str, redis_url: str | None) -> dict[str, str]:
    env = {
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DEBUG": "0",
        "SECRET_KEY": secrets.token_urlsafe(50),
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "SECURE_SSL_REDIRECT": "0",
        "SECURE_COOKIES": "0",
        "STATIC_MANIFEST": "0",
        "DATABASE_URL": database_url,
        "REDIS_URL": redis_url or "",
        "LOG_LEVEL": "INFO",
        "CHANNELS_PREFIX": f"bench{uuid.uuid4().hex[:6]}",
        "PYTHONPATH": str(ROOT),
        **ALLOCATOR_ENV,
    }
    return env


def helper(env: dict[str, str], *args: str) -> Any:
    """Run this file's set-up/verify step in a process with the server's settings."""
    result = python({**os.environ, **env}, __file__, *args, timeout=600)
    if result.returncode != 0:
        raise RuntimeError(f"{args[0]} failed:\n{result.stderr}")
    return json.loads(result.stdout.strip().splitlines()[-1])


def migrate(env: dict[str, str]) -> None:
    result = manage({**os.environ, **env}, "migrate", "--noinput", "-v", "0", timeout=600)
    if result.returncode != 0:
        raise RuntimeError(f"migrate failed:\n{result.stderr}")


def hints_off(tables: list[dict[str, Any]]) -> None:
    """Every seat's player switches their hints off, as a regular does (a guest's first
    games show them, and the coach thinks each seat's Pick hint in the worker pool)."""
    from games.tables.actions import hints
    from games.tables.models import Seat

    seats = Seat.objects.filter(table__code__in=[t["code"] for t in tables])
    for seat in seats.select_related("table", "player"):
        hints.set_hints(seat.table, seat.player, on=False)


def open_bot_tables(count: int, level: str, game_name: str = "dragsaga") -> None:
    """``count`` tables of ``game_name`` with four bots of ``level``, playing by themselves
    beside the measured tables (strong bots think in the server's worker pool); not measured."""
    from games.tables.actions import opening, starting

    for _ in range(count):
        table = opening.create_table(game_name=game_name, players=4, bot_level=level)
        starting.start(table, None)


def run(
    config: str, count: int, args: argparse.Namespace, workdir: Path, level: str = "none"
) -> dict[str, Any]:
    with contextlib.ExitStack() as stack:
        if config == "single":
            env = server_env(
                f"sqlite:///{workdir / f'single-{count}-{level}-{time.monotonic_ns()}.sqlite3'}",
                None,
            )
            processes = 1
        else:
            database = stack.enter_context(fresh_postgres(os.environ["DATABASE_URL"]))
            env = server_env(database, os.environ["REDIS_URL"])
            processes = args.processes
        migrate(env)
        beside = 0 if level == "none" else args.beside_tables
        tables = helper(env, "_setup", str(count), str(beside), level, args.beside_game, args.hints)
        servers = [
            stack.enter_context(
                daphne(env=env, log=workdir / f"{config}-{count}-{level}-daphne{i}.log", timeout=60)
            )
            for i in range(processes)
        ]
        load_before = os.getloadavg()[0]
        cpu_before = servers_cpu(servers)
        client_before = time.process_time()
        tally, elapsed, checked = asyncio.run(play(tables, servers, args, env))
        server_cpu = servers_cpu(servers) - cpu_before
        memory = [rss_mb(server.process.pid) for server in servers]
        client_cpu = time.process_time() - client_before
        load_after = os.getloadavg()[0]
    found, lost_pushes = latencies(tally)
    return {
        "config": config,
        "tables": count,
        "beside": f"{args.beside_tables} {args.beside_game} {level}" if level != "none" else "none",
        "level": level,
        "processes": processes,
        "hints": args.hints,
        "seconds": elapsed,
        "applied": len(tally.applied),
        "actions_per_s": len(tally.applied) / elapsed if elapsed else 0.0,
        "p50": percentile(found, 50),
        "p95": percentile(found, 95),
        "p99": percentile(found, 99),
        "mean": statistics.fmean(found) if found else float("nan"),
        "answer_p50": percentile(tally.answers_ms, 50),
        "answer_p95": percentile(tally.answers_ms, 95),
        "stale": tally.stale,
        "refused": tally.refused,
        "errors": len(tally.errors),
        "error_kinds": sorted(set(tally.errors))[:5],
        "lost_actions": lost_actions(tally, tables, checked),
        "lost_pushes": lost_pushes,
        "logs_whole": all(c["gapless"] and c["replays"] for c in checked.values()),
        "log_versions": sum(c["version"] for c in checked.values()),
        "server_cpu_ms_per_action": server_cpu * 1000 / len(tally.applied) if tally.applied else 0,
        "server_cpu_s": server_cpu,
        "server_cpu_in_play_s": tally.cpu_in_play,
        "server_own_cpu_ms_per_action_in_play": (
            tally.own_cpu_in_play * 1000 / len(tally.applied) if tally.applied else 0
        ),
        "server_cpu_ms_per_action_in_play": (
            tally.cpu_in_play * 1000 / len(tally.applied) if tally.applied else 0
        ),
        "client_cpu_s": client_cpu,
        "client_cpu_in_play_s": tally.client_in_play,
        "machine_cpu_in_play_s": tally.machine_in_play,
        "machine_cores_busy_in_play": (
            tally.machine_in_play / tally.wall_in_play if tally.wall_in_play else 0.0
        ),
        "machine_cores_stolen_in_play": (
            tally.stolen_in_play / tally.wall_in_play if tally.wall_in_play else 0.0
        ),
        "machine_cpu_ms_per_action_in_play": (
            tally.machine_in_play * 1000 / len(tally.applied) if tally.applied else 0
        ),
        "load_average": [load_before, load_after],
        "servers_rss_mb": memory,
    }


def print_row(r: dict[str, Any]) -> None:
    print(
        f"{r['config']:<7} T={r['tables']:<3} bot tables beside: {r.get('beside', 'none')} "
        f"procs={r['processes']} hints {r.get('hints', 'on')} "
        f"{r['actions_per_s']:7.1f} actions/s ({r['applied']} in {r['seconds']:.0f} s)  "
        f"latency p50 {r['p50']:6.1f} p95 {r['p95']:6.1f} p99 {r['p99']:6.1f} ms  "
        f"stale {r['stale']} refused {r['refused']} errors {r['errors']} "
        f"lost {r['lost_actions']}+{r['lost_pushes']} pushes  logs whole: {r['logs_whole']}",
        flush=True,
    )
    print(
        f"    server CPU {r['server_cpu_s']:.1f} s ({r['server_cpu_ms_per_action']:.0f} ms/action; "
        f"in play {r['server_cpu_in_play_s']:.1f} s, "
        f"{r['server_cpu_ms_per_action_in_play']:.1f} ms/action, of it the Daphnes' own "
        f"{r['server_own_cpu_ms_per_action_in_play']:.1f}), "
        f"client CPU {r['client_cpu_s']:.1f} s, machine load {r['load_average'][0]:.1f} -> "
        f"{r['load_average'][1]:.1f}; memory at the end "
        f"{' + '.join(f'{mb:.0f}' for mb in r.get('servers_rss_mb', []))} MB",
        flush=True,
    )
    print(
        f"    answers to the POSTs (sent -> answered, stale ones too): "
        f"p50 {r['answer_p50']:.0f} p95 {r['answer_p95']:.0f} ms; the rest of the latency "
        f"is the push's way to the other seats",
        flush=True,
    )
    per_action = 1000 / r["applied"] if r["applied"] else 0.0
    rest = r["machine_cpu_in_play_s"] - r["server_cpu_in_play_s"] - r["client_cpu_in_play_s"]
    print(
        f"    machine in play: {r['machine_cores_busy_in_play']:.2f} of {os.cpu_count()} cores "
        f"busy ({r['machine_cores_stolen_in_play']:.2f} more stolen by the hypervisor), "
        f"{r['machine_cpu_ms_per_action_in_play']:.1f} ms/action = servers "
        f"{r['server_cpu_in_play_s'] * per_action:.1f} + this bench "
        f"{r['client_cpu_in_play_s'] * per_action:.1f} + the rest "
        f"{rest * per_action:.1f} (the kernel's network work; PostgreSQL and Redis when scaled)",
        flush=True,
    )
    for kind in r["error_kinds"]:
        print(f"    error: {kind}", flush=True)


def failures(r: dict[str, Any]) -> list[str]:
    """What makes a run's figures measure less than they say: errors (refused or dropped
    sockets, failed or 5xx POSTs), applied actions the log lacks, pushes never received,
    logs with gaps or that do not replay."""
    found = []
    if r["errors"]:
        found.append(f"{r['errors']} errors ({'; '.join(r['error_kinds'])})")
    if r["lost_actions"] or r["lost_pushes"]:
        found.append(f"lost {r['lost_actions']} actions and {r['lost_pushes']} pushes")
    if not r["logs_whole"]:
        found.append("a table's log has gaps or does not replay to its snapshot")
    return found


def print_beside_summary(results: list[dict[str, Any]]) -> None:
    """Per configuration and T, each beside level's p95s in run order and their median,
    and that median over the median without bot tables beside."""
    groups: dict[tuple[str, int], dict[str, list[float]]] = {}
    for r in results:
        groups.setdefault((r["config"], r["tables"]), {}).setdefault(r["level"], []).append(
            r["p95"]
        )
    for (config, count), levels in groups.items():
        if len(levels) < 2 or "none" not in levels:
            continue
        alone = statistics.median(levels["none"])
        for level, p95s in levels.items():
            median = statistics.median(p95s)
            runs = ", ".join(f"{p:.0f}" for p in p95s)
            print(
                f"{config} T={count} beside {level}: p95 ms by run {runs}; median {median:.0f} "
                f"= {median / alone:.2f}x the median without bot tables beside",
                flush=True,
            )


@contextlib.contextmanager
def scaled_services() -> Iterator[None]:
    """PostgreSQL and Redis: the environment's, else throwaway ones on loopback."""
    if os.environ.get("DATABASE_URL", "").startswith("postgres") and os.environ.get("REDIS_URL"):
        yield
        return
    state = Path(tempfile.mkdtemp(prefix="clubtable-bench-"))
    env = {**os.environ, "INTEGRATION_DIR": str(state)}
    script = str(ROOT / "scripts" / "integration-services.sh")
    subprocess.run(["bash", script, "start"], env=env, check=True)
    try:
        for line in (state / "env").read_text().splitlines():
            key, _, value = line.removeprefix("export ").partition("=")
            os.environ[key] = value
        yield
    finally:
        subprocess.run(["bash", script, "stop"], env=env, check=False)


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] in ("_setup", "_verify"):
        import django

        django.setup()
        if sys.argv[1] == "_setup":
            tables = open_tables(int(sys.argv[2]))
            if sys.argv[6] == "off":
                hints_off(tables)
            open_bot_tables(int(sys.argv[3]), sys.argv[4], sys.argv[5])
            print(json.dumps(tables))
        else:
            print(json.dumps(check_logs(sys.argv[2:])))
        return
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--config", choices=["single", "scaled", "both"], default="both")
    parser.add_argument("--tables", default="10,25,50", help="comma-separated T values")
    parser.add_argument("--duration", type=float, default=20.0, help="seconds of play per run")
    parser.add_argument("--max-actions", type=int, default=2000, help="per seat, per run")
    parser.add_argument(
        "--think",
        type=float,
        default=1.0,
        help="mean seconds a player looks before clicking (0: as fast as the server allows)",
    )
    parser.add_argument(
        "--beside",
        default="none",
        help="comma-separated bot levels (or none) of the bot tables playing beside, run in turn",
    )
    parser.add_argument("--beside-tables", type=int, default=10, help="bot tables beside")
    parser.add_argument(
        "--beside-game",
        choices=["dragsaga", "dragonformula"],
        default="dragsaga",
        help="the game the bot tables beside play",
    )
    parser.add_argument(
        "--rounds", type=int, default=1, help="times the --beside levels run in turn"
    )
    parser.add_argument(
        "--hints",
        choices=["on", "off"],
        default="on",
        help="the seats' hints: on, as in a guest's first games (the coach thinks each "
        "seat's Pick hint), or off, as a regular plays",
    )
    parser.add_argument("--processes", type=int, default=2, help="Daphne processes in scaled")
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    parser.add_argument("--logs", type=Path, help="keep the servers' logs in this folder")
    args = parser.parse_args()
    counts = [int(n) for n in args.tables.split(",")]
    configs = ["single", "scaled"] if args.config == "both" else [args.config]
    print(
        f"bench/load.py: {GAME}, {SEATS} seats a table, think {args.think:g} s, "
        f"{args.duration:.0f} s of play a run, "
        f"{os.cpu_count()} cores",
        flush=True,
    )
    results = []
    with tempfile.TemporaryDirectory(prefix="clubtable-load-") as tmp:
        workdir = Path(tmp)
        if args.logs:
            args.logs.mkdir(parents=True, exist_ok=True)
            workdir = args.logs
        for config in configs:
            with scaled_services() if config == "scaled" else contextlib.nullcontext():
                for count in counts:
                    for _ in range(args.rounds):
                        for level in args.beside.split(","):
                            result = run(config, count, args, workdir, level)
                            print_row(result)
                            results.append(result)
    print_beside_summary(results)
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(results, indent=2))
    failed = [(r, found) for r in results if (found := failures(r))]
    for r, found in failed:
        print(
            f"FAILED: {r['config']} T={r['tables']} (bot tables beside: {r['beside']}): "
            + "; ".join(found),
            file=sys.stderr,
            flush=True,
        )
    if failed:
        sys.exit(
            f"bench/load.py: {len(failed)} of {len(results)} runs failed; their figures "
            "measure less than they say"
        )


if __name__ == "__main__":
    main()
