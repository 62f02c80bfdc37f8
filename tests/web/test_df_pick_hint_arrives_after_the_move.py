"""The coach's Pick hint is thought off the move's path: the pick window reaches the seats at
once with "the coach is thinking…" in the hint's place, and the hint follows to that seat
alone when a thinking worker has worked it out, the strong bot's own answer."""

import asyncio
import re

import pytest
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer

from dragonformula.rules import advice, strong
from games.coach import bot_thinking
from games.live import server_loop
from games.regions import snapshots
from games.tables import events as table_events
from games.tables.actions import playing
from tests.game.df_table import seat_whose_pick_takes_thinking
from tests.web.sockets import in_own_loop, open_socket
from tests.web.tables import seated_table, shows_code, without_hints

pytestmark = pytest.mark.django_db(transaction=True)

THINKING = "The coach is thinking…"
HINT = re.compile(r'<p class="hint-pick" data-answer="(\w+)">')


@pytest.fixture
def workers(settings):
    settings.BOT_THINKING_WORKERS = 1
    bot_thinking.shut_down()
    yield
    bot_thinking.shut_down()


@database_sync_to_async
def df_table():
    return seated_table(
        "dragonformula", ["Ann", "Ben", "Cho", "Dai"], seed=11, options={"pick_seconds": 120}
    )


@database_sync_to_async
def act(game, player, action):
    return playing.apply_action(game, player, action, game.version)


async def frames_until(socket, pattern, timeout=120):
    """Frames until one matches ``pattern``; all of them, joined."""
    frames = []
    while True:
        frames.append(await socket.receive_from(timeout=timeout))
        if re.search(pattern, frames[-1]):
            return frames


async def at_a_pick_window(table, game, players):
    """Every seat's socket opened (its first frame read), then the turn's draw and discard:
    the game at the pick window, the sockets and the discarder's seat."""
    sockets = [await open_socket(table.code, p) for p in players]
    for socket in sockets:
        await socket.receive_from()
    turn = game.state["turn"]
    game = await act(game, players[turn], {"type": "draw"})
    card = game.state["hands"][turn][0]
    game = await act(game, players[turn], {"type": "discard", "card": card})
    return game, sockets, turn


@in_own_loop
async def test_the_window_comes_at_once_and_the_strong_bots_answer_follows_to_its_seat(
    workers, monkeypatch
):
    server_loop.attach(asyncio.get_running_loop())  # as under Daphne
    try:
        table, game, players = await df_table()
        sockets = [await open_socket(table.code, p) for p in players]
        for socket in sockets:
            await socket.receive_from()
        decide = strong.decide

        def not_here(view):  # the serving process never plays a hint's play-outs out
            raise AssertionError("the strong bot thought on the move's path")

        monkeypatch.setattr(strong, "decide", not_here)
        turn = game.state["turn"]
        game = await act(game, players[turn], {"type": "draw"})
        for socket in sockets:
            await frames_until(socket, 'name="version" value="1"')
        card = game.state["hands"][turn][0]
        game = await act(game, players[turn], {"type": "discard", "card": card})
        others = [s for s in range(4) if s != turn]
        seat, view = seat_whose_pick_takes_thinking(game.state, others)
        assert seat is not None, "the deal gives no seat a Pick that takes thinking"

        window = "".join(await frames_until(sockets[seat], 'name="version" value="2"'))
        assert 'data-action="pick"' in window
        assert THINKING in window and not HINT.search(window)

        hint = "".join(await frames_until(sockets[seat], HINT.pattern))
        assert HINT.search(hint).group(1) == decide(view)["type"]
        assert THINKING not in hint
        assert 'id="hints"' in hint and 'data-action="pick"' not in hint  # the hint alone
        hidden = [c for s, h in enumerate(game.state["hands"]) if s != seat for c in h]
        assert not any(shows_code(without_hints(hint), c) for c in hidden)

        # The hint's push is the hints region alone: nothing else of the table moved.
        assert 'id="hand"' not in hint
        for socket in sockets:
            await socket.disconnect()
    finally:
        server_loop.attach(None)


@in_own_loop
async def test_a_hint_ready_after_the_other_seats_answered_still_reaches_its_seat(workers):
    """The others' answers move the table on while the coach thinks; the hint is shown on
    the table as it now stands, not dropped as a frame of an older one."""
    advice.forget()  # nothing known from another test
    server_loop.attach(asyncio.get_running_loop())
    try:
        table, game, players = await df_table()
        game, sockets, turn = await at_a_pick_window(table, game, players)
        others = [s for s in range(4) if s != turn]
        seat, view = seat_whose_pick_takes_thinking(game.state, others)
        assert seat is not None, "the deal gives no seat a Pick that takes thinking"
        for other in others:  # answered before a worker has even started
            if other != seat:
                game = await act(game, players[other], {"type": "pass"})
        version = game.version
        frames = "".join(await frames_until(sockets[seat], HINT.pattern))
        assert f'name="version" value="{version}"' in frames  # the answers reached it first
        assert HINT.search(frames).group(1) == strong.decide(view)["type"]
        for socket in sockets:
            await socket.disconnect()
    finally:
        server_loop.attach(None)


@in_own_loop
async def test_a_hint_is_pushed_under_the_change_its_table_was_announced_with(workers):
    """A hint ready is shown on the table as its last move was announced: its sockets
    render it from the snapshot this process already holds, under that move's change (a
    change of its own per hint pushed the other tables' snapshots out of the remembered
    ones, and their sockets read their tables again)."""
    advice.forget()  # nothing known from another test
    server_loop.attach(asyncio.get_running_loop())
    try:
        table, game, players = await df_table()
        layer = get_channel_layer()
        group = await layer.new_channel()
        await layer.group_add(table_events.group_name(table.pk), group)
        game, sockets, turn = await at_a_pick_window(table, game, players)
        seat, _view = seat_whose_pick_takes_thinking(game.state, [s for s in range(4) if s != turn])
        assert seat is not None, "the deal gives no seat a Pick that takes thinking"
        await frames_until(sockets[seat], HINT.pattern)
        heard = []
        while not heard or heard[-1]["type"] != "table.hint":
            heard.append(await asyncio.wait_for(layer.receive(group), timeout=5))
        window = next(m for m in reversed(heard) if m["type"] == "table.changed")
        assert heard[-1]["change"] == window["change"]
        assert snapshots.for_change(table.pk, window["change"]).game.version == game.version
        for socket in sockets:
            await socket.disconnect()
    finally:
        server_loop.attach(None)
