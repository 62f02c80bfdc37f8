"""Each turn-based game's deadlines, written with the move that makes them.

After every saved move of a turn-based game (``games.tables.events.game_saved``) and as it
starts (``game_started``), inside the move's own transaction and the game's lock,
:func:`sync` brings the game's :class:`~games.turns.models.Deadline` rows up to date with
what the game now waits for:

- each seat a person holds that the game waits for has a ``move`` deadline: the table's
  move deadline from when the wait began (a seat that just moved starts a new one), later
  by the days of a vacation its player is on (``games.turns.vacations``);
- each awaited seat a bot holds has a ``bot`` deadline at the table's bot pace;
- the game's own deadline, if it has one (the result screen between games), is a ``tick``.

Rows no longer wanted go. Nothing is kept in memory: ``games.turns.scheduler`` finds the
rows that are due, in whichever process runs it, after any restart.
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from datetime import UTC, datetime
from typing import Any

from django.db import transaction
from django.db.models import Exists, OuterRef, Subquery

from games.models import Deadline, Game, Notice, Player, Seat, Vacation
from games.registry import game_kind
from games.tables import services, statements
from games.turns import notices

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
    telling = getattr(game_kind(game.game_name).presenters, "notice_kind", None)
    if telling is None:
        return Notice.Kind.YOUR_MOVE
    return telling(engine.view(game.state, seat))


def _member_now(player_id: int, now: float) -> tuple[float, bool]:
    """When a move deadline of ``player_id`` starting at ``now`` starts counting (the end
    of a vacation they are on, else ``now``), and whether they asked for e-mail: one query."""
    at = datetime.fromtimestamp(now, tz=UTC)
    vacation = Vacation.objects.filter(player=OuterRef("pk"), starts__lte=at, ends__gt=at)
    found = (
        Player.objects.filter(pk=player_id)
        .annotate(
            back=Subquery(vacation.order_by("-ends").values("ends")[:1]),
            emails=Exists(notices.asking_for_email().filter(player=OuterRef("pk"))),
        )
        .values_list("back", "emails")
        .first()
    )
    if found is None:
        return now, False
    back, emails = found
    return (back.timestamp() if back is not None else now), bool(emails)


def sync(game: Game, now: float, acted: set[int], seats: list[Seat] | None = None) -> None:
    """Write the game's deadlines as its state now asks (inside the game's lock);
    ``seats``: the table's seats if the caller has read them with the move."""
    table = game.table
    existing = {(d.kind, d.seat): d for d in Deadline.objects.filter(game_id=game.pk)}
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
                due = kept.due.timestamp() if kept else now + services.bot_delay(table.bot_pace)
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
    # What the table's answer and pushes show (``games.live.snapshots``), without a read.
    game.move_deadlines = {
        seat: due for (kind, seat), (due, _p) in wanted.items() if kind == Deadline.Kind.MOVE
    }
    # A row no longer wanted becomes a new one (one write, not two); the rest go.
    gone = [d for key, d in existing.items() if key not in wanted]
    for (kind, seat), (due, player_id) in wanted.items():
        row = existing.get((kind, seat))
        if row is None and gone:
            row = gone.pop()
            Deadline.objects.filter(pk=row.pk).update(
                kind=kind, seat=seat, due=_moment(due), player_id=player_id
            )
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
            Deadline.objects.filter(pk=row.pk).update(due=_moment(due), player_id=player_id)
    if gone:
        Deadline.objects.filter(pk__in=[d.pk for d in gone]).delete()
