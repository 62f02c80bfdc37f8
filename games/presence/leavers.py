"""Leavers: a table never stalls because someone walked away.

A seated human who leaves the table, or has no open table page for longer than
the table's limit (:data:`DEFAULT_AWAY_SECONDS` unless the table sets another),
is replaced by a bot of the table's level: the seat becomes a bot seat (so the
server's timers play it like any bot and the seat shows a bot), and a
:class:`~games.models.StandIn` remembers whose seat it is (the take-over itself is
written by ``games.tables.actions``, inside the game's lock; who is away since when is read
by ``games.presence.away``). When the player comes back (opens the table page or its socket)
they retake the seat and see everything it may see. A stand-in still in the seat when
the game ends is recorded as having finished that game for the player, and the seat
goes back to the player so results and history stay theirs.

Presence is the set of open table sockets per seat (:class:`SeatConnection`),
kept by ``TableConsumer`` through :func:`connected` and :func:`disconnected`. A
process that stops cannot say its sockets closed: each process writes a heartbeat
(:func:`heartbeat`), and the sockets of one that has gone silent are closed as of its
last heartbeat (:func:`close_silent_connections`), by whichever process looks next.
Within a live process, a socket whose consumer ended without :func:`disconnected`
(killed, crashed) is closed by ``games.live.consumers.SocketLimits`` as it ends, and at the
latest by the next heartbeat, which closes this process's rows of sockets it no
longer holds (:func:`close_dead_connections`).
A seat counts as *away since* the later of: its last socket closing, the game's
start, and the player's last logged action (so a player who acts over plain
HTTP is present too).

What the table must hear after a change here (a seat given back, a seat left without
a socket) goes through ``games.tables.events``, like every change.
"""

from __future__ import annotations

import os
import socket
import time
import uuid
from datetime import UTC, datetime

from django.db import transaction
from django.db.models import QuerySet
from django.utils.translation import gettext as _

from games.presence import at_the_table

# Who is away and which bots stand in are read by games.presence.away; the views, templates and
# league code that read them from here keep doing so.
from games.presence.away import (  # noqa: F401
    DEFAULT_AWAY_SECONDS,
    DUE_TOLERANCE,
    MAX_AWAY_SECONDS,
    MIN_AWAY_SECONDS,
    active_stand_ins,
    away_seconds,
    away_since,
    finished_by_bot,
    games_finished_by_bot,
    open_connections,
    seconds_until_takeover,
    stand_in_level,
)
from games.presence.models import SeatConnection, ServerProcess, StandIn
from games.registry import game_kind
from games.tables import events as table_events
from games.tables import statements
from games.tables.actions import stand_ins
from games.tables.actions.opening import set_away_limit  # noqa: F401 - as above
from games.tables.actions.stand_ins import take_over_due  # noqa: F401 - as above
from games.tables.models import Game, Player, Seat, Table

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


def _running_game(table: Table) -> Game | None:
    return table.games.filter(finished__isnull=True).order_by("-created", "-pk").first()


def _running_game_id(table_id: int) -> int | None:
    """The running game's id, without reading its state."""
    running = Game.objects.filter(table_id=table_id, finished__isnull=True)
    return running.order_by("-created", "-pk").values_list("pk", flat=True).first()


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
    # The player's seat, whether closed sockets of theirs are there, whether a bot holds a
    # seat for them: one statement (``games.tables.statements``), the same for every socket.
    seat, closed_before, held_in, open_before = statements.seat_on_opening(table.pk, player.pk)
    if held_in is not None:  # seldom: given back in the game's lock, as the table page does
        seat = _give_back(table, player, held_in, time.time()) or seat
        closed_before = True  # of the seat given back: not read, deleted if any
    if seat is not None:
        if closed_before:
            # An open socket supersedes the moments this player's earlier sockets closed;
            # the table sees them back (games.presence.at_the_table).
            statements.forget_closed_connections(seat.pk, player.pk)
        # A socket's channel name is its own (one consumer each): it is new but where a
        # caller reopens a name it holds, so an insert that updates the name's row if it
        # has one, without a transaction.
        statements.open_connection(seat, player.pk, channel_name, SERVER)
        _held.add(channel_name)
        if (
            not open_before and held_in is None
        ):  # here: the table sees them (games.presence.at_the_table)
            game_id = _running_game_id(table.pk)
            if game_id is not None:
                _arm_after_commit(game_id, announce=True)
    return seat


