"""Each turn-based game's deadlines, written with the move that makes them.

After every saved move of a turn-based game (``games.tables.events.game_saved``) and as it
starts (``game_started``), inside the move's own transaction and the game's lock,
:func:`sync` brings the game's :class:`~games.turns.models.Deadline` rows up to date with
what the game now waits for:

- each seat a person holds that the game waits for has a ``move`` deadline: the table's
  move deadline from when the wait began (a seat that just moved starts a new one), later
  by the days of a vacation its player is on (``games.turns.vacations``);
- each awaited seat a bot holds has a ``bot`` deadline at the table's bot pace;
- the game's own deadline, if it has one (the result screen between games), is a ``tick``;
- a member who asked for e-mail gets a ``remind`` 12 hours before a longer move deadline,
  and a notice of the wait itself (``games.turns.notices``).

Rows no longer wanted go. Nothing is kept in memory: ``games.turns.scheduler`` finds the
rows that are due, in whichever process runs it, after any restart.
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from datetime import UTC, datetime
from functools import lru_cache
from typing import Any, NamedTuple

from django.contrib.auth import get_user_model
from django.db import connection, transaction
from django.utils.dateparse import parse_datetime

from games.registry import game_kind
from games.tables import statements
from games.tables.actions import pace as table_pace
from games.tables.models import Game, Player, Seat
from games.tables.statements.columns import bare_column, table_name
from games.turns import notices
from games.turns.models import Deadline, Notice, NoticeSettings, PushSubscription, Vacation

REMIND_BEFORE = 12 * 3600  # "12 hours left", for a member who asked for e-mail


def _moment(at: float) -> datetime:
    return datetime.fromtimestamp(at, tz=UTC)


def game_saved(
    sender: Any,
    game: Game,
    acted: Iterable[int] = (),
    at: float | None = None,
    seats: list[Seat] | None = None,
    **_: Any,
) -> None:
    """The ``game_saved`` subscriber: a turn-based game's deadlines follow its move."""
    if game.table.is_turn_based:
        now = time.time() if at is None else at
        sync(game, now, set(acted), seats)
        if game.is_finished:
            for seat in Seat.objects.filter(table_id=game.table_id, player__isnull=False):
                notices.queue(seat.player_id, game.table_id, Notice.Kind.GAME_OVER, now)


def game_started(sender: Any, game: Game, **_: Any) -> None:
    """The ``game_started`` subscriber: a turn-based game's first deadlines."""
    if game.table.is_turn_based:
        sync(game, game.created.timestamp(), set())


def seats_changed(
    sender: Any, table_id: int, game: Any = None, seats: Any = None, **_: Any
) -> None:
    """The ``table_changed`` subscriber, after a change of who holds a seat without a move
    (a player left and a bot took the seat, or the player is back; ``seats`` not given):
    the seat's deadline becomes a bot's, or a person's again."""
    if game is None or seats is not None or not game.table.is_turn_based:
        return
    resync(game.pk, time.time())


def resync(game_id: int, now: float) -> None:
    """:func:`sync` in a transaction of its own, with the game locked."""
    with transaction.atomic():
        game = statements.locked_game(pk=game_id)
        if game is not None:
            sync(game, now, set())


def _notice_kind(game: Game, engine: Any, seat: int) -> str:
    """ "A Pick is waiting" or "your move": the game's presenters tell from the seat's view
    (``notice_kind``; a game without it has moves only)."""
    telling = game_kind(game.game_name).presenters.notice_kind
    if telling is None:
        return Notice.Kind.YOUR_MOVE
    return telling(engine.view(game.state, seat))


def _member_now(player_id: int, now: float) -> tuple[float, bool]:
    """When a move deadline of ``player_id`` starting at ``now`` starts counting (the end
    of a vacation they are on, else ``now``), and whether they asked for e-mail (and have
    an address) or pushes on a device: one written-out statement, as every new move deadline reads it."""
    at = connection.ops.adapt_datetimefield_value(_moment(now))
    with connection.cursor() as cursor:
        cursor.execute(_member_sql(), [player_id, at, at, player_id, player_id])
        back, emails = cursor.fetchone()
    back = _aware(back) if back is not None else None
    return (back.timestamp() if back is not None else now), bool(emails)


@lru_cache(maxsize=1)
def _member_sql() -> str:
    vacation, settings = table_name(Vacation), table_name(NoticeSettings)
    player, user = table_name(Player), table_name(get_user_model())
    return (
        f"SELECT (SELECT MAX(v.{bare_column(Vacation, 'ends')}) FROM {vacation} v"
        f" WHERE v.{bare_column(Vacation, 'player')} = %s"
        f" AND v.{bare_column(Vacation, 'starts')} <= %s AND v.{bare_column(Vacation, 'ends')} > %s),"
        f" EXISTS(SELECT 1 FROM {settings} n"
        f" JOIN {player} p ON p.{bare_column(Player, 'id')} = n.{bare_column(NoticeSettings, 'player')}"
        f" JOIN {user} u ON u.{bare_column(get_user_model(), 'id')} = p.{bare_column(Player, 'user')}"
        f" WHERE n.{bare_column(NoticeSettings, 'player')} = %s"
        f" AND n.{bare_column(NoticeSettings, 'email')}"
        f" AND u.{bare_column(get_user_model(), 'email')} <> '')"
        f" OR EXISTS(SELECT 1 FROM {table_name(PushSubscription)} s"
        f" WHERE s.{bare_column(PushSubscription, 'player')} = %s)"
    )


