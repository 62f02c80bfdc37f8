"""A member's "your move": the turn-based tables waiting on them (reads only).

Both read the ``move`` deadlines by player (the ``deadline_player_due`` index): the count
in the site header is one indexed ``COUNT``, the page one query with each table.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from datetime import datetime

from django.db.models import QuerySet

from games.tables.models import Player
from games.turns.models import Deadline


def _waiting_on(player: Player) -> QuerySet[Deadline]:
    return Deadline.objects.filter(player=player, kind=Deadline.Kind.MOVE)


def count(player: Player | None) -> int:
    """How many moves the member's turn-based tables wait for from them."""
    if player is None or player.is_guest:
        return 0
    return _waiting_on(player).count()


def count_for_member(user_id: int) -> int:
    """:func:`count` for the member with this user id, in one query (the site header's)."""
    return Deadline.objects.filter(player__user_id=user_id, kind=Deadline.Kind.MOVE).count()


@dataclass(frozen=True)
class Waiting:
    """One table waiting on the member: which, until when, and how long is left."""

    game_name: str
    code: str
    seat: int
    due: datetime
    seconds_left: float


def waiting(player: Player, now: float | None = None) -> list[Waiting]:
    """Every table waiting on ``player``, soonest deadline first."""
    at = time.time() if now is None else now
    rows = _waiting_on(player).select_related("table").order_by("due")
    return [
        Waiting(
            game_name=row.table.game_name,
            code=row.table.code,
            seat=row.seat or 0,
            due=row.due,
            seconds_left=max(0.0, row.due.timestamp() - at),
        )
        for row in rows
    ]
