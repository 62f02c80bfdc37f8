"""Plays the turn-based deadlines that are due, each once, in whichever process finds it.

:func:`run_due` reads the due :class:`~games.turns.models.Deadline` rows (one indexed
query) and plays each game's earliest in a transaction of its own:

1. the game's row is locked with ``SELECT … FOR UPDATE SKIP LOCKED``
   (``select_for_update(skip_locked=True)``): a game another process is playing, or a
   player is moving, is skipped now and looked at again on the next round;
2. its due deadline is read again under that lock: a deadline the other process played
   is gone (deleted with its move, in the same transaction), so it is never played twice;
3. the move is played through the table's one writer (``games.tables.actions``: a seat's
   ``time_out``, or ``advance`` for a bot's move and the game's own deadline), which
   writes the game's next deadlines with it (``games.turns.deadlines``).

On SQLite, which has no row locks, ``select_for_update`` is a no-op and a transaction
suffices: the settings begin each with ``BEGIN IMMEDIATE``, which takes the database's one
write lock, so the second process's transaction waits for the first's to commit and then
finds the deadline gone. Nothing is kept in memory, so a restart loses
nothing; a serving process runs :func:`run_due` every :data:`POLL_SECONDS`
(``games.live.timers``), and ``manage.py run_deadlines`` runs it on its own.
"""

from __future__ import annotations

import logging
import time
from datetime import UTC, datetime

from django.db import transaction

from games.tables.actions import playing as table_playing
from games.tables.actions.refused import ActionRefused
from games.tables.models import Game
from games.turns import deadlines, notices
from games.turns.models import Deadline, Notice

logger = logging.getLogger(__name__)

POLL_SECONDS = 1.0
BATCH = 500  # due deadlines read per round (a round plays them all before the next read)


def run_due(now: float | None = None, batch: int = BATCH) -> int:
    """Play every deadline due at ``now`` (each game's in order); how many were played."""
    played = 0
    while True:
        at = time.time() if now is None else now
        due = list(
            Deadline.objects.filter(due__lte=datetime.fromtimestamp(at, tz=UTC))
            .order_by("due")
            .values_list("game_id", flat=True)[:batch]
        )
        if not due:
            return played
        moved = 0
        for game_id in dict.fromkeys(due):  # each game once a round, earliest first
            try:
                moved += play_next(game_id, at)
            except Exception:  # one broken game must not keep every other table waiting
                logger.exception("The deadline of game %s could not be played", game_id)
        played += moved
        if not moved:
            return played  # the rest are another process's now


def play_next(game_id: int, now: float) -> int:
    """Play ``game_id``'s earliest due deadline, if this process is the one to (1), else 0."""
    at = datetime.fromtimestamp(now, tz=UTC)
    with transaction.atomic():
        game = (
            Game.objects.select_for_update(skip_locked=True, of=("self",))
            .select_related("table")
            .filter(pk=game_id)
            .first()
        )
        if game is None:
            return 0  # being played by another process (or gone)
        deadline = (
            Deadline.objects.select_for_update(skip_locked=True)
            .filter(game=game, due__lte=at)
            .order_by("due")
            .first()
        )
        if deadline is None:
            return 0  # another process played it
        if deadline.kind == Deadline.Kind.REMIND:  # a message, not a move
            notices.queue(deadline.player_id, game.table_id, Notice.Kind.TWELVE_HOURS, now)
            deadline.delete()
            return 1
        version = game.version
        try:
            if deadline.kind == Deadline.Kind.MOVE:
                moved = table_playing.time_out(game, deadline.seat, now)
            else:
                moved = table_playing.advance(game.pk, version, now) or game
        except ActionRefused as refusal:  # nothing due from that seat any more
            logger.info("Deadline %s was stale: %s", deadline, refusal.message)
            moved = game
        if moved.version == version:
            # Nothing moved (a seat changed hands meanwhile): the rows follow the state.
            Deadline.objects.filter(pk=deadline.pk).delete()
            deadlines.sync(game, now, set())
    return 1
