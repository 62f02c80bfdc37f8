"""What one move costs the server, on the live path (prints figures; never fails).

A move, as a browser makes it: the seat's POST to ``/<game>/<code>/act`` (middleware,
session, ``playing.apply_action``, the answer's regions), then the after-commit work
(the table's snapshot, the announcement on the channel layer, the next timer), then
the push to every seat's socket as ``TableConsumer.table_changed`` makes it (the
regions rendered once per viewer, compared with what the socket was last sent).
Figures: server CPU ms per applied action (the POST and the four seats' pushes),
queries per move (the POST's and the pushes'), and bot-only tables' bot moves per
second of CPU on one process (``playing.advance``, what the timers call).

Runs on a throwaway SQLite file with the in-memory channel layer, as one Daphne runs.

    .venv/bin/python bench/table_actions.py              # 150 moves a game, ~1 min
    .venv/bin/python bench/table_actions.py 60 --profile # and where the time goes
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import io
import json
import os
import pstats
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

FORM = "application/x-www-form-urlencoded"


def setup_django(database: str) -> None:
    os.environ["DATABASE_URL"] = f"sqlite:///{database}"
    os.environ.setdefault("SECRET_KEY", "bench-only")
    os.environ["DJANGO_SETTINGS_MODULE"] = "config.settings"
    os.environ.setdefault("SECURE_SSL_REDIRECT", "0")
    os.environ.setdefault("SECURE_COOKIES", "0")
    os.environ.setdefault("ALLOWED_HOSTS", "testserver,127.0.0.1,localhost")
    os.environ["REDIS_URL"] = ""
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0)


def quiet_log() -> None:
    """The operator's log lines are still written (a server pays for them), to nowhere."""
    import logging

    sink = open(os.devnull, "w")  # noqa: SIM115 - for the whole run
    for handler in logging.getLogger().handlers:
        if isinstance(handler, logging.StreamHandler):
            handler.setStream(sink)


class Socket:
    """One seat's open table socket in this process: a ``TableConsumer`` whose frames are kept."""

    def __init__(self, table: Any, player: Any, name: str) -> None:
        from games.live.consumers import TableConsumer
        from games.presence import leavers
        from games.regions.last_sent import LastSent

        leavers.connected(table, player, name)  # the seat's presence, as a socket opens
        consumer = TableConsumer.__new__(TableConsumer)
        consumer.table, consumer.player, consumer.language = table, player, "ja"
        consumer.sent, consumer.shown = LastSent(), None
        self.frames: list[str] = []
        self.consumer = consumer

        async def kept(frame: str | None) -> None:  # what the socket would send
            if frame:
                self.frames.append(frame)

        consumer._send = kept

    def hear(self, message: dict[str, Any] | None = None) -> None:
        """What the socket sends after ``message`` (``None``: its first frame, as it opens),
        as ``TableConsumer.table_changed`` makes it (here without the event loop's part)."""
        only: frozenset[str] = frozenset()
        if message and message["type"] == "table.hint":  # a hint ready: its player's sockets
            from games.coach import hint_thinking
            from games.registry import game_kind

            hint_thinking.heard(message)
            if self.consumer.player.pk not in message["players"]:
                return
            only = game_kind(message["game_name"]).presenters.HINT_REGIONS  # as table_hint
        frame = self.consumer.frame(message.get("change") if message else None, only=only)
        if frame:
            self.frames.append(frame)


def hear_as_another_process(sockets: list[Socket], message: dict[str, Any]) -> None:
    """``message`` as a process that did not save the move hears it (scaled out, most
    moves are saved by another process): a change id it has no snapshot of, through the
    consumer's own ``table_changed`` on the event loop, all the sockets at once."""
    import uuid

    from asgiref.sync import async_to_sync

    elsewhere = {**message, "change": uuid.uuid4().hex}

    async def hear_all() -> None:
        if elsewhere["type"] == "table.hint":
            await asyncio.gather(*(s.consumer.table_hint(elsewhere) for s in sockets))
        else:
            await asyncio.gather(*(s.consumer.table_changed(elsewhere) for s in sockets))

    async_to_sync(hear_all)()


class Listener:
    """The table's group on the channel layer, as the table's sockets hear it."""

    def __init__(self, table_id: int) -> None:
        from asgiref.sync import async_to_sync
        from channels.layers import get_channel_layer

        from games.tables import events as table_events

        self.layer = get_channel_layer()
        self.sync = async_to_sync
        self.channel = self.sync(self.layer.new_channel)()
        self.sync(self.layer.group_add)(table_events.group_name(table_id), self.channel)

    def settle(self) -> None:
        """One turn of the event loop: a move's announcement is put on it without waiting
        (``games.live.server_loop``), so it reaches the group's queues there."""
        import asyncio

        self.sync(asyncio.sleep)(0)

    def messages(self) -> list[dict[str, Any]]:
        found = []
        while self.layer.queued(self.channel):
            found.append(self.sync(self.layer.receive)(self.channel))
        return found


