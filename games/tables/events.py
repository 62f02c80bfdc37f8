"""What the write path tells the rest of the server: two Django signals, sent by the writers.

``games.tables.actions`` (and ``games.presence.leavers``) apply and record a change; they import none of
the modules that act on it. Those subscribe here, in ``GamesConfig.ready()``:

- :data:`table_changed`, sent **after the commit** of every change to a table (never for a
  rolled-back one): ``games.live.announce`` tells the table's sockets (the channel layer), and
  ``games.live.timers`` arms the server's next move for the game (a bot's turn, a deadline, a
  seat's take-over). Keyword arguments: ``table_id``; ``game``, the table's game as saved
  (``None`` when only the seats changed); ``seats``, the table's seats as read with the
  change (with ``present`` set on each; ``None`` if not read); ``announce``, false when
  only the timer needs re-arming (a seat was left without a socket, nothing shown changed).
- :data:`game_saved`, sent **inside the transaction** each time a game is saved, with the
  ``game`` and its ``before`` state: what must be written with the move or not at all
  (the league's results of a game that ended, ``games.leagues.online``), and ``acted``,
  the seats that moved in it (a server's time-out for a seat counts as that seat's move),
  ``at``, the moment of its last action (POSIX seconds; ``None`` if none was logged), and
  ``seats``, the table's seats as the move read them (``None`` when they changed since).
- :data:`game_started`, sent **inside the transaction** that starts a table's game, with
  the ``game``: a turn-based table's first move deadline is written with it (``games.turns``).
"""

from __future__ import annotations

import logging
from typing import Any

from django.db import transaction
from django.dispatch import Signal

logger = logging.getLogger(__name__)

table_changed = Signal()
game_saved = Signal()
game_started = Signal()


def group_name(table_id: int) -> str:
    """The Channels group of a table's sockets."""
    return f"table-{table_id}"


def after_commit(
    table_id: int, game: Any = None, seats: list[Any] | None = None, *, announce: bool = True
) -> None:
    """Send :data:`table_changed` once the current transaction commits (at once outside one).

    Each subscriber runs even if another fails (a push that cannot be sent must not keep
    the bots' timer from being armed); a failure is logged."""

    def send() -> None:
        answers = table_changed.send_robust(
            sender=type(game) if game is not None else None,
            table_id=table_id,
            game=game,
            seats=seats,
            announce=announce,
        )
        for receiver, answer in answers:
            if isinstance(answer, Exception):
                logger.error(
                    "After a change to table %s, %s failed",
                    table_id,
                    getattr(receiver, "__qualname__", receiver),
                    exc_info=answer,
                )

    transaction.on_commit(send)
