"""The season's calendar of club nights: scheduled ahead, moved, renamed, cancelled, opened
on the evening (or run tonight), settled when the season moves on."""

from __future__ import annotations

import datetime
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Prefetch
from django.utils import timezone
from django.utils.translation import gettext as _

from games.leagues.models import League
from games.nights.announcing import announce
from games.nights.models import ClubNight, NightChange, NightEntrant
from games.nights.refused import NeedsConfirmation, NightRefused
from games.tables.validators import plain_name


def _date_free(league: League, date: datetime.date) -> None:
    if ClubNight.objects.filter(league=league, date=date).exists():
        raise NightRefused(
            _("A night is on the calendar for %(date)s already.") % {"date": f"{date:%Y-%m-%d}"},
            409,
        )


def _outside_season(league: League, date: datetime.date, question: str) -> NeedsConfirmation:
    return NeedsConfirmation(
        question
        % {
            "date": f"{date:%Y-%m-%d}",
            "start": f"{league.season_start:%Y-%m-%d}",
            "end": f"{league.season_end:%Y-%m-%d}",
        }
    )


@transaction.atomic
def schedule_night(
    league: League, date: datetime.date, venue: str = "", confirmed: bool = False
) -> ClubNight:
    """Put a night on the league's calendar ahead of its date; a date outside the season is
    kept only once the organiser has confirmed it (:class:`NeedsConfirmation`)."""
    if league.archived:
        raise NightRefused(_("This season has ended: its calendar is read-only."), 409)
    venue = " ".join(str(venue).split())
    if len(venue) > ClubNight._meta.get_field("venue").max_length:
        raise NightRefused(_("The venue is at most 100 characters."))
    _date_free(league, date)
    if not league.season_start <= date <= league.season_end and not confirmed:
        raise _outside_season(
            league,
            date,
            _(
                "%(date)s is outside the season (%(start)s to %(end)s). "
                "Schedule the night on that date anyway?"
            ),
        )
    return ClubNight.objects.create(league=league, date=date, venue=venue, opened=None)


def run_tonight(league: League, confirmed: bool = False) -> ClubNight:
    """Tonight's night: the one scheduled for today is opened, else one is made, open; on a
    day outside the season only once the organiser has confirmed it."""
    today = timezone.localdate()
    tonight = league.club_nights.filter(
        date=today, ended=None, cancelled=None, online_round=None
    ).first()
    if tonight is not None and tonight.opened is not None:
        return tonight  # open already: the organiser is taken to it
    if tonight is not None:
        return open_night(tonight, today)
    if league.archived:
        raise NightRefused(_("This season has ended: its calendar is read-only."), 409)
    if not league.season_start <= today <= league.season_end and not confirmed:
        raise _outside_season(
            league,
            today,
            _(
                "Today (%(date)s) is outside the season (%(start)s to %(end)s). "
                "Run a club night of this league tonight anyway?"
            ),
        )
    return ClubNight.objects.create(league=league, date=today)


def _scheduled(night: ClubNight) -> ClubNight:
    """``night`` locked, refused unless it is still only on the calendar of a season that
    has not ended."""
    night = ClubNight.objects.select_for_update().select_related("league").get(pk=night.pk)
    if night.league.archived:
        raise NightRefused(_("This season has ended: its calendar is read-only."), 409)
    if night.state != ClubNight.State.SCHEDULED:
        raise NightRefused(
            _(
                "Only a night that is still scheduled can be moved or cancelled; this one is %(state)s."
            )
            % {"state": night.get_state_display()},
            409,
        )
    return night


def _one_line(value: Any, limit: int, too_long: str) -> str:
    """``value`` as one line of plain text (a name or a reason), at most ``limit``
    characters; refused with ``too_long`` (its ``%(count)s`` the limit) or the plain-text
    check's own words."""
    text = " ".join(str(value or "").split())
    if len(text) > limit:
        raise NightRefused(too_long % {"count": limit})
    try:
        plain_name(text)
    except ValidationError as error:
        raise NightRefused(error.messages[0]) from None
    return text


def _reason(reason: Any) -> str:
    limit = NightChange._meta.get_field("reason").max_length
    return _one_line(reason, limit, _("A reason is at most %(count)s characters."))


