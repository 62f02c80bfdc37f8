"""Two Daphne processes sharing PostgreSQL and Redis, played through sockets and POSTs like browsers.

Each test opens a real Dragon Formula table of four guests; every player is a
session cookie, a websocket and the POSTs its pushed buttons make.
"""

from __future__ import annotations

import asyncio
import contextlib
import random

import pytest
from django.db import connection
from websockets.exceptions import ConnectionClosed

from dragonformula.rules import pick_window
from games.presence.models import SeatConnection, ServerProcess
from games.tables.models import Game, Table
from tests.integration.players import (
    Player,
    action_type,
    catch_up,
    check_logs,
    choose,
    connect,
    one_table,
    play_one,
)
from tests.support.servers import daphne

STALE = "The table has moved on since you looked"


def current_game(code: str) -> Game:
    return Table.objects.get(code=code).games.get()


async def game_now(code: str) -> Game:
    """The game as the database has it, read off the event loop's thread."""

    def read() -> Game:
        try:
            return current_game(code)
        finally:
            connection.close()

    return await asyncio.to_thread(read)


def one_applied_rest_stale(results: list[tuple[int, str]], code: str, seen: int) -> dict:
    """One answer 200, every other 409 with the stale message; the log gained exactly one
    action, has no gaps and replays to the snapshot. Returns the checked log."""
    assert sorted(status for status, _ in results) == [200] + [409] * (len(results) - 1)
    assert all(STALE in body for status, body in results if status == 409)
    checked = check_logs([code])[code]
    assert checked["version"] == seen + 1
    assert checked["gapless"] and checked["replays"]
    return checked


def test_a_post_to_one_process_is_pushed_to_the_sockets_on_the_other(two_daphnes):
    first, second = two_daphnes
    code, players = one_table()
    start = current_game(code).version

    async def scenario() -> int:
        async with contextlib.AsyncExitStack() as stack:
            sockets = await connect(stack, code, players, lambda seat: first)
            # Only the seat to play is offered anything; it posts to the *other* process.
            [actor] = [seat for seat, player in enumerate(players) if player.offers()]
            fields = {**choose(players[actor].offers(), random.Random(1)), "version": str(start)}
            status, body = await players[actor].post(second, code, fields)
            assert status == 200, body
            for seat, ws in sockets.items():
                if seat != actor:
                    await catch_up(ws, players[seat], start + 1)
            return actor

    actor = asyncio.run(scenario())
    assert current_game(code).version == start + 1
    assert [p.version for s, p in enumerate(players) if s != actor] == [start + 1] * 3


def test_twenty_concurrent_posts_of_one_action_apply_exactly_once(two_daphnes):
    first, second = two_daphnes
    code, players = one_table()
    start = current_game(code).version

    async def scenario() -> list[tuple[int, str]]:
        async with contextlib.AsyncExitStack() as stack:
            await connect(stack, code, players, lambda seat: first)
        [actor] = [p for p in players if p.offers()]
        fields = {**choose(actor.offers(), random.Random(2)), "version": str(start)}
        # The same click, twenty times at once, spread over both processes.
        return await asyncio.gather(
            *(actor.post((first, second)[n % 2], code, fields) for n in range(20))
        )

    one_applied_rest_stale(asyncio.run(scenario()), code, start)


def test_competing_picks_for_one_discard_apply_exactly_one(two_daphnes):
    first, second = two_daphnes
    code, players = one_table()
    rng = random.Random(3)

    async def open_a_window() -> None:
        async with contextlib.AsyncExitStack() as stack:
            sockets = await connect(stack, code, players, lambda seat: first)
            # Play (draw, discard) until a discard opens a pick window for the other seats.
            for _ in range(4):
                if (await game_now(code)).state["phase"] == "window":
                    return
                await play_one(code, players, sockets, second, rng)

    asyncio.run(open_a_window())
    game = current_game(code)
    assert game.state["phase"] == "window"
    window = game.version
    pickers = [
        s
        for s in range(4)
        if pick_window.asked(game.state, s) and pick_window.can_pick(game.state, s)
    ]
    assert len(pickers) >= 2, "this seed's window has fewer than two seats able to pick"
    picks = {
        seat: {
            **next(f for f in players[seat].offers() if action_type(f) == "pick"),
            "version": str(window),
        }
        for seat in pickers
    }
    # Twenty clicks on Pick, from every seat that may pick, spread over both processes.
    clickers = [pickers[n % len(pickers)] for n in range(20)]

    async def race() -> list[tuple[int, str]]:
        return await asyncio.gather(
            *(
                players[seat].post((first, second)[n % 2], code, picks[seat])
                for n, seat in enumerate(clickers)
            )
        )

    results = asyncio.run(race())
    applied = [seat for seat, (status, _) in zip(clickers, results, strict=True) if status == 200]
    assert len(applied) == 1
    checked = one_applied_rest_stale(results, code, window)
    assert checked["log"][-1][1:] == [applied[0], {"type": "pick"}]


