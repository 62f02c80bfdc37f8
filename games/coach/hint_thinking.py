"""Hints that take the coach's thinking, thought off the move's path and pushed when ready.

A game's hint may be the strong bot's own answer (Dragon Formula's Pick hint: its
presenters' ``HINT_THOUGHTS``), tens of milliseconds of play-outs. Worked out while a
move's pushes render, it would make every move of a table with hints on cost that
much. Instead, after a change (and when a socket opens) the hints its hinted seats are
asked for and nobody has worked out are thought in the bot-thinking workers
(``games.coach.bot_thinking``, shared fairly between clients); meanwhile the seat's hint
says the coach is thinking. A thought whose question has gone by before a worker is free
for it (the seat answered, the window closed: the presenters' ``HINT_STILL_WANTED``, asked
of the table's latest state this process announced) is dropped unthought. When one is ready, the table's group hears it
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
from collections import OrderedDict
from typing import Any

from games.coach import bot_thinking
from games.live import server_loop
from games.regions import snapshots
from games.registry import game_kind
from games.tables.events import group_name

logger = logging.getLogger(__name__)

MESSAGE = "table.hint"

_under_way: set[str] = set()  # the hints' keys being thought (on the server loop)
# Each table as this process last announced it (while a game is under way): what a waiting
# thought is checked against, and what a hint ready is shown on.
_latest: OrderedDict[int, snapshots.TableSnapshot] = OrderedDict()
REMEMBERED_TABLES = 256


def think_after(snapshot: snapshots.TableSnapshot) -> None:
    """Start the thoughts the hinted seats of the table as ``snapshot`` has it are asked
    for (none when the game has no such hints, no seat has hints on, or all are known)."""
    game = snapshot.game
    _note_latest(snapshot)
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


def _note_latest(snapshot: snapshots.TableSnapshot) -> None:
    """Remember the table's game as ``snapshot`` has it, unless a later move is known."""
    table_id, game = snapshot.table.pk, snapshot.game
    if game is None or game.is_finished:
        _latest.pop(table_id, None)
        return
    known = _latest.get(table_id)
    if known is not None and _same_game(known, snapshot) and known.game.version > game.version:
        return  # two moves announced out of order: the later one stays
    _latest[table_id] = snapshot
    _latest.move_to_end(table_id)
    while len(_latest) > REMEMBERED_TABLES:
        _latest.popitem(last=False)


def _same_game(one: snapshots.TableSnapshot, other: snapshots.TableSnapshot) -> bool:
    """Whether both are of one game (its id and when it was made: an id alone may come
    back, as a test's database is emptied between tests)."""
    a, b = one.game, other.game
    return a is not None and b is not None and (a.pk, a.created) == (b.pk, b.created)


def still_wanted(table_id: int, game_name: str, thought: Any) -> bool:
    """Whether ``thought`` still answers a question its seat is asked at the table as this
    process last announced it (always, for a game that does not say)."""
    wanted = game_kind(game_name).presenters.HINT_STILL_WANTED
    latest = _latest.get(table_id)
    if wanted is None or latest is None or latest.game is None:
        return True
    return wanted(latest.game.state, thought)


def _shown_on(snapshot: snapshots.TableSnapshot) -> snapshots.TableSnapshot:
    """The table a hint ready is shown on: as last announced, if still the same game (the
    other seats may have answered meanwhile: a frame of the older table would be dropped as
    out of date), else as it was asked."""
    latest = _latest.get(snapshot.table.pk)
    if latest is None or not _same_game(latest, snapshot):
        return snapshot
    return latest if latest.game.version > snapshot.game.version else snapshot


async def _think(snapshot: snapshots.TableSnapshot, thoughts: list[Any], hinted: dict) -> None:
    game = snapshot.game
    table = snapshot.table
    queue = bot_thinking.thinking()
    client = bot_thinking.client_of(table)

    async def one(thought: Any) -> None:
        def wanted() -> bool:
            return still_wanted(table.pk, game.game_name, thought)

        try:
            data = await queue.think(client, table.pk, thought.work, *thought.args, wanted=wanted)
        except asyncio.CancelledError:
            return  # its question went by before a worker was free: nothing to push
        except Exception:
            logger.exception("The hint for seat %s of game %s failed", thought.seat, game.pk)
            return
        finally:
            _under_way.discard(thought.key)
        game_kind(game.game_name).presenters.HINT_HEARD(thought.key, data)
        change = uuid.uuid4().hex
        shown = _shown_on(snapshot)
        snapshots.remember_again(change, shown)
        message = {
            "type": MESSAGE,
            "table": table.pk,
            "game": game.pk,
            "version": shown.game.version,
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
