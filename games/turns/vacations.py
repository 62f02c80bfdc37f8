"""Vacation days: a member away from every turn-based table, their move deadlines waiting.

Each member has :data:`DAYS_PER_SEASON` days a season (a calendar year). Taking days now
moves every one of their open move deadlines later by those days (the time left when the
vacation began is the time left when it ends), and a deadline that starts during the
vacation starts at its end. Coming back early gives the unused days back and moves the
deadlines back by them. Asking for more days than are left is refused (400), nothing
changed.
"""

from __future__ import annotations

import math
from datetime import UTC, datetime, timedelta

from django.db import transaction
from django.db.models import F
from django.utils.translation import gettext as _

from games.tables.actions.refused import ActionRefused
from games.tables.models import Player
from games.turns.models import Deadline, Vacation

DAYS_PER_SEASON = 14
DAY = timedelta(days=1)


def _moment(at: float) -> datetime:
    return datetime.fromtimestamp(at, tz=UTC)


def current(player_id: int, now: float) -> Vacation | None:
    """The vacation ``player_id`` is on at ``now``, if any."""
    at = _moment(now)
    return (
        Vacation.objects.filter(player_id=player_id, starts__lte=at, ends__gt=at)
        .order_by("-ends")
        .first()
    )


def days_used(player: Player, now: float) -> int:
    """Vacation days ``player`` has taken in the season (calendar year) of ``now``."""
    year = _moment(now).year
    taken = Vacation.objects.filter(player=player, starts__year=year)
    return sum(math.ceil((v.ends - v.starts) / DAY) for v in taken)


def days_left(player: Player, now: float) -> int:
    return max(0, DAYS_PER_SEASON - days_used(player, now))


def take(player: Player, days: int, now: float) -> Vacation:
    """``player`` is away for ``days`` from ``now``: their move deadlines wait."""
    if player.is_guest:
        raise ActionRefused(_("Only club members take vacation days."), "guest")
    with transaction.atomic():
        Player.objects.select_for_update().filter(pk=player.pk).first()  # one request at a time
        if current(player.pk, now) is not None:
            raise ActionRefused(_("You are on vacation already."), "on_vacation")
        left = days_left(player, now)
        if isinstance(days, bool) or not isinstance(days, int) or not 1 <= days <= left:
            raise ActionRefused(
                _("You can take 1 to %(left)d vacation days now (%(total)d a season).")
                % {"left": left, "total": DAYS_PER_SEASON}
                if left
                else _("You have no vacation days left this season."),
                "vacation_days",
            )
        at = _moment(now)
        vacation = Vacation.objects.create(player=player, starts=at, ends=at + days * DAY)
        _move(player, at, days * DAY)
    return vacation


def end(player: Player, now: float) -> Vacation | None:
    """``player`` is back before their vacation ends: the unused whole days come back, and
    their deadlines move back by the time not spent away."""
    with transaction.atomic():
        Player.objects.select_for_update().filter(pk=player.pk).first()
        on = current(player.pk, now)
        if on is None:
            return None
        at = _moment(now)
        planned_end = on.ends
        on.ends = at  # the days counted are the days begun (days_used rounds up)
        on.save(update_fields=["ends"])
        # Every deadline waited for the whole vacation: it comes back by the time not taken.
        _move(player, at, -(planned_end - at))
    return on


def _move(player: Player, after: datetime, by: timedelta) -> None:
    Deadline.objects.filter(player=player, kind=Deadline.Kind.MOVE, due__gt=after).update(
        due=F("due") + by
    )