def disconnected(channel_name: str, now: float | None = None) -> None:
    """A table socket closed: if it was its seat's last, the away clock starts now."""
    now = time.time() if now is None else now
    if channel_name not in _held:
        return  # a spectator's socket, or one closed already: no row of it is open here
    _held.discard(channel_name)
    # An update, not a save: the row may be gone meanwhile (its table deleted), or closed
    # by another process's start-up sweep; then there is nothing left to close.
    closed = statements.close_connection(channel_name, _at(now))
    if closed is None or closed.still_open:
        return
    if closed.running_game_id is not None:
        # Everyone at the table sees the seat away at once (games.presence.at_the_table), and the
        # timers arm its take-over.
        _arm_after_commit(closed.running_game_id, announce=True)


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
    for seat_id, player_id, table_id in Seat.objects.filter(pk__in=seats).values_list(
        "pk", "player_id", "table_id"
    ):
        _arm_if_left_alone(seat_id, player_id, table_id)


def _arm_if_left_alone(seat_id: int, player_id: int | None, table_id: int) -> None:
    """A seat whose player has no socket open any more gets its running game's takeover timer."""
    if not open_connections(seat_id, player_id).exists():
        game_id = _running_game_id(table_id)
        if game_id is not None:
            _arm_after_commit(game_id)


# --- leaving and coming back -----------------------------------------------------------


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
        stand_in = stand_ins.take_over(game, seat, StandIn.Reason.LEFT, now)
        table_events.after_commit(game.table_id, game)
    return stand_in


def retake(table: Table, player: Player, now: float | None = None) -> Seat | None:
    """``player`` is back: the bot holding their seat in the running game gives it back.

    Returns the seat, or ``None`` when no bot holds a seat for them.
    """
    now = time.time() if now is None else now
    game_id = _running_game_id(table.pk)  # not its state: seldom needed
    held = StandIn.objects.filter(game_id=game_id, player=player, ended__isnull=True)
    if game_id is None or not held.exists():
        return None  # the usual page load: nothing to give back, no lock taken
    return _give_back(table, player, game_id, now)


def _give_back(table: Table, player: Player, game_id: int, now: float) -> Seat | None:
    """The bot holding ``player``'s seat in the running game ``game_id`` gives it back
    (``None``: none holds one any more)."""
    with transaction.atomic():
        # Locked, with what the table's announcement then shows (its table, the away
        # limit, the commitment): read here in the lock's one statement.
        game = (
            Game.objects.select_for_update(of=("self",))
            .select_related("table", "table__away_limit", "shuffle_commitment")
            .get(pk=game_id)
        )
        stand_in = StandIn.objects.filter(game=game, player=player, ended__isnull=True).first()
        if stand_in is None:
            return None
        seat = Seat.objects.get(table=table, number=stand_in.seat_number)
        stand_in.ended = _at(now)
        log_end, log_game = at_the_table.log_mark(game_kind(game.game_name).engine, game.state)
        stand_in.log_end = log_end if log_game == stand_in.log_game else None
        stand_in.save(update_fields=["ended", "log_end"])
        seat.player, seat.bot_level = player, ""
        seat.save(update_fields=["player", "bot_level"])
        table_events.after_commit(game.table_id, game)
    return seat


def _arm_after_commit(game_id: int, announce: bool = False) -> None:
    """After the commit: the game's next server move may come sooner (a seat's take-over);
    the timers re-arm it, and with ``announce`` the table hears of it too (a seat's
    presence changed: its player went away or came back)."""

    def arm() -> None:
        game = statements.game(game_id)  # with its table and the table's away limit
        if game is not None:
            table_events.after_commit(game.table_id, game, announce=announce)

    transaction.on_commit(arm)
