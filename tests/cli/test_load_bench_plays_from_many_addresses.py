"""bench/load.py plays as a club's phones do: every player's socket and POSTs come from an
address of its own on the club's network (loopback addresses here), which is what the
server keys its per-client limits on. So T=150 and T=200 tables are played under the
limits as they are, and a run that had errors says so and fails instead of printing
figures that measure less than they say."""

from __future__ import annotations

import asyncio
import collections
import sys

import pytest
from websockets.asyncio.server import serve

from games.live.consumers import MAX_SESSION_SOCKETS_PER_ADDRESS
from tests.integration.players import Player
from tests.support.benches import load_bench

LOAD_BENCH = load_bench()


async def test_a_players_socket_and_posts_leave_from_its_own_address():
    seen: dict[str, list[str]] = {"post": [], "socket": []}

    async def answer_post(reader, writer):
        seen["post"].append(writer.get_extra_info("peername")[0])
        await reader.readuntil(b"\r\n\r\n")
        writer.write(b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: close\r\n\r\nok")
        await writer.drain()
        writer.close()

    async def answer_socket(ws):
        seen["socket"].append(ws.remote_address[0])
        await ws.send("hello")

    posts = await asyncio.start_server(answer_post, "127.0.0.1", 0)
    async with posts, serve(answer_socket, "127.0.0.1", 0) as sockets:
        post_base = f"http://127.0.0.1:{posts.sockets[0].getsockname()[1]}"
        socket_base = f"http://127.0.0.1:{sockets.sockets[0].getsockname()[1]}"
        players = [Player("s", address=LOAD_BENCH.phone_address(n)) for n in (0, 1, 300)]
        for player in players:
            assert (await player.post(post_base, "ABCDE", {"version": "1"}))[0] == 200
            async with player.socket(socket_base, "ABCDE") as ws:
                assert await ws.recv() == "hello"
    assert seen["post"] == seen["socket"] == ["127.0.0.2", "127.0.0.3", "127.0.0.49"]


def test_two_hundred_tables_are_four_phones_an_address_at_most():
    players = 200 * LOAD_BENCH.SEATS
    per_address = collections.Counter(LOAD_BENCH.phone_address(n) for n in range(players))
    assert len(per_address) == 253 and "127.0.0.1" not in per_address  # the server's own
    assert max(per_address.values()) == 4 < MAX_SESSION_SOCKETS_PER_ADDRESS


def a_run(errors: int = 0, lost_pushes: int = 0, whole: bool = True) -> dict:
    return {
        "config": "single",
        "tables": 150,
        "beside": "none",
        "level": "none",
        "p95": 40.0,
        "errors": errors,
        "error_kinds": ["connect InvalidStatus: HTTP 403"] if errors else [],
        "lost_actions": 0,
        "lost_pushes": lost_pushes,
        "logs_whole": whole,
    }


@pytest.mark.parametrize(
    ("run", "said"),
    [
        (a_run(errors=200), "200 errors (connect InvalidStatus: HTTP 403)"),
        (a_run(lost_pushes=3), "lost 0 actions and 3 pushes"),
        (a_run(whole=False), "does not replay"),
    ],
)
def test_a_run_with_errors_fails_the_bench_and_says_why(monkeypatch, capsys, run, said):
    monkeypatch.setattr(LOAD_BENCH, "run", lambda *args, **kwargs: run)
    monkeypatch.setattr(LOAD_BENCH, "print_row", lambda r: None)
    monkeypatch.setattr(sys, "argv", ["load.py", "--config", "single", "--tables", "150"])
    with pytest.raises(SystemExit) as failed:
        LOAD_BENCH.main()
    assert failed.value.code not in (0, None)
    assert "1 of 1 runs failed" in str(failed.value.code)
    err = capsys.readouterr().err
    assert "FAILED: single T=150" in err and said in err


def test_a_clean_run_passes(monkeypatch):
    monkeypatch.setattr(LOAD_BENCH, "run", lambda *args, **kwargs: a_run())
    monkeypatch.setattr(LOAD_BENCH, "print_row", lambda r: None)
    monkeypatch.setattr(sys, "argv", ["load.py", "--config", "single", "--tables", "150"])
    LOAD_BENCH.main()  # returns: no SystemExit
