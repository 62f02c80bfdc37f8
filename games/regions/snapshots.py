"""A table as it stands after one change, read from the database once.

Every region of a table is rendered from a :class:`TableSnapshot`: the table, its
seats and their players, the current game, the shuffle commitment, the bots
standing in for away players and the away limit. Reading them costs three queries;
rendering four seats' sockets and a spectator's from one snapshot costs those
three once instead of five times over.

After a change the table's Channels group hears a *change id* (``games.live.announce``).
Every socket of this process that hears the same change renders from the same
snapshot (:func:`for_change`), and every socket of the same viewer in the same
language is sent the same regions (:func:`pushed_regions` in ``games.regions.rendering``).
A change id is made once per announcement, so nothing read for one change is ever
shown for another: a seat taken over by a bot, a player who sat down or a game that
moved on is a new change with a new id.
"""

from __future__ import annotations

import weakref
from functools import cached_property
from typing import Any

from games.presence import away
from games.presence.models import StandIn
from games.regions.recent import Recent
from games.tables import statements
from games.tables.models import Game, Player, Seat, Table
from games.trust.models import ShuffleCommitment
from games.turns.models import Deadline

# Changes remembered per process: a change is pushed within milliseconds of its
# announcement, so only the latest few dozen (all tables together) are ever asked for.
REMEMBERED_CHANGES = 64
# ... and each for this many seconds after it was last put or asked for. A busy night fills
# the 64 in about a second; a quiet one would otherwise keep its last 64 moves, each with
# its game's parsed state (some 55 kB) and the regions rendered from it, for as long as
# nobody moves. A push comes within milliseconds (p99 under 250 ms at 200 tables): a socket later
# than this reads the change from the database, as it would after 64 other changes.
CHANGE_SECONDS = 5.0
# Tables whose shuffle commitment is remembered (a small tuple each).
REMEMBERED_COMMITMENTS = 256


class TableSnapshot:
    """The table, its seats and its current game, read once; the trust panel's parts
    (commitment, stand-ins, away limit) are read when first asked for, so an answer
    that shows only the prompt and the hand never reads them."""

    def __init__(self, table: Table, seats: list[Seat], game: Game | None) -> None:
        self.table, self.seats, self.game = table, seats, game
        self._shared: dict[str, dict[Any, Any]] = {}
        self.change: str | None = None  # the change id it was remembered under (``remember``)

    def shared_regions(self, language: str) -> dict[Any, Any]:
        """What every viewer of this snapshot shares in ``language``: the regions every
        viewer of a kind is sent (``games.regions.rendering.SHARED_REGIONS``), and a game's
        worded parts of them (e.g. Dragon Formula's log lines, under its own key)."""
        return self._shared.setdefault(language, {})

    def seat_of(self, player: Player | None) -> int | None:
        """The seat ``player`` holds at the table; ``None`` for a spectator."""
        if player is None:
            return None
        return next((s.number for s in self.seats if s.player_id == player.pk), None)

    @cached_property
    def commitment(self) -> ShuffleCommitment | None:
        if self.game is None:
            return None
        try:
            return self.game.shuffle_commitment  # read with the game, or now
        except ShuffleCommitment.DoesNotExist:
            return None

    @cached_property
    def move_deadlines(self) -> dict[int, float]:
        """A turn-based game's move deadlines: seat number -> due (POSIX seconds); read
        once per snapshot, and only at a turn-based table (a live one has none)."""
        if self.game is None or self.game.is_finished or not self.table.is_turn_based:
            return {}
        known = getattr(self.game, "move_deadlines", None)  # written with the move just saved
        if known is not None:
            return dict(known)
        rows = Deadline.objects.filter(game_id=self.game.pk, kind=Deadline.Kind.MOVE)
        return {row.seat: row.due.timestamp() for row in rows}

    @cached_property
    def stand_in_history(self) -> list[StandIn]:
        """Every bot that has stood in during the game, in the order they came (the log
        credits their moves to them, ``games.presence.at_the_table``): read only where a seat has had
        one (the seats say so, ``statements.seats_with_presence``)."""
        game = self.game
        if game is None or not any(getattr(s, "stood_in", True) for s in self.seats):
            return []
        return statements.game_stand_ins(game.pk)

    @cached_property
    def stand_ins(self) -> dict[int, StandIn]:
        """Seat number -> the bot playing it for an away player."""
        game = self.game
        # A bot standing in for an away player holds the seat (``leavers``): a table
        # where no seat has a bot has no stand-ins to look up.
        if game is None or game.is_finished or not any(s.bot_level for s in self.seats):
            return {}
        return {s.seat_number: s for s in self.stand_in_history if s.ended is None}

    @cached_property
    def away_seconds(self) -> int:
        return away.away_seconds(self.table)

    def read_whole(self) -> None:
        """Read now what the regions read when first asked (the trust panel's parts), so
        that rendering this snapshot reads nothing more (:func:`renders_without_queries`).

        The stand-ins are read only at a table with a human seat (free where no seat has
        a bot): a table of bots alone is seldom watched, and its moves stay one query less.
        """
        self.commitment, self.away_seconds  # noqa: B018 - cached on first read
        if any(s.player_id for s in self.seats) or not any(s.bot_level for s in self.seats):
            self.stand_ins, self.stand_in_history  # noqa: B018

    @property
    def whole(self) -> bool:
        """Whether every region renders from what this snapshot already holds: a running
        game whose trust panel parts are read (a finished game's panel names its players,
        read when it is shown)."""
        game = self.game
        return (
            game is not None
            and not game.is_finished
            and all(
                part in self.__dict__
                for part in ("commitment", "stand_ins", "stand_in_history", "away_seconds")
            )
        )


