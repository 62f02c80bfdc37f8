"""Leavers: a table never stalls because someone walked away.

A seated human who leaves the table, or has no open table page for longer than
the table's limit (:data:`DEFAULT_AWAY_SECONDS` unless the table sets another),
is replaced by a bot of the table's level: the seat becomes a bot seat (so the
server's timers play it like any bot and the seat shows a bot), and a
:class:`~games.models.StandIn` remembers whose seat it is. When the player
comes back (opens the table page or its socket) they retake the seat and see
everything it may see. A stand-in still in the seat when the game ends is
recorded as having finished that game for the player, and the seat goes back
to the player so results and history stay theirs.

Presence is the set of open table sockets per seat (:class:`SeatConnection`),
kept by ``TableConsumer`` through :func:`connected` and :func:`disconnected`. A
process that stops cannot say its sockets closed: each process writes a heartbeat
(:func:`heartbeat`), and the sockets of one that has gone silent are closed as of its
last heartbeat (:func:`close_silent_connections`), by whichever process looks next.
Within a live process, a socket whose consumer ended without :func:`disconnected`
(killed, crashed) is closed by ``games.consumers.SocketLimits`` as it ends, and at the
latest by the next heartbeat, which closes this process's rows of sockets it no
longer holds (:func:`close_dead_connections`).
A seat counts as *away since* the later of: its last socket closing, the game's
start, and the player's last logged action (so a player who acts over plain
HTTP is present too).
"""

from __future__ import annotations

import os
import socket
import time
import uuid
from datetime import UTC, datetime

from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _

from games.models import (
    ActionLog,
    AwayLimit,
    Game,
    Player,
    Seat,
    SeatConnection,
    ServerProcess,
    StandIn,
    Table,
)
from games.registry import game_kind

DEFAULT_AWAY_SECONDS = 60
MIN_AWAY_SECONDS = 1
MAX_AWAY_SECONDS = 3600
# Moments are stored to the microsecond: a timer that fires "at the limit" must count.
DUE_TOLERANCE = 0.001

# This serving process, as its table sockets record it; it writes a heartbeat every
# HEARTBEAT_SECONDS, and its sockets count as closed once it has been silent for
# SILENT_SECONDS (it stopped, crashed or was restarted under another name).
SERVER = f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"
HEARTBEAT_SECONDS = 10.0
SILENT_SECONDS = 35.0
_held: set[str] = set()  # the channel names of the seated sockets this process holds open


class LeaveRefused(Exception):  # noqa: N818 - a refusal a player reads
    """Leaving or retaking a seat is not possible now; ``message`` says why."""

    status = 400

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def away_seconds(table: Table) -> int:
    """How long a seat may stay without its player before a bot takes it (read with the
    table when it was selected with ``away_limit``)."""
    try:
        return table.away_limit.seconds
    except AwayLimit.DoesNotExist:
        return DEFAULT_AWAY_SECONDS


def set_away_limit(table: Table, seconds: int | None) -> None:
    """The table's option: ``seconds`` away before a bot takes a seat (``None``: the default)."""
    table._state.fields_cache.pop("away_limit", None)  # read afresh by away_seconds
    if seconds is None:
        AwayLimit.objects.filter(table=table).delete()
        return
    if not MIN_AWAY_SECONDS <= seconds <= MAX_AWAY_SECONDS:
        raise ValueError(
            f"The away limit is {MIN_AWAY_SECONDS} to {MAX_AWAY_SECONDS} seconds, not {seconds}."
        )
    AwayLimit.objects.update_or_create(table=table, defaults={"seconds": seconds})


def stand_in_level(table: Table) -> str:
    """The level of a stand-in bot: the table's bot level, else the game's weakest bot."""
    if table.bot_level:
        return table.bot_level
    return game_kind(table.game_name).engine.bot_levels()[0]


def _running_game(table: Table) -> Game | None:
    return table.games.filter(finished__isnull=True).order_by("-created", "-pk").first()


def _at(now: float) -> datetime:
    return datetime.fromtimestamp(now, tz=UTC)


# --- presence -----------------------------------------------------------------------


