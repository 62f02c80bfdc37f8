"""What a move costs the table's sockets, and what the mover's own answer carries.

A move's answer brings the mover what they act on next (prompt, hand, what they
saw); the table's socket brings every region that changed, to every seat. The
process that saved the move reads the table for its sockets once, not once a seat,
and a socket never goes back to an earlier move announced after a later one.
"""

import asyncio
import json
import threading
import uuid
from unittest import mock

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from django.db import connection
from django.test.utils import CaptureQueriesContext

from dragonformula.rules.engine import ENGINE
from games.regions import rendering, snapshots
from games.tables import events as table_events
from games.tables.actions import playing
from tests.web.sockets import in_own_loop, open_socket, receive_until
from tests.web.tables import browser_of, htmx_post, seated_table


def act_url(table):
    return f"/dragonformula/{table.code}/act"


def region_ids(html):
    return {
        region
        for region in ("seen", "prompt", "hand", "seats", "pile", "log", "scores", "table-trust")
        if f'id="{region}"' in html
    }


@pytest.mark.django_db
def test_a_moves_answer_is_the_movers_prompt_and_hand(django_capture_on_commit_callbacks):
    table, game, players = seated_table("dragonformula", ["Ann", "Bo", "Cy", "Di"])
    seat = ENGINE.waiting_for(game.state)[0]
    with django_capture_on_commit_callbacks(execute=True):
        answer = htmx_post(
            browser_of(players[seat]),
            act_url(table),
            {"action": json.dumps({"type": "draw"}), "version": game.version},
        )
    assert answer.status_code == 200
    assert region_ids(answer.content.decode()) == {"seen", "prompt", "hand"}
    assert 'name="version" value="1"' in answer.content.decode()
    # The rest of the table comes by the socket, to the mover as to everyone else.
    game.refresh_from_db()
    pushed = rendering.render_regions(table, players[seat])
    assert {"seats", "pile", "log", "scores"} <= set(pushed)


@pytest.mark.django_db
def test_a_refused_moves_answer_says_why_in_the_prompt(django_capture_on_commit_callbacks):
    table, game, players = seated_table("dragonformula", ["Ann", "Bo", "Cy", "Di"])
    idle = next(s for s in range(4) if s not in ENGINE.waiting_for(game.state))
    answer = htmx_post(
        browser_of(players[idle]),
        act_url(table),
        {"action": json.dumps({"type": "draw"}), "version": game.version},
    )
    assert answer.status_code == 400
    assert region_ids(answer.content.decode()) == {"seen", "prompt", "hand"}
    assert "It is not your turn." in answer.content.decode()
    game.refresh_from_db()
    assert game.version == 0


@pytest.mark.django_db
def test_the_saving_process_reads_the_table_once_for_all_its_sockets(
    django_capture_on_commit_callbacks,
):
    table, game, players = seated_table("dragonformula", ["Ann", "Bo", "Cy", "Di"])
    seat = ENGINE.waiting_for(game.state)[0]
    layer = get_channel_layer()
    channel = async_to_sync(layer.new_channel)()
    async_to_sync(layer.group_add)(table_events.group_name(table.pk), channel)
    with django_capture_on_commit_callbacks(execute=True):
        playing.apply_action(game, players[seat], {"type": "draw"}, game.version)
    change = async_to_sync(layer.receive)(channel)["change"]
    with CaptureQueriesContext(connection) as queries:
        frames = [
            rendering.pushed_regions(table.pk, change, viewer, language, rendering.EVERY_REGION)
            for viewer in [*players, None]
            for language in ("ja", "en")
        ]
    # Four seats and a spectator, in two languages: nothing is read (the trust panel's
    # parts were read with the move), so the sockets render on the event loop.
    assert len(queries) == 0, [q["sql"] for q in queries]
    assert snapshots.renders_without_queries(table.pk, change)
    assert all('name="version" value="1"' in frame["seen"] for frame in frames)
    hands = [frame["hand"] for frame in frames[:8:2]]
    assert len(set(hands)) == 4, "each seat is sent its own hand"


