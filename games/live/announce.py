"""Telling a table's sockets that it changed: a subscriber of ``games.tables.events``.

After every committed change, the table is remembered as it now stands under a new
*change id* (``games.regions.snapshots.remember``: the seats read with the change, no query) and
the table's Channels group hears "table N has changed (to version V)". Every socket of
this process that hears the change renders from that one snapshot
(``games.regions.snapshots.for_change``); another process reads the table once for all of its
sockets.
"""

from __future__ import annotations

import uuid
from typing import Any

from games.coach import hint_thinking
from games.live import server_loop
from games.regions import snapshots
from games.tables.events import group_name


def tell_sockets(
    sender: Any, table_id: int, game: Any, seats: Any, announce: bool, **_: Any
) -> None:
    """The ``table_changed`` subscriber: remember the table and tell its sockets."""
    if not announce:
        return
    change = uuid.uuid4().hex
    if game is not None:
        snapshot = snapshots.remember(change, game, seats)
        hint_thinking.think_after(snapshot)  # a hinted seat's coach thinks off this path
    notify(table_id, game.pk if game is not None else None, getattr(game, "version", None), change)


def notify(
    table_id: int, game_id: int | None, version: int | None, change: str | None = None
) -> None:
    """Send "table N has changed (to version V)" to the table's Channels group.

    The message's ``change`` id is new for every announcement (``change`` when the
    caller has remembered the table under it): the sockets that hear it share one
    reading of the table (``games.regions.snapshots.for_change``).
    """
    message = {
        "type": "table.changed",
        "table": table_id,
        "game": game_id,
        "version": version,
        "change": change or uuid.uuid4().hex,
    }

    server_loop.group_send(group_name(table_id), message)
