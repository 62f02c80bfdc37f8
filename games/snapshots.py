"""A table as it stands after one change, read from the database once.

Every region of a table is rendered from a :class:`TableSnapshot`: the table, its
seats and their players, the current game, the shuffle commitment, the bots
standing in for away players and the away limit. Reading them costs six queries;
rendering four seats' sockets and a spectator's from one snapshot costs those six
once instead of five times over.

After a change the table's Channels group hears a *change id* (``services.notify``).
Every socket of this process that hears the same change renders from the same
snapshot (:func:`for_change`), and every socket of the same viewer in the same
language is sent the same regions (:func:`pushed_regions` in ``games.rendering``).
A change id is made once per announcement, so nothing read for one change is ever
shown for another: a seat taken over by a bot, a player who sat down or a game that
moved on is a new change with a new id.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from games import leavers, selectors
from games.models import Game, Player, Seat, ShuffleCommitment, StandIn, Table

# Changes remembered per process: a change is pushed within milliseconds of its
# announcement, so only the latest few hundred (all tables together) are ever asked for.
REMEMBERED_CHANGES = 256


@dataclass(frozen=True)
class TableSnapshot:
    table: Table
    seats: list[Seat]
    game: Game | None
    commitment: ShuffleCommitment | None
    stand_ins: dict[int, StandIn]
    away_seconds: int

    def seat_of(self, player: Player | None) -> int | None:
        """The seat ``player`` holds at the table; ``None`` for a spectator."""
        if player is None:
            return None
        return next((s.number for s in self.seats if s.player_id == player.pk), None)


def read(table: Table | int, game: Game | None = None) -> TableSnapshot:
    """The table now (``game``: its current game as the caller holds it, e.g. locked)."""
    table_id = table if isinstance(table, int) else table.pk
    fresh = Table.objects.get(pk=table_id)
    if game is None:
        game = selectors.current_game(fresh)
    running = game is not None and not game.is_finished
    if game is not None:
        game.table = fresh
    return TableSnapshot(
        table=fresh,
        seats=selectors.seats(fresh),
        game=game,
        commitment=ShuffleCommitment.objects.filter(game=game).first() if game else None,
        stand_ins=leavers.active_stand_ins(game) if running else {},
        away_seconds=leavers.away_seconds(fresh),
    )


@lru_cache(maxsize=REMEMBERED_CHANGES)
def for_change(table_id: int, change: str) -> TableSnapshot:
    """The table after ``change``, read when the first socket that heard of it asks.

    If the table has changed again meanwhile, this shows the later state a little
    early; the later change's own push then finds nothing new to send.
    """
    return read(table_id)
