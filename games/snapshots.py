"""A table as it stands after one change, read from the database once.

Every region of a table is rendered from a :class:`TableSnapshot`: the table, its
seats and their players, the current game, the shuffle commitment, the bots
standing in for away players and the away limit. Reading them costs three or four
queries; rendering four seats' sockets and a spectator's from one snapshot costs
those once instead of five times over.

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
from games.models import AwayLimit, Game, Player, Seat, ShuffleCommitment, StandIn, Table

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
    """The table now (``game``: its current game as the caller holds it, e.g. locked).

    Three queries for a table of people (the table with its away limit, the game with
    its commitment, the seats with their players), a fourth where a bot holds a seat.
    """
    table_id = table if isinstance(table, int) else table.pk
    fresh = Table.objects.select_related("away_limit").get(pk=table_id)
    if game is None:
        game = fresh.games.select_related("shuffle_commitment").order_by("-created", "-pk").first()
    seats = selectors.seats(fresh)
    if game is not None:
        game.table = fresh
    running = game is not None and not game.is_finished
    # A bot standing in for an away player holds the seat (``leavers``): a table where
    # no seat has a bot has no stand-ins to look up.
    standing_in = running and any(seat.bot_level for seat in seats)
    return TableSnapshot(
        table=fresh,
        seats=seats,
        game=game,
        commitment=_commitment(game),
        stand_ins=leavers.active_stand_ins(game) if standing_in else {},
        away_seconds=_away_seconds(fresh),
    )


def _commitment(game: Game | None) -> ShuffleCommitment | None:
    if game is None:
        return None
    try:
        return game.shuffle_commitment  # read with the game, or now
    except ShuffleCommitment.DoesNotExist:
        return None


def _away_seconds(table: Table) -> int:
    try:
        return table.away_limit.seconds
    except AwayLimit.DoesNotExist:
        return leavers.DEFAULT_AWAY_SECONDS


@lru_cache(maxsize=REMEMBERED_CHANGES)
def for_change(table_id: int, change: str) -> TableSnapshot:
    """The table after ``change``, read when the first socket that heard of it asks.

    If the table has changed again meanwhile, this shows the later state a little
    early; the later change's own push then finds nothing new to send.
    """
    return read(table_id)