class _Row(NamedTuple):
    """A deadline row as :func:`sync` reads it."""

    pk: int
    kind: str
    seat: int | None
    due: datetime
    player_id: int | None


def _rows_of(game_id: int) -> list[_Row]:
    """The game's deadline rows: one written-out statement, as every move reads them."""
    with connection.cursor() as cursor:
        cursor.execute(_rows_sql(), [game_id])
        rows = cursor.fetchall()
    return [_Row(pk, kind, seat, _aware(due), player) for pk, kind, seat, due, player in rows]


def _aware(value: Any) -> datetime:
    """A datetime column's value as the ORM gives it (SQLite gives its text)."""
    if isinstance(value, str):
        value = parse_datetime(value)
    return value.replace(tzinfo=UTC) if value.tzinfo is None else value


def _rewrite(pk: int, kind: str, seat: int | None, due: float, player_id: int | None) -> None:
    """Row ``pk`` becomes this deadline: one written-out ``UPDATE``."""
    at = connection.ops.adapt_datetimefield_value(_moment(due))
    with connection.cursor() as cursor:
        cursor.execute(_rewrite_sql(), [kind, seat, at, player_id, pk])


@lru_cache(maxsize=1)
def _rows_sql() -> str:
    fields = ("id", "kind", "seat", "due", "player")
    columns = ", ".join(bare_column(Deadline, f) for f in fields)
    return (
        f"SELECT {columns} FROM {table_name(Deadline)} WHERE {bare_column(Deadline, 'game')} = %s"
    )


@lru_cache(maxsize=1)
def _rewrite_sql() -> str:
    sets = ", ".join(f"{bare_column(Deadline, f)} = %s" for f in ("kind", "seat", "due", "player"))
    return f"UPDATE {table_name(Deadline)} SET {sets} WHERE {bare_column(Deadline, 'id')} = %s"


def sync(game: Game, now: float, acted: set[int], seats: list[Seat] | None = None) -> None:
    """Write the game's deadlines as its state now asks (inside the game's lock);
    ``seats``: the table's seats if the caller has read them with the move."""
    table = game.table
    existing = {(d.kind, d.seat): d for d in _rows_of(game.pk)}
    wanted: dict[tuple[str, int | None], tuple[float, int | None]] = {}
    if not game.is_finished:
        engine = game_kind(game.game_name).engine
        own = engine.deadline(game.state)
        if own is not None:
            wanted[(Deadline.Kind.TICK, None)] = (own, None)
        if seats is None:
            seats = list(Seat.objects.filter(table_id=game.table_id))
        by_number = {seat.number: seat for seat in seats}
        for number in engine.waiting_for(game.state):
            seat = by_number.get(number)
            if seat is None:
                continue
            if seat.bot_level:
                key = (Deadline.Kind.BOT, number)
                kept = existing.get(key) if number not in acted else None
                due = kept.due.timestamp() if kept else now + table_pace.bot_delay(table.bot_pace)
                wanted[key] = (due, None)
            elif seat.player_id is not None:
                key = (Deadline.Kind.MOVE, number)
                remind = (Deadline.Kind.REMIND, number)
                kept = existing.get(key)
                if kept is not None and number not in acted and kept.player_id == seat.player_id:
                    wanted[key] = (kept.due.timestamp(), seat.player_id)
                    if remind in existing:
                        wanted[remind] = (existing[remind].due.timestamp(), seat.player_id)
                    continue
                start, emails = _member_now(seat.player_id, now)
                due = start + table.move_deadline
                wanted[key] = (due, seat.player_id)
                if emails:
                    kind = _notice_kind(game, engine, number)
                    notices.queue(seat.player_id, game.table_id, kind, now)
                    if table.move_deadline > REMIND_BEFORE:
                        wanted[remind] = (due - REMIND_BEFORE, seat.player_id)
    # What the table's answer and pushes show (``games.regions.snapshots``), without a read.
    game.move_deadlines = {
        seat: due for (kind, seat), (due, _p) in wanted.items() if kind == Deadline.Kind.MOVE
    }
    # A row no longer wanted becomes a new one (one write, not two); the rest go.
    gone = [d for key, d in existing.items() if key not in wanted]
    for (kind, seat), (due, player_id) in wanted.items():
        row = existing.get((kind, seat))
        if row is None and gone:
            _rewrite(gone.pop().pk, kind, seat, due, player_id)
        elif row is None:
            Deadline.objects.create(
                game_id=game.pk,
                table_id=game.table_id,
                seat=seat,
                kind=kind,
                due=_moment(due),
                player_id=player_id,
            )
        elif abs(row.due.timestamp() - due) > 1e-3 or row.player_id != player_id:
            _rewrite(row.pk, kind, seat, due, player_id)
    if gone:
        Deadline.objects.filter(pk__in=[d.pk for d in gone]).delete()