def connected(table: Table, player: Player | None, channel_name: str) -> Seat | None:
    """A table socket of ``player`` opened: note it, and give back a seat a bot holds for them.

    Returns the player's seat (``None`` for a spectator). Call it before deciding
    which seat the socket renders for.
    """
    if player is None:
        return None
    seat = retake(table, player)
    if seat is None:
        seat = Seat.objects.filter(table=table, player=player).first()
    if seat is not None:
        # An open socket supersedes the moments this player's earlier sockets closed.
        SeatConnection.objects.filter(seat=seat, player=player, closed__isnull=False).delete()
        SeatConnection.objects.update_or_create(
            channel_name=channel_name,
            defaults={"seat": seat, "player": player, "closed": None, "server": SERVER},
        )
        _held.add(channel_name)
    return seat


def disconnected(channel_name: str, now: float | None = None) -> None:
    """A table socket closed: if it was its seat's last, the away clock starts now."""
    now = time.time() if now is None else now
    _held.discard(channel_name)
    connection = (
        SeatConnection.objects.select_related("seat")
        .filter(channel_name=channel_name, closed__isnull=True)
        .first()
    )
    if connection is None:
        return
    # An update, not a save: the row may be gone meanwhile (its table deleted), or closed
    # by another process's start-up sweep; then there is nothing left to close.
    if not SeatConnection.objects.filter(pk=connection.pk, closed__isnull=True).update(
        closed=_at(now)
    ):
        return
    if not _open_connections(connection.seat).exists():
        game = _running_game(connection.seat.table)
        if game is not None:
            transaction.on_commit(lambda: _arm_now(game.pk))


def heartbeat(now: float | None = None) -> int:
    """This process is alive (written every :data:`HEARTBEAT_SECONDS` and at start-up);
    then the sockets of processes silent too long are closed. Returns how many."""
    now = time.time() if now is None else now
    ServerProcess.objects.update_or_create(name=SERVER, defaults={"seen": _at(now)})
    return close_silent_connections(now) + close_dead_connections(now)


def process_stopping(now: float | None = None) -> int:
    """This process is stopping (SIGTERM): its sockets close now (their seats' away clocks
    start, as for any leaver), and its heartbeat is dated as silent, so the next heartbeat
    of another process arms the running tables at once. Returns the sockets closed."""
    now = time.time() if now is None else now
    _held.clear()
    with transaction.atomic():
        closed = SeatConnection.objects.filter(server=SERVER, closed__isnull=True).update(
            closed=_at(now)
        )
        ServerProcess.objects.filter(name=SERVER).update(seen=_at(now - SILENT_SECONDS - 1))
    return closed


def close_dead_connections(now: float | None = None) -> int:
    """Close this process's socket rows whose socket it no longer holds (its consumer ended
    without saying so); their seats' away clocks start now. Returns how many."""
    now = time.time() if now is None else now
    dead = SeatConnection.objects.filter(server=SERVER, closed__isnull=True).exclude(
        channel_name__in=_held
    )
    seats = set(dead.values_list("seat_id", flat=True))
    closed = dead.update(closed=_at(now))
    _arm_seats_left_alone(seats)
    return closed


def silent_processes(now: float) -> QuerySet[ServerProcess]:
    """The processes whose heartbeat is older than :data:`SILENT_SECONDS`: stopped."""
    return ServerProcess.objects.filter(seen__lte=_at(now - SILENT_SECONDS))


def close_silent_connections(now: float | None = None) -> int:
    """Close the sockets whose process has stopped: its heartbeat is older than
    :data:`SILENT_SECONDS`, or it never wrote one. Each is closed at the process's last
    heartbeat (the away clock runs from when it went), and the seats left without an
    open socket get their takeover timer. Sockets of live processes are left alone,
    so one process starting (or restarting) never closes another's."""
    now = time.time() if now is None else now
    silent_since = _at(now - SILENT_SECONDS)
    last_seen = dict(ServerProcess.objects.values_list("name", "seen"))
    live = {name for name, seen in last_seen.items() if seen > silent_since}
    gone = SeatConnection.objects.filter(closed__isnull=True).exclude(server__in=live)
    closed = 0
    seats: set[int] = set()
    for server in set(gone.values_list("server", flat=True)):
        at = min(last_seen.get(server, _at(now)), _at(now))
        ended = gone.filter(server=server)
        seats.update(ended.values_list("seat_id", flat=True))
        closed += ended.update(closed=at)
    silent_processes(now).delete()
    _arm_seats_left_alone(seats)
    return closed


