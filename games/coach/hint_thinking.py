"""Hints that take the coach's thinking, thought off the move's path and pushed when ready.

A game's hint may be the strong bot's own answer (Dragon Formula's Pick hint: its
presenters' ``HINT_THOUGHTS``), tens of milliseconds of play-outs. Worked out while a
move's pushes render, it would make every move of a table with hints on cost that
much. Instead, after a change (and when a socket opens) the hints its hinted seats are
asked for and nobody has worked out are thought in the bot-thinking workers
(``games.coach.bot_thinking``, shared fairly between clients); meanwhile the seat's hint
says the coach is thinking. A thought whose question has gone by before a worker is free
for it (the seat answered, the window closed: the presenters' ``HINT_STILL_WANTED``, asked
of the table's latest state this process announced) is dropped unthought.

When one is ready, the table's group hears it (``table.hint``: the hint as plain data, the
player it is for, and the change the table was last announced with) and every process
remembers it (the presenters' ``HINT_HEARD``); that player's sockets alone render the
regions a hint changes (the presenters' ``HINT_REGIONS``) on the table as it now stands,
and are sent what changed. If another game has started meanwhile, nothing is pushed.

Without a server loop (a script, a test's client) the hint is worked out where it is asked.
"""

from __future__ import annotations

import asyncio
import logging
import uuid
import weakref
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from games.coach import bot_thinking
from games.live import server_loop
from games.regions import snapshots
from games.registry import game_kind
from games.tables.events import group_name

logger = logging.getLogger(__name__)

MESSAGE = "table.hint"

_under_way: set[str] = set()  # the hints' keys being thought (on the server loop)


@dataclass(frozen=True)
class _Latest:
    """A table's game as this process last announced it: which game (its id and when it was
    made: an id alone may come back, as a test's database is emptied between tests), its
    version and state (what a waiting thought is checked against), and the snapshot it was
    announced with while anything else still holds it (what a hint ready is shown on; the
    snapshot carries the rendered regions, too much to keep for every table)."""

    game: tuple[int, Any]
    version: int
    state: dict[str, Any] | None  # None: the game has ended (no question is asked in it)
    snapshot: weakref.ref[snapshots.TableSnapshot] | None


# Each table whose game is under way, or has just ended, as this process last announced it.
_latest: OrderedDict[int, _Latest] = OrderedDict()
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
    if game is None:
        _latest.pop(table_id, None)
        return
    known = _latest.get(table_id)
    if known is not None and known.game == _identity(game) and known.version > game.version:
        return  # two moves announced out of order: the later one stays
    if game.is_finished:  # only that it has ended: a thought still waiting for it is dropped
        _latest[table_id] = _Latest(_identity(game), game.version, None, None)
    else:
        _latest[table_id] = _Latest(
            _identity(game), game.version, game.state, weakref.ref(snapshot)
        )
    _latest.move_to_end(table_id)
    while len(_latest) > REMEMBERED_TABLES:
        _latest.popitem(last=False)


def _identity(game: Any) -> tuple[int, Any]:
    return (game.pk, game.created)


def still_wanted(table_id: int, game: Any, thought: Any) -> bool:
    """Whether ``thought``, asked in ``game``, still answers a question its seat is asked at
    the table as this process last announced it: not once the game has ended or another
    has started there; else as the game says (always, for a game that does not say, or a
    table this process has not announced: another process saved its moves)."""
    latest = _latest.get(table_id)
    if latest is None:
        return True
    if latest.game != _identity(game) or latest.state is None:
        return False
    wanted = game_kind(game.game_name).presenters.HINT_STILL_WANTED
    return wanted is None or wanted(latest.state, thought)


def _shown_on(snapshot: snapshots.TableSnapshot) -> snapshots.TableSnapshot | None:
    """The table a hint ready is shown on: as it was asked, unless the same game has moved
    on since (the other seats answered meanwhile: a frame of the older table would be
    dropped as out of date); then as last announced, or ``None`` when that snapshot is
    gone (the sockets read the table as it stands)."""
    latest = _latest.get(snapshot.table.pk)
    game = snapshot.game
    if latest is None or game is None or latest.game != _identity(game):
        return snapshot
    if latest.version <= game.version:
        return snapshot
    return latest.snapshot() if latest.snapshot is not None else None


async def _think(snapshot: snapshots.TableSnapshot, thoughts: list[Any], hinted: dict) -> None:
    game = snapshot.game
    table = snapshot.table
    queue = bot_thinking.thinking()
    client = bot_thinking.client_of(table)

    async def one(thought: Any) -> None:
        def wanted() -> bool:
            return still_wanted(table.pk, game, thought)

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
        shown = _shown_on(snapshot)
        if shown is not None and shown.change is not None:
            # The change the table was announced with: its sockets render the hints from
            # the snapshot this process already holds, and no other change's is pushed out
            # of the remembered ones (a new id for every hint did, at 150 tables).
            change = shown.change
            snapshots.remember_again(change, shown)
        else:
            change = uuid.uuid4().hex  # read afresh by the sockets that hear it
        message = {
            "type": MESSAGE,
            "table": table.pk,
            "game": game.pk,
            "version": None if shown is None else shown.game.version,
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
