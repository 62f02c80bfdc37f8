"""The table socket on the reference game (examples/highcard): pushes per viewer, reconnects, ticks; it
keeps serving whatever a browser sends up, and refuses a socket from another site."""

import json
import re

import pytest
from channels.db import database_sync_to_async

from games.tables.actions import playing
from games.tables.models import Table
from tests.web.sockets import in_own_loop, open_socket, receive_until, started_table

pytestmark = pytest.mark.django_db(transaction=True)


def hand_html(cards):
    """High Card's cards as its ``partials/card.html`` draws them: each names its code."""
    return "".join(f'data-card="{card}"' for card in cards)


def shows(frame, card):
    return f'data-card="{card}"' in frame


@database_sync_to_async
def play(game, player, card):
    return playing.apply_action(game, player, {"type": "play", "card": card}, game.version)


@in_own_loop
async def test_each_socket_gets_its_own_hand_and_a_move_reaches_every_other_socket(
    highcard, players
):
    table, game = await started_table(players[:3])
    hands = game.state["hands"]
    sockets = [await open_socket(table.code, p) for p in players[:3]]
    spectator = await open_socket(table.code)
    for seat, socket in enumerate(sockets):
        frame = await socket.receive_from()
        assert all(shows(frame, card) for card in hands[seat])
        for other in set(range(3)) - {seat}:
            assert not any(shows(frame, card) for card in hands[other])
    first = await spectator.receive_from()
    assert not any(shows(first, card) for hand in hands for card in hand)

    card = hands[0][0]
    await play(game, players[0], card)
    for socket in [*sockets[1:], spectator]:
        frame = await receive_until(socket, 'name="version" value="1"')
        # Ann's card is laid face down: the others see that she laid one, never which.
        assert 'data-seat="0"' in frame and "A card laid face down" in frame
        assert not shows(frame, card) and not re.search(rf"\b{card}\b", frame)
        assert 'id="table-version" name="version" value="1"' in frame
    own = await receive_until(sockets[0], "You laid")
    assert all(shows(own, kept) for kept in hands[0][1:]) and not shows(own, card)
    assert f"You laid {int(card[1:])}. Waiting for the others." in own
    for socket in [*sockets, spectator]:
        await socket.disconnect()


@in_own_loop
async def test_a_reconnecting_socket_is_shown_the_current_state(highcard, players):
    table, game = await started_table(players[:2])
    socket = await open_socket(table.code, players[1])
    await socket.receive_from()
    await socket.disconnect()
    card = game.state["hands"][0][0]
    await play(game, players[0], card)
    socket = await open_socket(table.code, players[1])
    frame = await socket.receive_from()
    assert "A card laid face down" in frame and 'value="1"' in frame
    assert not shows(frame, card)
    assert 'name="action"' in frame  # it is this seat's turn now: its moves are offered
    await socket.disconnect()


@in_own_loop
async def test_a_tick_after_the_countdown_applies_the_deadline(highcard, players):
    table, game = await started_table(players[:2])
    socket = await open_socket(table.code, players[0])
    await socket.receive_from()
    await database_sync_to_async(type(game).objects.filter(pk=game.pk).update)(
        state={**game.state, "deadline": 0}
    )
    await socket.send_to(text_data=json.dumps({"tick": True}))
    frame = await receive_until(socket, 'name="version" value="1"')
    assert "A card laid face down" in frame  # the tick laid Ann's lowest card for her
    await socket.disconnect()


@in_own_loop
async def test_an_unknown_code_is_refused(db):
    from channels.testing import WebsocketCommunicator

    from config.asgi import application

    socket = WebsocketCommunicator(
        application, "/ws/table/NOPE9/", headers=[(b"origin", b"http://localhost")]
    )
    connected, _ = await socket.connect()
    assert not connected


@database_sync_to_async
def df_table():
    from tests.web.tables import seated_table

    return seated_table(
        "dragonformula", ["Ann", "Ben", "Cho", "Dai"], seed=11, options={"pick_seconds": 120}
    )


@database_sync_to_async
def act(game, player, action):
    return playing.apply_action(game, player, action, game.version)


@in_own_loop
async def test_a_dragon_formula_discard_reaches_the_other_three_seats_as_a_pick_window():
    from tests.web.tables import shows_code, without_hints

    table, game, players = await df_table()
    hands = game.state["hands"]
    sockets = [await open_socket(table.code, p) for p in players]
    for seat, socket in enumerate(sockets):
        first = without_hints(await socket.receive_from())
        assert all(shows_code(first, c) for c in hands[seat])
        assert not any(shows_code(first, c) for s, h in enumerate(hands) if s != seat for c in h)

    turn = game.state["turn"]
    game = await act(game, players[turn], {"type": "draw"})
    card = game.state["hands"][turn][0]
    game = await act(game, players[turn], {"type": "discard", "card": card})
    for seat, socket in enumerate(sockets):
        if seat == turn:
            continue
        frames = without_hints(await receive_until(socket, 'name="version" value="2"'))
        assert 'data-action="pick"' in frames and 'data-action="pass"' in frames
        assert f'data-card="{card}"' in frames  # the live discard, on the table for all
        assert 'data-remaining="' in frames  # the pick window's countdown
        hidden = [c for s, h in enumerate(game.state["hands"]) if s != seat for c in h]
        assert not any(shows_code(frames, c) for c in hidden)
    for socket in sockets:
        await socket.disconnect()


@in_own_loop
async def test_garbage_sent_up_the_socket_does_not_break_it(highcard, players):
    table, game = await started_table(players[:2])
    socket = await open_socket(table.code, players[1])
    await socket.receive_from()
    for garbage in ("[" * 100_000, "not json", "[1, 2]", '{"tick": "yes please"}'):
        await socket.send_to(text_data=garbage)
    await play(game, players[0], game.state["hands"][0][0])
    assert "A card laid face down" in await receive_until(socket, 'name="version" value="1"')
    await socket.disconnect()


@in_own_loop
async def test_a_table_socket_opened_from_another_site_or_without_an_origin_is_refused():
    from channels.testing import WebsocketCommunicator

    from config.asgi import application

    table = await database_sync_to_async(Table.objects.create)(game_name="dragsaga", players=2)
    for headers in ([(b"origin", b"https://evil.example")], []):
        socket = WebsocketCommunicator(application, f"/ws/table/{table.code}/", headers=headers)
        connected, _ = await socket.connect()
        assert not connected
        await socket.disconnect()