def _arm_seats_left_alone(seats: set[int]) -> None:
    """The seats (ids) left without an open socket get their takeover timer."""
    for seat in Seat.objects.filter(pk__in=seats).select_related("table"):
        if not _open_connections(seat).exists():
            game = _running_game(seat.table)
            if game is not None:
                transaction.on_commit(lambda game_id=game.pk: _arm_now(game_id))


def _open_connections(seat: Seat) -> QuerySet[SeatConnection]:
    return SeatConnection.objects.filter(seat=seat, player_id=seat.player_id, closed__isnull=True)


def away_since(game: Game, seat: Seat, now: float, connected: bool | None = None) -> float | None:
    """Since when ``seat``'s player has been away from ``game``; ``None`` while present.

    The latest sign of the player: the game's start, their last logged action,
    their last retake of the seat, their last table socket closing. ``connected``
    says whether the player has a socket open, if the caller knows already.
    """
    if seat.player_id is None or game.is_finished:
        return None
    if connected if connected is not None else _open_connections(seat).exists():
        return None
    signs = [
        ActionLog.objects.filter(game=game, seat=seat.number)
        .order_by("-version")
        .values_list("now", flat=True)
        .first()
    ]
    for moment in (
        StandIn.objects.filter(game=game, seat_number=seat.number, ended__isnull=False)
        .order_by("-ended")
        .values_list("ended", flat=True)
        .first(),
        SeatConnection.objects.filter(seat=seat, player_id=seat.player_id, closed__isnull=False)
        .order_by("-closed")
        .values_list("closed", flat=True)
        .first(),
    ):
        signs.append(moment.timestamp() if moment is not None else None)
    return max([game.created.timestamp(), *(s for s in signs if s is not None)])


# --- taking over and giving back ------------------------------------------------------


def seconds_until_takeover(game: Game, now: float, seats: list[Seat] | None = None) -> float | None:
    """Seconds until the next away seat of ``game`` is due for a bot (0 if overdue).

    ``seats``: the table's seats if the caller has just read them.
    """
    if game.is_finished:
        return None
    waits = []
    limit: int | None = None  # read only when someone is away
    for seat, connected in _seats_and_presence(game, seats):
        since = away_since(game, seat, now, connected)
        if since is not None:
            limit = away_seconds(game.table) if limit is None else limit
            waits.append(max(0.0, since + limit - now))
    return min(waits) if waits else None


def _seats_and_presence(game: Game, seats: list[Seat] | None = None) -> list[tuple[Seat, bool]]:
    """The game's seats that have a player, each with whether that player has a socket open
    (two queries, however many seats; one if the caller has read the ``seats``)."""
    if seats is None:
        seats = list(Seat.objects.filter(table_id=game.table_id))
    seats = [seat for seat in seats if seat.player_id is not None]
    open_sockets = set(
        SeatConnection.objects.filter(
            seat__table_id=game.table_id, closed__isnull=True
        ).values_list("seat_id", "player_id")
    )
    return [(seat, (seat.pk, seat.player_id) in open_sockets) for seat in seats]


def take_over_due(game: Game, now: float | None = None) -> list[StandIn]:
    """Put a bot in every seat whose player has been away past the limit.

    Runs inside the caller's transaction with the game row locked (the timers'
    ``services.advance``); the table hears of it after the commit.
    """
    now = time.time() if now is None else now
    if game.is_finished:
        return []
    limit = away_seconds(game.table)
    taken = []
    for seat, connected in _seats_and_presence(game):
        since = away_since(game, seat, now, connected)
        if since is not None and now - since >= limit - DUE_TOLERANCE:
            taken.append(_take_over(game, seat, StandIn.Reason.DISCONNECTED, now))
    if taken:
        _announce(game)
    return taken


