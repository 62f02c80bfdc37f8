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
from games.models import Game, Table
from tests.integration.players import (
    Player,
    action_type,
    catch_up,
    check_logs,
    choose,
    open_tables,
    play_one,
)

STALE = "The table has moved on since you looked"


def current_game(code: str) -> Game:
    return Table.objects.get(code=code).games.get()


def current_version(code: str) -> int:
    return current_game(code).version


async def game_now(code: str) -> Game:
    """The game as the database has it, read off the event loop's thread."""

    def read() -> Game:
        try:
            return current_game(code)
        finally:
            connection.close()

    return await asyncio.to_thread(read)


def test_a_post_to_one_process_is_pushed_to_the_sockets_on_the_other(two_daphnes):
    first, second = two_daphnes
    [table] = open_tables(1)
    code, players = table["code"], [Player(session) for session in table["sessions"]]
    start = current_version(code)

    async def scenario() -> int:
        async with contextlib.AsyncExitStack() as stack:
            sockets = {
                s: await stack.enter_async_context(p.socket(first, code))
                for s, p in enumerate(players)
            }
            for seat, ws in sockets.items():
                await catch_up(ws, players[seat], start)
            # Only the seat to play is offered anything; it posts to the *other* process.
            [actor] = [seat for seat, player in enumerate(players) if player.offers()]
            fields = choose(players[actor].offers(), random.Random(1))
            status, body = await players[actor].post(
                second, code, {**fields, "version": str(start)}
            )
            assert status == 200, body
            for seat, ws in sockets.items():
                if seat != actor:
                    await catch_up(ws, players[seat], start + 1)
            return actor

    actor = asyncio.run(scenario())
    assert current_version(code) == start + 1
    assert [p.version for s, p in enumerate(players) if s != actor] == [start + 1] * 3


def test_twenty_concurrent_posts_of_one_action_apply_exactly_once(two_daphnes):
    first, second = two_daphnes
    [table] = open_tables(1)
    code, players = table["code"], [Player(session) for session in table["sessions"]]
    start = current_version(code)

    async def scenario() -> list[tuple[int, str]]:
        sockets = [p.socket(first, code) for p in players]
        async with contextlib.AsyncExitStack() as stack:
            opened = [await stack.enter_async_context(s) for s in sockets]
            for player, ws in zip(players, opened, strict=True):
                await catch_up(ws, player, start)
        [actor] = [p for p in players if p.offers()]
        fields = {**choose(actor.offers(), random.Random(2)), "version": str(start)}
        # The same click, twenty times at once, spread over both processes.
        return await asyncio.gather(
            *(actor.post((first, second)[n % 2], code, fields) for n in range(20))
        )

    results = asyncio.run(scenario())
    statuses = sorted(status for status, _ in results)
    assert statuses == [200] + [409] * 19
    assert all(STALE in body for status, body in results if status == 409)
    checked = check_logs([code])[code]
    assert checked["version"] == start + 1
    assert checked["gapless"] and checked["replays"]


def test_competing_picks_for_one_discard_apply_exactly_one(two_daphnes):
    first, second = two_daphnes
    [table] = open_tables(1)
    code, players = table["code"], [Player(session) for session in table["sessions"]]
    rng = random.Random(3)

    async def open_a_window() -> None:
        async with contextlib.AsyncExitStack() as stack:
            sockets = {
                s: await stack.enter_async_context(p.socket(first, code))
                for s, p in enumerate(players)
            }
            start = (await game_now(code)).version
            for seat, ws in sockets.items():
                await catch_up(ws, players[seat], start)
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
        seat: next(f for f in players[seat].offers() if action_type(f) == "pick")
        for seat in pickers
    }

    async def race() -> list[tuple[int, int, str]]:
        posts = [
            (
                seat,
                players[seat].post(
                    (first, second)[n % 2], code, {**picks[seat], "version": str(window)}
                ),
            )
            for n, seat in enumerate(pickers[n % len(pickers)] for n in range(20))
        ]
        answers = await asyncio.gather(*(request for _, request in posts))
        return [
            (seat, status, body) for (seat, _), (status, body) in zip(posts, answers, strict=True)
        ]

    results = asyncio.run(race())
    applied = [seat for seat, status, _ in results if status == 200]
    assert len(applied) == 1
    assert sorted(status for _, status, _ in results) == [200] + [409] * 19
    assert all(STALE in body for _, status, body in results if status == 409)
    checked = check_logs([code])[code]
    assert checked["version"] == window + 1
    assert checked["log"][-1][1:] == [applied[0], {"type": "pick"}]
    assert checked["gapless"] and checked["replays"]


def test_killing_one_process_mid_game_leaves_the_table_playing_on_the_other(two_daphnes):
    doomed, survivor = two_daphnes
    [table] = open_tables(1)
    code, players = table["code"], [Player(session) for session in table["sessions"]]
    rng = random.Random(4)

    async def scenario() -> None:
        async with contextlib.AsyncExitStack() as stack:
            # Seats 0 and 1 on the process that dies, seats 2 and 3 on the survivor.
            sockets = {
                seat: await stack.enter_async_context(
                    players[seat].socket(doomed if seat < 2 else survivor, code)
                )
                for seat in range(4)
            }
            start = (await game_now(code)).version
            for seat, ws in sockets.items():
                await catch_up(ws, players[seat], start)
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
