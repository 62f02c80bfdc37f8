"""A season's end and the next season: the old league is archived with its final standings
(read-only from then on) and a new league starts from it with the same people.

Refusals raise ``ValueError`` with a message for the organiser; nothing is stored then.
"""

from __future__ import annotations

import datetime
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _lazy
from django.utils.translation import ngettext

from games.leagues import selectors
from games.leagues.models import League

# The longest season, and the longest gap before the next one starts.
MAX_LENGTH = datetime.timedelta(days=2 * 366)

# The standings figures an archived season keeps (what ``_standings_table.html`` reads).
ARCHIVED_FIGURES = (
    "place",
    "pk",
    "name",
    "vp_total",
    "rating_shown",
    "played",
    "vp_average",
    "wins",
    "total_points",
    "best_hand",
    "best_hand_points",
)


def _figure(value: Any) -> Any:
    """A standings figure as JSON keeps it (decimals as their text: 6.50 stays 6.50)."""
    if value is None or isinstance(value, bool | int | float | str):
        return value
    return str(value)


def standings_snapshot(league: League) -> list[dict[str, Any]]:
    return [
        {name: _figure(getattr(row, name, None)) for name in ARCHIVED_FIGURES}
        for row in selectors.standings(league)
    ]


class ScheduledNights:
    """What becomes of a season's nights still only on its calendar when it ends."""

    CANCEL = "cancel"
    MOVE = "move"
    CHOICES = (
        (CANCEL, _lazy("Cancel them")),
        (MOVE, _lazy("Move them into the next season (same dates)")),
    )


@transaction.atomic
def end_season(
    league: League,
    name: str,
    start: datetime.date,
    end: datetime.date,
    scheduled: str = "",
    by: Any = None,
) -> League:
    """End ``league``'s season and start the next one from it.

    The old league keeps its final standings and becomes read-only; the new one has the same
    game and club, and the same people in every role the league names (each of its
    many-to-many fields: its members, its organisers). Refused while one of its nights is open.
    Its nights still scheduled are cancelled or moved into the next season (``scheduled``, a
    :class:`ScheduledNights` choice; refused without one when there are any).
    """
    from games.nights import schedule

    league = League.objects.select_for_update().get(pk=league.pk)
    if league.archived:
        raise ValueError(_("This season has ended already."))
    name = " ".join(str(name).split())
    if not name or len(name) > League._meta.get_field("name").max_length:
        raise ValueError(_("Give the next season a name of at most 100 characters."))
    if end < start:
        raise ValueError(_("The next season must end on or after its first day."))
    if start <= league.season_start:
        raise ValueError(_("The next season must start after this one started."))
    if end - start > MAX_LENGTH or start - league.season_end > MAX_LENGTH:
        raise ValueError(
            _("The next season lasts at most two years and starts within two years of this one.")
        )
    if league.club_nights.filter(opened__isnull=False, ended=None).exists():
        raise ValueError(_("A club night of this season is open; end it first."))
    waiting = schedule.scheduled_nights(league).count()
    if waiting and scheduled not in (ScheduledNights.CANCEL, ScheduledNights.MOVE):
        raise ValueError(
            ngettext(
                "%(count)s night of this season is still scheduled: cancel it or move it "
                "into the next season.",
                "%(count)s nights of this season are still scheduled: cancel them or move them "
                "into the next season.",
                waiting,
            )
            % {"count": waiting}
        )
    following = League.objects.create(
        name=name, club=league.club, game=league.game, season_start=start, season_end=end
    )
    for field in League._meta.many_to_many:
        getattr(following, field.name).set(getattr(league, field.name).all())
    moved = following if scheduled == ScheduledNights.MOVE else None
    schedule.settle_scheduled_nights(league, moved, by)
    league.final_standings = standings_snapshot(league)
    league.ended_at = timezone.now()
    league.next_season = following
    league.save(update_fields=["final_standings", "ended_at", "next_season"])
    return following


def next_season_defaults(league: League) -> dict[str, Any]:
    """What the end-of-season form proposes: the day after, a season as long as this one."""
    name = _("%(name)s (next season)") % {"name": league.name}
    try:
        start = league.season_end + datetime.timedelta(days=1)
        end = start + min(league.season_end - league.season_start, MAX_LENGTH)
    except OverflowError:  # a season ending at the calendar's end: no dates to propose
        return {"name": name}
    return {"name": name, "start": start, "end": end}