@pytest.mark.django_db
def test_another_process_reads_the_table_once_per_move_however_many_sockets(
    django_capture_on_commit_callbacks,
):
    table, game, players = seated_table("dragonformula", ["Ann", "Bo", "Cy", "Di"])
    change = uuid.uuid4().hex  # a change this process did not save
    with CaptureQueriesContext(connection) as queries:
        for viewer in players:
            rendering.pushed_regions(table.pk, change, viewer, "ja", rendering.EVERY_REGION)
    # The game with its table (one written-out statement), the seats with their players.
    assert len(queries) == 2, [q["sql"] for q in queries]
    with CaptureQueriesContext(connection) as again:
        rendering.pushed_regions(table.pk, change, players[0], "ja", rendering.EVERY_REGION)
    assert len(again) == 0, "a second socket of the same viewer is sent the same frame"


@pytest.mark.django_db(transaction=True)
@in_own_loop
async def test_a_socket_never_goes_back_to_an_earlier_move(players):
    table, game, seated = await database_sync_to_async(seated_table)(
        "dragonformula", ["Ann", "Bo", "Cy", "Di"]
    )
    watcher = next(s for s in range(4) if s not in ENGINE.waiting_for(game.state))
    socket = await open_socket(table.code, seated[watcher])
    await socket.receive_from()
    # The push saying this seat came to the table (games.presence.at_the_table).
    while not await socket.receive_nothing(timeout=0.3):
        await socket.receive_from()
    layer = get_channel_layer()
    channel = await layer.new_channel()
    await layer.group_add(table_events.group_name(table.pk), channel)

    mover = ENGINE.waiting_for(game.state)[0]
    game = await database_sync_to_async(playing.apply_action)(
        game, seated[mover], {"type": "draw"}, game.version
    )
    first = await layer.receive(channel)
    assert 'value="1"' in await socket.receive_from()
    card = game.state["hands"][mover][0]
    game = await database_sync_to_async(playing.apply_action)(
        game, seated[mover], {"type": "discard", "card": card}, game.version
    )
    await layer.receive(channel)
    assert 'value="2"' in await socket.receive_from()

    # The first move's news arrives late (announced by a slower thread): nothing is sent.
    assert snapshots.for_change(table.pk, first["change"]).game.version == 1
    await layer.group_send(table_events.group_name(table.pk), first)
    assert await socket.receive_nothing(timeout=0.3)
    await socket.disconnect()


@pytest.mark.django_db(transaction=True)  # the move commits (and is announced) before the answer
@in_own_loop
async def test_the_movers_answer_is_what_their_own_socket_is_pushed():
    table, game, players = await database_sync_to_async(seated_table)(
        "dragonformula", ["Ann", "Bo", "Cy", "Di"]
    )
    seat = ENGINE.waiting_for(game.state)[0]
    socket = await open_socket(table.code, players[seat])
    await socket.receive_from()
    while not await socket.receive_nothing(timeout=0.3):  # its coming to the table
        await socket.receive_from()
    renders = mock.patch.object(rendering, "render_regions", wraps=rendering.render_regions)
    with renders as rendered:
        answer = await database_sync_to_async(
            lambda: htmx_post(
                browser_of(players[seat]),
                act_url(table),
                {"action": json.dumps({"type": "draw"}), "version": game.version},
            )
        )()
        frame = await receive_until(socket, 'name="version" value="1"')
    # Rendered once for both: the answer is taken from what the mover's socket is pushed
    # (a call that missed the socket's render renders the whole table twice a move). Other
    # changes' renders (a late push of the seat's coming to the table) are not the move's.
    of_the_move = [
        call
        for call in rendered.call_args_list
        if (call.kwargs.get("snapshot") is None or call.kwargs["snapshot"].game.version == 1)
    ]
    assert len(of_the_move) == 1
    # The same prompt, hand and seen version as the mover's socket brings a moment later:
    # nothing on the mover's screen flickers from one to the other.
    answered = answer.content.decode()
    for region in ("seen", "prompt", "hand"):
        start = answered.index(f'id="{region}"')
        html = answered[answered.rindex("<", 0, start) :].split("\n", 1)[0]
        assert html in frame, region
    await socket.disconnect()