def read(
    table: Table | int, game: Game | None = None, seats: list[Seat] | None = None
) -> TableSnapshot:
    """The table now; ``game`` is its current game as the caller holds it (just saved,
    with its table), and ``seats`` its seats as read with it, which saves reading them again.

    Two written-out statements for a push (``games.tables.statements``: the newest game with its
    table, away limit and commitment, as the move's lock reads them; the seats with their
    players and presence, as the move reads them), one more for a table with no game yet;
    one for an action's answer, none when the writer read the seats.
    """
    if game is not None:
        fresh = game.table  # read with the game (``services`` locks them together)
    else:
        table_id = table if isinstance(table, int) else table.pk
        game = statements.current_game(table_id)
        if game is not None:
            fresh = game.table
        else:  # a table still open: nobody has started it
            fresh = Table.objects.select_related("away_limit").get(pk=table_id)
    if seats is None:
        seats = statements.seats_with_presence(fresh.pk)
    return TableSnapshot(fresh, seats, game)


# The changes this process remembers: (table id, change id) -> TableSnapshot.
recent_changes = Recent(REMEMBERED_CHANGES, CHANGE_SECONDS)
# A game's shuffle commitment is made at its start and never changes: the last one
# shown at each table saves reading it at every move. Table id -> (game's identity,
# commitment alone).
_commitments = Recent(REMEMBERED_COMMITMENTS)


def remember(change: str, game: Game, seats: list[Seat] | None = None) -> TableSnapshot:
    """The table just after ``game`` was saved (its table, and ``seats`` as read with the
    change, else read now), kept for the sockets of this process that will hear of
    ``change``; the saved game holds it too (:func:`announced`), for the answer to the
    move that caused it."""
    snapshot = _kept(change, read(game.table_id, game, seats))
    # Weakly: the snapshot holds the game, and a game holding it back would make the pair a
    # cycle that only the collector frees; the answer comes while the snapshot is remembered.
    game._announced_snapshot = weakref.ref(snapshot)  # type: ignore[attr-defined]
    return snapshot


def _kept(change: str, snapshot: TableSnapshot) -> TableSnapshot:
    """``snapshot`` read whole and remembered under ``change``: here, in the reader's
    thread, so that the sockets render it on the event loop."""
    _carry_commitment(snapshot)
    snapshot.read_whole()
    snapshot.change = change
    recent_changes.put((snapshot.table.pk, change), snapshot)
    return snapshot


def remember_again(change: str, snapshot: TableSnapshot) -> None:
    """Keep ``snapshot`` (already read whole) under another ``change`` too: the table has
    not moved, only something a viewer is shown of it is ready (a hint worked out)."""
    recent_changes.put((snapshot.table.pk, change), snapshot)


def announced(game: Game) -> TableSnapshot | None:
    """The snapshot :func:`remember` made of ``game`` after its last save, if any (and
    still remembered)."""
    kept = getattr(game, "_announced_snapshot", None)
    return kept() if kept is not None else None


def for_change(table_id: int, change: str) -> TableSnapshot:
    """The table after ``change``: as this process saved it, or read whole by the first
    socket that heard of it (a change another process made, or one announced without a
    snapshot), once for every socket of this process; their regions then render without
    a query, on the event loop (:func:`renders_without_queries`).

    If the table has changed again before a read, it shows the later state a little
    early; the later change's own push then finds nothing new to send.
    """
    snapshot = recent_changes.get((table_id, change))
    if snapshot is None:
        snapshot = _kept(change, read(table_id))
    return snapshot


def renders_without_queries(table_id: int, change: str) -> bool:
    """Whether the table after ``change`` is held whole by this process (it made the change):
    its regions then render without reading the database, on the event loop."""
    snapshot = recent_changes.get((table_id, change))
    return snapshot is not None and snapshot.whole


def _carry_commitment(snapshot: TableSnapshot) -> None:
    game = snapshot.game
    if game is None:
        return
    identity = (game.pk, game.created, game.seed)  # a pk alone may come back (tests' rollbacks)
    known = _commitments.get(game.table_id)
    if known is not None and known[0] == identity:
        snapshot.__dict__["commitment"] = known[1]  # what the cached_property would read
        return
    _commitments.put(game.table_id, (identity, _alone(snapshot.commitment)))


def _alone(commitment: ShuffleCommitment | None) -> ShuffleCommitment | None:
    """``commitment``'s own values, without the game it may hold (what :data:`_commitments`
    keeps: a game held there would keep its snapshots and their rendered regions)."""
    if commitment is None:
        return None
    fields = ShuffleCommitment._meta.concrete_fields
    return ShuffleCommitment(
        **{field.attname: getattr(commitment, field.attname) for field in fields}
    )