@transaction.atomic
def rename_night(night: ClubNight, name: Any, by: Any) -> ClubNight:
    """An organiser names the night (blank: it is called by its date); kept in its history."""
    night = ClubNight.objects.select_for_update().select_related("league").get(pk=night.pk)
    if night.league.archived:
        raise NightRefused(_("This season has ended: its calendar is read-only."), 409)
    limit = ClubNight._meta.get_field("name").max_length
    name = _one_line(name, limit, _("A night's name is at most %(count)s characters."))
    if name == night.name:
        raise NightRefused(_("The night has that name already."), 409)
    NightChange.objects.create(
        night=night, kind=NightChange.Kind.RENAMED, before=night.name, after=name, by=by
    )
    night.name = name
    night.save(update_fields=["name"])
    announce(night.pk)
    return night


@transaction.atomic
def move_night(
    night: ClubNight, date: datetime.date, by: Any, reason: Any = "", confirmed: bool = False
) -> ClubNight:
    """A scheduled night moves to another date (outside the season only once confirmed);
    kept in its history."""
    night = _scheduled(night)
    reason = _reason(reason)
    if date == night.date:
        raise NightRefused(_("The night is on that date already."), 409)
    _date_free(night.league, date)
    if not night.league.season_start <= date <= night.league.season_end and not confirmed:
        raise _outside_season(
            night.league,
            date,
            _(
                "%(date)s is outside the season (%(start)s to %(end)s). "
                "Move the night to that date anyway?"
            ),
        )
    NightChange.objects.create(
        night=night,
        kind=NightChange.Kind.MOVED,
        before=f"{night.date:%Y-%m-%d}",
        after=f"{date:%Y-%m-%d}",
        reason=reason,
        by=by,
    )
    night.date = date
    night.save(update_fields=["date"])
    announce(night.pk)
    return night


@transaction.atomic
def cancel_night(night: ClubNight, by: Any, reason: Any = "") -> ClubNight:
    """A scheduled night will not take place: it stays on the calendar, marked cancelled,
    and can no longer be opened; kept in its history."""
    night = _scheduled(night)
    NightChange.objects.create(
        night=night, kind=NightChange.Kind.CANCELLED, reason=_reason(reason), by=by
    )
    night.cancelled = timezone.now()
    night.save(update_fields=["cancelled"])
    announce(night.pk)
    return night


def scheduled_nights(league: League) -> Any:
    """The league's nights still only on the calendar (not opened, ended or cancelled)."""
    return league.club_nights.filter(opened=None, ended=None, cancelled=None).order_by("date")


def settle_scheduled_nights(league: League, following: League | None, by: Any) -> int:
    """At a season's end, what becomes of its scheduled nights: moved into ``following``
    (the next season), or cancelled when it is ``None``. Inside the caller's transaction;
    each is kept in the night's history. Returns how many."""
    rows = list(scheduled_nights(league).select_for_update())
    for night in rows:
        if following is None:
            NightChange.objects.create(night=night, kind=NightChange.Kind.CANCELLED, by=by)
            night.cancelled = timezone.now()
            night.save(update_fields=["cancelled"])
        else:
            NightChange.objects.create(
                night=night,
                kind=NightChange.Kind.NEXT_SEASON,
                before=league.name,
                after=following.name,
                by=by,
            )
            night.league = following
            night.save(update_fields=["league"])
    return len(rows)


@transaction.atomic
def open_night(night: ClubNight, today: datetime.date | None = None) -> ClubNight:
    """A scheduled night is opened on its evening (or later, if it was forgotten): check-in
    and rounds begin."""
    night = ClubNight.objects.select_for_update().select_related("league").get(pk=night.pk)
    if night.cancelled is not None:
        raise NightRefused(_("This club night was cancelled."), 409)
    if night.ended is not None:
        raise NightRefused(_("This club night has ended."), 409)
    if night.opened is not None:
        raise NightRefused(_("This club night is open already."), 409)
    if night.league.archived:
        raise NightRefused(_("This season has ended: its calendar is read-only."), 409)
    today = today or timezone.localdate()
    if today < night.date:
        raise NightRefused(
            _("This night is on %(date)s: it opens on its evening.")
            % {"date": f"{night.date:%Y-%m-%d}"},
            409,
        )
    night.opened = timezone.now()
    night.save(update_fields=["opened"])
    announce(night.pk)
    return night


def calendar(league: League) -> list[ClubNight]:
    """The league's nights by date, each with ``present``: who was checked in (attendance)."""
    rows = list(
        league.club_nights.order_by("date", "pk").prefetch_related(
            Prefetch("entrants", NightEntrant.objects.order_by("name"), to_attr="present"),
            Prefetch("changes", NightChange.objects.select_related("by")),
        )
    )
    return rows