class Figures:
    def __init__(self) -> None:
        self.cpu: Counter[str] = Counter()
        self.queries: Counter[str] = Counter()
        self.where: Counter[str] = Counter()
        self.moves = 0

    def measure(self, part: str, call: Any) -> Any:
        from django.db import DEFAULT_DB_ALIAS, connections

        connection = connections[DEFAULT_DB_ALIAS]
        statements: list[str] = []

        def note(execute: Any, sql: str, params: Any, many: bool, context: Any) -> Any:
            statements.append(sql)  # only the text: the count costs the server nothing
            return execute(sql, params, many, context)

        def ending(name: str, end: Any) -> Any:
            def counted() -> None:
                statements.append(name)  # a round trip too, though not a cursor's
                end()

            return counted

        # Not Django's CaptureQueriesContext: its debug cursor formats and times every
        # statement, which a server does not do, and would be counted in the figure.
        connection.commit = ending("COMMIT", type(connection).commit.__get__(connection))
        connection.rollback = ending("ROLLBACK", type(connection).rollback.__get__(connection))
        try:
            with connection.execute_wrapper(note):
                cpu = time.process_time()
                result = call()
                self.cpu[part] += time.process_time() - cpu
        finally:
            del connection.commit, connection.rollback
        self.queries[part] += len(statements)
        for sql in statements:
            self.where[f"{part}: {_query_kind(sql)}"] += 1
        return result


def _query_kind(sql: str) -> str:
    """``SELECT games_seat``: the statement and its main table (not a subquery's)."""
    verb, depth, words = sql.split()[0].upper(), 0, []
    for word in sql.split():
        if depth == 0:
            words.append(word)
        depth += word.count("(") - word.count(")")
    after = {"SELECT": "FROM", "DELETE": "FROM", "INSERT": "INTO", "UPDATE": "UPDATE"}.get(verb)
    pairs = list(zip(words, words[1:], strict=False))
    table = next((w for p, w in pairs if p.upper() == after), "")
    if table.startswith("("):  # FROM a derived row: the table joined to it
        table = next((w for p, w in pairs if p.upper() == "JOIN"), table)
    if not table and verb == "SELECT":  # a row of subqueries alone: the first one's table
        every = sql.split()
        pairs = list(zip(every, every[1:], strict=False))
        table = next((w for p, w in pairs if p.upper() == "FROM"), "").strip(chr(34)) + " …"
    return f"{verb} {table.strip(chr(34))}".strip()


def live_moves(
    game_name: str,
    names: list[str],
    level: str,
    actions: int,
    profile: Any,
    elsewhere: bool = False,
    move_deadline: int | None = None,
    members: bool = False,
) -> float:
    """Play ``actions`` moves as the seats' browsers; the server CPU seconds per action.
    ``move_deadline``: at turn-based tables (``games.turns``), whose players are members;
    ``members``: members' browsers at a live table too (else guests')."""
    from django.contrib.auth import get_user_model
    from django.test import Client
    from django.urls import reverse

    from games.registry import engine_for
    from games.tables.actions import guests as table_guests
    from games.tables.actions import opening, seating, starting
    from games.tables.models import Player
    from games.tables.selectors import SESSION_PLAYER

    if move_deadline is None and not members:
        players = [Player.objects.create(display_name=name) for name in names]
    else:  # turn-based tables are for members
        users = get_user_model().objects
        players = [
            table_guests.player_for_user(users.create_user(f"{name}-{users.count()}"))
            for name in names
        ]
    clients = []
    for player in players:
        client = Client(HTTP_HX_REQUEST="true", HTTP_ACCEPT_LANGUAGE="ja")
        if player.user_id is not None:
            client.force_login(player.user)
        else:
            session = client.session
            session[SESSION_PLAYER] = player.pk
            session.save()
        # A browser has loaded a page before it acts: this process's middleware is built
        # (once per test client here, once per server in Daphne) before anything is timed.
        client.get(reverse("games:lobby"))
        clients.append(client)
    engine = engine_for(game_name)
    figures = Figures()
    table = game = listener = None
    sockets: list[Socket] = []
    while figures.moves < actions:
        if game is None or game.is_finished:
            table = opening.create_table(
                game_name=game_name,
                players=len(names),
                created_by=players[0],
                move_deadline=move_deadline,
            )
            for player in players[1:]:
                seating.sit(table, player)
            game = starting.start(table, players[0], seed=figures.moves + 1)
            listener = Listener(table.pk)
            sockets = [Socket(table, p, f"{table.code}-{i}") for i, p in enumerate(players)]
            for socket in sockets:
                socket.hear()  # the first frame: every region
            listener.settle()
            listener.messages()
            url = reverse(f"{game_name}:act", args=[table.code])
        seat = engine.waiting_for(game.state)[0]
        action = engine.bot_action(game.state, seat, level)
        fields = {"action": json.dumps(action), "version": str(game.version)}
        if profile is not None:
            profile.enable()
        # Form-encoded, as htmx posts a form without files (the test client's default is
        # multipart, which a browser's move never is).
        body = urlencode(fields)
        answer = figures.measure("POST", lambda: clients[seat].post(url, body, content_type=FORM))  # noqa: B023
        assert answer.status_code == 200, answer.content[:300]
        figures.measure("pushes", listener.settle)  # counted: the loop's part of the push
        for message in listener.messages():
            if elsewhere:
                figures.measure("pushes", lambda: hear_as_another_process(sockets, message))  # noqa: B023
            else:
                figures.measure("pushes", lambda: [s.hear(message) for s in sockets])  # noqa: B023
        if profile is not None:
            profile.disable()
        figures.moves += 1
        game.refresh_from_db()
    total_cpu = sum(figures.cpu.values())
    pace = "turn-based" if move_deadline else "live"
    print(
        f"{game_name:<13} {pace:<10} {len(names)} seats, {figures.moves} moves: "
        f"{1000 * total_cpu / figures.moves:5.1f} ms CPU/action "
        f"(POST {1000 * figures.cpu['POST'] / figures.moves:.1f}, pushes to {len(names)} seats"
        f"{' of a move another process saved' if elsewhere else ''} "
        f"{1000 * figures.cpu['pushes'] / figures.moves:.1f}); "
        f"{sum(figures.queries.values()) / figures.moves:4.1f} queries/move "
        f"(POST {figures.queries['POST'] / figures.moves:.1f}, "
        f"pushes {figures.queries['pushes'] / figures.moves:.1f})",
        flush=True,
    )
    for where, count in figures.where.most_common():
        print(f"    {count / figures.moves:5.2f}/move  {where}")
    return total_cpu / figures.moves


