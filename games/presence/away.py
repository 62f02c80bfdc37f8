"""Who is away from a running game, since when, and which bots stand in (reads only).

A seat also counts as away once its clock ran out :data:`TIMEOUTS_BEFORE_STAND_IN` of its
turns in a row (:func:`out_of_time`): a bot takes it at once (``games.tables.actions``).

A seat counts as *away since* the later of: its last socket closing, the game's start,
the player's last logged action and their last retake of the seat (so a player who acts
over plain HTTP is present too); a seat with an open table socket is present. After the
table's away limit a bot takes an away seat (``games.tables.actions.stand_ins.take_over_due``); the
sockets themselves are kept by ``games.presence.leavers``.

The write path reads the table's seats with their presence in one query
(:func:`seats_with_presence`, written out in ``games.tables.statements``): a move at a table
where everyone has a socket open costs no further query to know that nobody is due to be
taken over; a seat without one costs one more, its signs of presence read together
(:func:`~games.tables.statements.signs_of_presence`).
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db.models import Max, QuerySet

from games.presence.models import AwayLimit, SeatConnection, StandIn
from games.registry import game_kind
from games.tables import statements
from games.tables.models import Game, Player, Seat, Table

# One statement, written out with the move's lock (games.tables.statements).
from games.tables.statements import seats_with_presence as seats_with_presence

DEFAULT_AWAY_SECONDS = 60
MIN_AWAY_SECONDS = 1
MAX_AWAY_SECONDS = 3600
# Moments are stored to the microsecond: a timer that fires "at the limit" must count.
DUE_TOLERANCE = 0.001
# A seat whose clock ran out this many of its turns in a row counts as away too: a bot
# takes it at once (the game counts them: ``Engine.timeouts``).
TIMEOUTS_BEFORE_STAND_IN = 2


def away_seconds(table: Table) -> int:
    """How long a seat may stay without its player before a bot takes it (read with the
    table when it was selected with ``away_limit``)."""
    try:
        return table.away_limit.seconds
    except AwayLimit.DoesNotExist:
        return DEFAULT_AWAY_SECONDS


def stand_in_level(table: Table) -> str:
    """The level of a stand-in bot: the table's bot level, else the game's weakest bot."""
    if table.bot_level:
        return table.bot_level
    return game_kind(table.game_name).engine.bot_levels()[0]


def out_of_time(engine: Any, state: dict[str, Any]) -> list[int]:
    """The seats whose clock ran out :data:`TIMEOUTS_BEFORE_STAND_IN` of their turns in a
    row (none in a game that counts no timeouts)."""
    counted = getattr(engine, "timeouts", None)
    if counted is None:
        return []
    return [seat for seat, count in enumerate(counted(state)) if count >= TIMEOUTS_BEFORE_STAND_IN]


def open_connections(seat_id: int, player_id: int | None) -> QuerySet[SeatConnection]:
    """The open table sockets of a seat's player (``player_id``: the seat's player now)."""
    return SeatConnection.objects.filter(seat_id=seat_id, player_id=player_id, closed__isnull=True)


def away_since(game: Game, seat: Seat, now: float, connected: bool | None = None) -> float | None:
    """Since when ``seat``'s player has been away from ``game``; ``None`` while present.

    The latest sign of the player: the game's start, their last logged action,
    their last retake of the seat, their last table socket closing. ``connected``
    says whether the player has a socket open, if the caller knows already.
    """
    if seat.player_id is None or game.is_finished:
        return None
    if connected:
        return None
    signs = statements.signs_of_presence(game.pk, seat)  # one statement
    if connected is None and signs.connected:
        return None
    moments = [m.timestamp() for m in (signs.last_retake, signs.last_close) if m is not None]
    if signs.last_action is not None:
        moments.append(signs.last_action)
    return max([game.created.timestamp(), *moments])


def seats_and_presence(game: Game, seats: list[Seat] | None = None) -> list[tuple[Seat, bool]]:
    """The game's seats that have a player, each with whether that player has a socket open.

    ``seats`` as read by :func:`seats_with_presence` cost nothing more; other seats cost
    one query for the table's open sockets (two if none are given)."""
    if seats is None:
        seats = seats_with_presence(game.table_id)
    humans = [seat for seat in seats if seat.player_id is not None]
    if all(hasattr(seat, "present") for seat in humans):
        return [(seat, seat.present) for seat in humans]
    open_sockets = set(
        SeatConnection.objects.filter(
            seat__table_id=game.table_id, closed__isnull=True
        ).values_list("seat_id", "player_id")
    )
    return [(seat, (seat.pk, seat.player_id) in open_sockets) for seat in humans]


def seconds_until_takeover(game: Game, now: float, seats: list[Seat] | None = None) -> float | None:
    """Seconds until the next away seat of ``game`` is due for a bot (0 if overdue).

    ``seats``: the table's seats if the caller has just read them.
    """
    if game.is_finished:
        return None
    waits = []
    limit: int | None = None  # read only when someone is away
    for seat, connected in seats_and_presence(game, seats):
        since = away_since(game, seat, now, connected)
        if since is not None:
            limit = away_seconds(game.table) if limit is None else limit
            waits.append(max(0.0, since + limit - now))
    return min(waits) if waits else None


def unattended_seconds() -> float:
    """How long a lobby table plays on with no human at it before it stops
    (``settings.TABLE_UNATTENDED_MINUTES``)."""
    return float(getattr(settings, "TABLE_UNATTENDED_MINUTES", 10)) * 60


def unattended_since(game: Game, now: float, seats: list[Seat] | None = None) -> float | None:
    """Since when nobody has played at a table a client opened from the lobby: no seat's
    player has a table socket open, and the latest sign of one (a seat's player acting, a
    socket closing, a bot standing in for a player who went) is that old. ``None`` while
    someone is there, and for the club's own tables (demo, league, club night), which play
    on by design.

    ``seats`` as :func:`seats_with_presence` reads them: a table with a player present costs
    no query; one without costs a statement per seat with a player, and one more."""
    if not game.table.created_session or game.is_finished:
        return None
    present = seats_and_presence(game, seats)
    if any(connected for _seat, connected in present):
        return None
    moments = [away_since(game, seat, now, False) or now for seat, _connected in present]
    stood_in = StandIn.objects.filter(game=game).aggregate(latest=Max("started"))["latest"]
    if stood_in is not None:
        moments.append(stood_in.timestamp())
    return max([game.created.timestamp(), *moments])


def stopped_unattended(game: Game, now: float, seats: list[Seat] | None = None) -> bool:
    """Whether a lobby table has had nobody at it for :func:`unattended_seconds`: its bots
    stop (the server arms no move for it, nor at a restart) until a player is back."""
    since = unattended_since(game, now, seats)
    return since is not None and now - since >= unattended_seconds()


def active_stand_ins(game: Game) -> dict[int, StandIn]:
    """Seat number -> the bot now playing it for an away player (one written-out
    statement, ``games.tables.statements``: read by every push at a table with a stand-in)."""
    return {s.seat_number: s for s in statements.active_stand_ins(game.pk)}


def finished_by_bot(game: Game) -> dict[int, Player]:
    """Seat number -> the player for whom a bot finished ``game``."""
    return {
        s.seat_number: s.player
        for s in StandIn.objects.filter(game=game, finished_game=True).select_related("player")
    }


def games_finished_by_bot(player: Player) -> QuerySet[Game]:
    """The games a bot finished for ``player`` (what leagues may want to flag)."""
    return Game.objects.filter(stand_ins__player=player, stand_ins__finished_game=True).distinct()