@pytest.mark.django_db(transaction=True)
@in_own_loop
async def test_a_busy_worker_thread_does_not_hold_up_a_tables_pushes():
    """The sockets' database work (opening, ticks, closing) shares one worker thread; a
    move this process saved is pushed without it, so one slow socket elsewhere (a locked
    database, a slow disk) never holds up what every other table sees."""
    table, game, seated = await database_sync_to_async(seated_table)(
        "dragonformula", ["Ann", "Bo", "Cy", "Di"]
    )
    watcher = next(s for s in range(4) if s not in ENGINE.waiting_for(game.state))
    socket = await open_socket(table.code, seated[watcher])
    await socket.receive_from()

    release = threading.Event()
    busy = asyncio.ensure_future(database_sync_to_async(release.wait)())  # the sockets' thread
    await asyncio.sleep(0.05)
    try:
        mover = ENGINE.waiting_for(game.state)[0]
        move = database_sync_to_async(playing.apply_action, thread_sensitive=False)
        await move(game, seated[mover], {"type": "draw"}, game.version)
        # Within 2 s, past any countdown pushed as who is at the table changed (its own socket).
        frame = await asyncio.wait_for(receive_until(socket, 'name="version" value="1"'), 2)
        assert 'name="version" value="1"' in frame
        assert not busy.done(), "the frame came while the worker thread was still busy"
    finally:
        release.set()
        await busy
    await socket.disconnect()


@pytest.mark.django_db(transaction=True)
@in_own_loop
async def test_a_move_saved_elsewhere_is_read_once_and_pushed_past_a_busy_worker_thread():
    """Scaled out, most moves at a table are saved by another process: this one reads the
    table once for all of its sockets that hear of the move, not on the sockets' worker
    thread, so a slow socket elsewhere holds up no table's pushes here either."""
    table, game, seated = await database_sync_to_async(seated_table)(
        "dragonformula", ["Ann", "Bo", "Cy", "Di"]
    )
    mover = ENGINE.waiting_for(game.state)[0]
    watchers = [seat for seat in range(4) if seat != mover]
    sockets = [await open_socket(table.code, seated[seat]) for seat in watchers]
    for socket in sockets:
        await socket.receive_from()
        # The pushes saying the later seats came to the table (games.presence.at_the_table).
        while not await socket.receive_nothing(timeout=0.3):
            await socket.receive_from()

    release = threading.Event()
    busy = asyncio.ensure_future(database_sync_to_async(release.wait)())  # the sockets' thread
    await asyncio.sleep(0.05)
    try:
        # Saved as another process saves it: the change id the group hears is not one
        # this process remembered a snapshot under.
        with (
            mock.patch.object(snapshots, "remember"),
            mock.patch.object(snapshots, "read", wraps=snapshots.read) as reads,
        ):
            move = database_sync_to_async(playing.apply_action, thread_sensitive=False)
            await move(game, seated[mover], {"type": "draw"}, game.version)
            frames = [await socket.receive_from(timeout=2) for socket in sockets]
        assert all('name="version" value="1"' in frame for frame in frames)
        assert len(set(frames)) == 3, "each seat is sent its own view"
        assert reads.call_count == 1, "one reading of the table for the three sockets"
        assert not busy.done(), "the frames came while the worker thread was still busy"
    finally:
        release.set()
        await busy
    for socket in sockets:
        await socket.disconnect()
