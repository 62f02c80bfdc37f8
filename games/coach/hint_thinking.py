"""Hints that take the coach's thinking, thought off the move's path and pushed when ready.

A game's hint may be the strong bot's own answer (Dragon Formula's Pick hint: its
presenters' ``HINT_THOUGHTS``), tens of milliseconds of play-outs. Worked out while a
move's pushes render, it would make every move of a table with hints on cost that
much. Instead, after a change (and when a socket opens) the hints its hinted seats are
asked for and nobody has worked out are thought in the bot-thinking workers
(``games.coach.bot_thinking``, shared fairly between clients); meanwhile the seat's hint
says the coach is thinking. When one is ready, the table's group hears it
(``table.hint``: the hint as plain data, and the player it is for) and every process
remembers it (the presenters' ``HINT_HEARD``); that player's sockets alone render the
table again and are sent what changed (the hints region). If the game has moved on,
nothing is pushed.

Without a server loop (a script, a test's client) the hint is worked out where it is asked.
"""

from __future__ import annotations

import asyncio
import logging
import uuid
from typing import Any

from games.coach import bot_thinking
from games.live import server_loop
from games.regions import snapshots
from games.registry import game_kind
from games.tables.events import group_name

logger = logging.getLogger(__name__)

MESSAGE = "table.hint"

_under_way: set[str] = set()  # the hints' keys being thought (on the server loop)


def think_after(snapshot: snapshots.TableSnapshot) -> None:
    """Start the thoughts the hinted seats of the table as ``snapshot`` has it are asked
    for (none when the game has no such hints, no seat has hints on, or all are known)."""
    game = snapshot.game
    if game is None or game.is_finished:
        return
    presenters = game_kind(game.game_name).presenters
    wanted = presenters.HINT_THOUGHTS
    hinted = {s.number: s.player_id for s in snapshot.seats if s.hints and s.player_id}
    if wanted is None or not hinted:
        return
    thoughts = wanted(game_kind(game.game_name).engine, game.state, sorted(hinted), game.pk)
    if not thoughts:
        return
    heard = presenters.HINT_HEARD
    if not server_loop.run_soon(lambda: _think(snapshot, thoughts, hinted)):
        for thought in thoughts:  # no loop to think on: here and now
            heard(thought.key, thought.work(*thought.args))


async def _think(snapshot: snapshots.TableSnapshot, thoughts: list[Any], hinted: dict) -> None:
    game = snapshot.game
    table = snapshot.table
    queue = bot_thinking.thinking()
    client = bot_thinking.client_of(table)

    async def one(thought: Any) -> None:
        try:
            data = await queue.think(client, table.pk, thought.work, *thought.args)
        except Exception:
            logger.exception("The hint for seat %s of game %s failed", thought.seat, game.pk)
            return
        finally:
            _under_way.discard(thought.key)
        game_kind(game.game_name).presenters.HINT_HEARD(thought.key, data)
        change = uuid.uuid4().hex
        snapshots.remember_again(change, snapshot)
        message = {
            "type": MESSAGE,
            "table": table.pk,
            "game": game.pk,
            "version": game.version,
            "change": change,
            "game_name": game.game_name,
            "players": [hinted[thought.seat]],
            "hints": [[thought.key, data]],
        }
        server_loop.group_send(group_name(table.pk), message)

    fresh = [thought for thought in thoughts if thought.key not in _under_way]
    _under_way.update(thought.key for thought in fresh)
    await asyncio.gather(*(one(thought) for thought in fresh))


def heard(event: dict[str, Any]) -> None:
    """Remember the hints a ``table.hint`` message carries (in every process that hears it)."""
    presenters = game_kind(event["game_name"]).presenters
    for key, data in event.get("hints", []):
        presenters.HINT_HEARD(key, data)