def bot_moves(game_name: str, seats: int, level: str, actions: int, profile: Any) -> None:
    """A table of bots only, as the timers drive it (no socket listens)."""
    from games.tables.actions import opening, playing, starting

    figures = Figures()
    game = None
    while figures.moves < actions:
        if game is None or game.is_finished:
            table = opening.create_table(
                game_name=game_name, players=seats, bot_level=level, bot_pace="quick"
            )
            game = starting.start(table, None, seed=figures.moves + 1)
        if profile is not None:
            profile.enable()
        moved = figures.measure("advance", lambda: playing.advance(game.pk, game.version))  # noqa: B023
        if profile is not None:
            profile.disable()
        if moved is None or moved.version == game.version:
            game.refresh_from_db()
            continue
        figures.moves += moved.version - game.version
        game = moved
    cpu = figures.cpu["advance"]
    print(
        f"{game_name:<13} {seats} bots, {figures.moves} versions: "
        f"{figures.moves / cpu:5.0f} bot moves per CPU second "
        f"({1000 * cpu / figures.moves:.1f} ms each), "
        f"{figures.queries['advance'] / figures.moves:4.1f} queries/move",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("actions", nargs="?", type=int, default=150, help="moves per game")
    parser.add_argument("--profile", action="store_true", help="print where the CPU goes")
    parser.add_argument(
        "--elsewhere",
        action="store_true",
        help="the seats' sockets hear each move as a process that did not save it (scaled "
        "out): the table read once, off the sockets' thread; its statements are not counted",
    )
    args = parser.parse_args()
    from asgiref.sync import sync_to_async

    profile = cProfile.Profile(time.process_time) if args.profile else None  # CPU, not wall
    with tempfile.TemporaryDirectory() as directory:
        setup_django(str(Path(directory) / "bench.sqlite3"))
        from django.conf import settings

        settings.TABLE_TIMERS = False  # the bench drives the server's moves itself
        quiet_log()
        from config import memory

        memory.freeze_what_is_loaded()  # as config/asgi.py does once the server is loaded
        print(
            f"Server cost of a move on the live path ({os.cpu_count()} cores, SQLite, "
            f"load average {os.getloadavg()[0]:.1f})",
            flush=True,
        )

        def run() -> None:
            seats = ["Ann", "Ben", "Cho", "Dai"]
            live_moves("dragonformula", seats, "smart", args.actions, profile, args.elsewhere)
            live_moves("dragsaga", seats, "heuristic", args.actions, profile, args.elsewhere)
            bot_moves("dragonformula", 4, "smart", args.actions, profile)
            bot_moves("dragsaga", 4, "heuristic", args.actions, profile)

        async def served() -> None:
            # As under Daphne: the sync code runs in a worker thread of a running event
            # loop, the server's, on which the moves' announcements are sent.
            from games.live import server_loop

            server_loop.attach(asyncio.get_running_loop())
            try:
                await sync_to_async(run)()
            finally:
                server_loop.attach(None)

        asyncio.run(served())
    if profile is not None:
        print_profile(profile, 60)


def print_profile(profile: cProfile.Profile, lines: int) -> None:
    """Where the CPU went, the ``lines`` costliest first (``SORT``: pstats' order)."""
    out = io.StringIO()
    pstats.Stats(profile, stream=out).sort_stats(os.environ.get("SORT", "cumulative")).print_stats(
        lines
    )
    print(out.getvalue())


if __name__ == "__main__":
    main()