def test_killing_one_process_mid_game_leaves_the_table_playing_on_the_other(two_daphnes):
    doomed, survivor = two_daphnes
    code, players = one_table()
    rng = random.Random(4)

    async def scenario() -> None:
        async with contextlib.AsyncExitStack() as stack:
            # Seats 0 and 1 on the process that dies, seats 2 and 3 on the survivor.
            sockets = await connect(
                stack, code, players, lambda seat: doomed if seat < 2 else survivor
            )
            # Play until a survivor's seat is to move, then kill the other process outright.
            for _ in range(12):
                if any(players[seat].offers() for seat in (2, 3)):
                    break
                await play_one(code, players, sockets, survivor, rng)
            assert any(players[seat].offers() for seat in (2, 3))
            doomed.process.kill()
            doomed.process.wait(10)
            for seat in (0, 1):
                dropped = sockets.pop(seat)
                with pytest.raises(ConnectionClosed):  # their server is gone
                    while True:
                        await asyncio.wait_for(dropped.recv(), 20)

            # The survivor's players go on, and hear each other.
            before = (await game_now(code)).version
            await play_one(code, players, sockets, survivor, rng)
            assert (await game_now(code)).version == before + 1

            # The others reconnect to the survivor and are shown the table as it is now.
            for seat in (0, 1):
                players[seat] = Player(players[seat].session)
                sockets[seat] = await stack.enter_async_context(
                    players[seat].socket(survivor, code)
                )
                players[seat].absorb(await asyncio.wait_for(sockets[seat].recv(), 20))
                assert players[seat].version == (await game_now(code)).version
            for _ in range(4):
                await play_one(code, players, sockets, survivor, rng)

    asyncio.run(scenario())
    checked = check_logs([code])[code]
    assert checked["gapless"] and checked["replays"]
    assert checked["version"] >= 5


def test_a_process_starting_leaves_the_other_process_sockets_open(
    two_daphnes, shared_env, tmp_path
):
    """A rolling restart: a process (re)starting must not mark the players whose sockets
    another process holds as away (a bot would take their seats under their eyes)."""
    holder, _other = two_daphnes
    code, players = one_table()

    def presence() -> tuple[int, int, int]:
        try:
            open_sockets = SeatConnection.objects.filter(closed__isnull=True)
            return (
                open_sockets.count(),
                open_sockets.values("server").distinct().count(),
                ServerProcess.objects.count(),
            )
        finally:
            connection.close()

    async def scenario() -> None:
        async with contextlib.AsyncExitStack() as stack:
            sockets = await connect(stack, code, players, lambda seat: holder)
            assert await asyncio.to_thread(presence) == (4, 1, 2)
            with daphne(env=shared_env, log=tmp_path / "daphne-3.log"):
                for _ in range(100):  # its start-up sweep runs once its loop turns
                    if (await asyncio.to_thread(presence))[2] == 3:
                        break
                    await asyncio.sleep(0.1)
                assert await asyncio.to_thread(presence) == (4, 1, 3)
            # Still at the table, and still shown the moves.
            before = (await game_now(code)).version
            await play_one(code, players, sockets, holder, random.Random(2))
            assert (await game_now(code)).version == before + 1
            assert (await asyncio.to_thread(presence))[0] == 4

    asyncio.run(scenario())
