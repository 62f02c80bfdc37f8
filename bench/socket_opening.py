"""What a table socket costs the server to open and to close (prints figures; never fails).

A socket's opening as ``TableConsumer.connect`` makes it in its worker thread: the table
found by its code and the player from the session (``_find``), then presence noted, a
bot's seat given back, deadlines caught up and the first frame rendered with every
region (``_opened``); its closing as ``disconnect`` makes it (``_closed``: presence
closed, the away clock started, the take-over timer armed). After a restart every socket
of the club opens at once, so this is paid in a burst. For four kinds of viewer: a seated
player's first socket, a seated player coming back after a socket closed (its closed row
is there), a spectator (a guest with no seat), a player whose seat a bot holds (the
seat given back), and a seated player coming back once more, now with the socket of the
page just loaded (its address names what the page showed, ``games.regions.page_load``:
only what differs is sent). Figures: server CPU ms and statements per opening and per
closing, and the bytes of the first frame.

Runs on a throwaway SQLite file with the in-memory channel layer, as one Daphne runs
(the helpers of ``bench/table_actions.py``).

    .venv/bin/python bench/socket_opening.py          # 40 tables, a few seconds
    .venv/bin/python bench/socket_opening.py 20 --profile
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(1, str(Path(__file__).resolve().parents[1]))

from table_actions import Figures, print_profile, quiet_log, setup_django  # noqa: E402

KINDS = (
    "seated, first socket",
    "seated, back after a close",
    "spectator",
    "a bot holds the seat",
    "seated, back with its page's socket",
)


def consumer(table: Any, player: Any, name: str) -> Any:
    """A ``TableConsumer`` as the handshake leaves it: the URL's code, the session, the
    browser's language; ``channel_name`` its own."""
    from django.contrib.auth.models import AnonymousUser

    from games.live.consumers import TableConsumer
    from games.tables.selectors import SESSION_PLAYER

    socket = TableConsumer.__new__(TableConsumer)
    socket.scope = {
        "type": "websocket",
        "url_route": {"kwargs": {"code": table.code}},
        "user": AnonymousUser(),
        "session": {SESSION_PLAYER: player.pk} if player is not None else {},
        "cookies": {},
        "headers": [(b"accept-language", b"ja")],
        "query_string": b"",
    }
    socket.channel_name = name
    return socket


def open_socket(socket: Any) -> str | None:
    """``connect``'s work off the event loop: ``_find``, then ``_opened``'s first frame."""
    from games.live.consumers import viewer_language
    from games.regions.last_sent import LastSent

    found = socket._find()
    assert found is not None
    socket.table, socket.player = found
    socket.sent, socket.shown = LastSent(), None
    socket.language = viewer_language(socket.scope)
    return socket._opened()


def tables(count: int) -> list[tuple[Any, list[Any]]]:
    """``count`` started four-seat tables of Dragon Formula, each with its players."""
    from games.tables.actions import opening as table_opening
    from games.tables.actions import seating, starting
    from games.tables.models import Player

    made = []
    for number in range(count):
        players = [Player.objects.create(display_name=f"P{number}-{i}") for i in range(4)]
        table = table_opening.create_table(
            game_name="dragonformula", players=4, created_by=players[0]
        )
        for player in players[1:]:
            seating.sit(table, player)
        starting.start(table, players[0], seed=number + 1)
        made.append((table, players))
    return made


def run(count: int, profile: Any) -> None:
    made = tables(count + 1)
    sockets(Figures(), *made[0], None, {})  # warm: templates compiled, statements prepared
    figures = Figures()
    frames: dict[str, int] = dict.fromkeys(KINDS, 0)
    for table, players in made[1:]:
        sockets(figures, table, players, profile, frames)
    print(
        f"{'per socket':<36} {'open CPU ms':>11} {'statements':>10} "
        f"{'close CPU ms':>12} {'statements':>10} {'first frame':>11}"
    )
    for kind in KINDS:
        opened, closed = f"open: {kind}", f"close: {kind}"
        print(
            f"{kind:<36} {1000 * figures.cpu[opened] / count:11.2f} "
            f"{figures.queries[opened] / count:10.1f} "
            f"{1000 * figures.cpu[closed] / count:12.2f} {figures.queries[closed] / count:10.1f} "
            f"{frames[kind] / count:9.0f} B",
            flush=True,
        )
    for where, number in sorted(figures.where.items()):
        print(f"    {number / count:5.2f}/socket  {where}")


def sockets(
    figures: Any, table: Any, players: list[Any], profile: Any, frames: dict[str, int]
) -> None:
    """Each kind of viewer opens a socket of ``table`` and closes it, measured; ``frames``
    adds up the first frames' bytes by kind."""
    from games.presence import leavers
    from games.regions import page_load, snapshots
    from games.tables.models import Player

    watcher = Player.objects.create(display_name=f"W{table.pk}")
    for number in (0, 3):  # the table's other players have their pages open
        leavers.connected(table, players[number], f"{table.code}-others-{number}")
    leavers.leave(table, players[2])  # a bot holds their seat until they are back
    viewers = [
        (KINDS[0], players[1]),
        (KINDS[1], players[1]),
        (KINDS[2], watcher),
        (KINDS[3], players[2]),
        (KINDS[4], players[1]),
    ]
    for number, (kind, player) in enumerate(viewers):
        socket = consumer(table, player, f"{table.code}-{number}")
        if kind == KINDS[4]:  # its page was just loaded: what it shows is noted
            token = page_load.note_page(table, player, snapshots.read(table))
            socket.scope["query_string"] = f"page={token}".encode()
        if profile is not None:
            profile.enable()
        frame = figures.measure(f"open: {kind}", lambda s=socket: open_socket(s))
        expected = 'id="seen"' if kind == KINDS[4] else 'id="prompt"'
        assert frame and expected in frame, frame and frame[:200]
        frames[kind] = frames.get(kind, 0) + len(frame.encode())
        figures.measure(f"close: {kind}", lambda s=socket: s._closed(1000))
        if profile is not None:
            profile.disable()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "tables", nargs="?", type=int, default=40, help="tables (sockets each kind)"
    )
    parser.add_argument("--profile", action="store_true", help="print where the CPU goes")
    args = parser.parse_args()
    from asgiref.sync import sync_to_async

    profile = cProfile.Profile(time.process_time) if args.profile else None  # CPU, not wall
    with tempfile.TemporaryDirectory() as directory:
        setup_django(str(Path(directory) / "bench.sqlite3"))
        from django.conf import settings

        settings.TABLE_TIMERS = False  # armed timers would fire during the run
        quiet_log()
        print(
            f"Server cost of a table socket's opening and closing ({os.cpu_count()} cores, "
            f"SQLite, load average {os.getloadavg()[0]:.1f}, {args.tables} tables)",
            flush=True,
        )
        # As under Daphne: the sync code runs in a worker thread of a running event loop.
        asyncio.run(sync_to_async(run)(args.tables, profile))
    if profile is not None:
        print_profile(profile, 50)


if __name__ == "__main__":
    main()