def leave(table: Table, player: Player, now: float | None = None) -> StandIn:
    """``player`` leaves a game in progress: a bot takes their seat at once."""
    now = time.time() if now is None else now
    with transaction.atomic():
        game = _running_game(table)
        if game is None:
            raise LeaveRefused(_("No game is being played at this table."))
        game = Game.objects.select_for_update().select_related("table").get(pk=game.pk)
        seat = Seat.objects.filter(table=table, player=player).first()
        if seat is None:
            raise LeaveRefused(_("You have no seat in this game."))
        stand_in = _take_over(game, seat, StandIn.Reason.LEFT, now)
        _announce(game)
    return stand_in


def _take_over(game: Game, seat: Seat, reason: str, now: float) -> StandIn:
    level = stand_in_level(game.table)
    stand_in = StandIn.objects.create(
        game=game,
        seat_number=seat.number,
        player_id=seat.player_id,
        bot_level=level,
        reason=reason,
        started=_at(now),
    )
    Seat.objects.filter(pk=seat.pk).update(player=None, bot_level=level)
    SeatConnection.objects.filter(seat=seat, closed__isnull=True).update(closed=_at(now))
    return stand_in


def retake(table: Table, player: Player, now: float | None = None) -> Seat | None:
    """``player`` is back: the bot holding their seat in the running game gives it back.

    Returns the seat, or ``None`` when no bot holds a seat for them.
    """
    now = time.time() if now is None else now
    game = _running_game(table)
    held = StandIn.objects.filter(game=game, player=player, ended__isnull=True)
    if game is None or not held.exists():
        return None  # the usual page load: nothing to give back, no lock taken
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game.pk)
        stand_in = StandIn.objects.filter(game=game, player=player, ended__isnull=True).first()
        if stand_in is None:
            return None
        seat = Seat.objects.get(table=table, number=stand_in.seat_number)
        stand_in.ended = _at(now)
        stand_in.save(update_fields=["ended"])
        seat.player, seat.bot_level = player, ""
        seat.save(update_fields=["player", "bot_level"])
        _announce(game)
    return seat


def game_over(game: Game) -> None:
    """The game ended: bots still standing in finished it for their players, whose seats
    (and so results and history) go back to them. Call inside the finishing transaction."""
    for stand_in in StandIn.objects.filter(game=game, ended__isnull=True):
        stand_in.ended = game.finished or timezone.now()
        stand_in.finished_game = True
        stand_in.save(update_fields=["ended", "finished_game"])
        Seat.objects.filter(table_id=game.table_id, number=stand_in.seat_number).update(
            player=stand_in.player, bot_level=""
        )


# --- what the table and the results show ----------------------------------------------


def active_stand_ins(game: Game) -> dict[int, StandIn]:
    """Seat number -> the bot now playing it for an away player."""
    return {
        s.seat_number: s
        for s in StandIn.objects.filter(game=game, ended__isnull=True).select_related("player")
    }


def finished_by_bot(game: Game) -> dict[int, Player]:
    """Seat number -> the player for whom a bot finished ``game``."""
    return {
        s.seat_number: s.player
        for s in StandIn.objects.filter(game=game, finished_game=True).select_related("player")
    }


def games_finished_by_bot(player: Player) -> QuerySet[Game]:
    """The games a bot finished for ``player`` (what leagues may want to flag)."""
    return Game.objects.filter(stand_ins__player=player, stand_ins__finished_game=True).distinct()


# --- telling the table ------------------------------------------------------------------


def _announce(game: Game) -> None:
    """After the commit: push the seats' new look and re-arm the server's next move."""
    from games import services

    def announce() -> None:
        services.notify(game.table_id, game.pk, game.version)
        _arm_now(game.pk)

    transaction.on_commit(announce)


def _arm_now(game_id: int) -> None:
    from games import services, timers

    game = Game.objects.filter(pk=game_id).select_related("table").first()
    if game is None:
        return
    delay = services.next_wakeup(game, time.time())
    if delay is not None:
        timers.schedule(game.pk, game.version, delay)
