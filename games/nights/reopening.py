"""An ended club night reopened by an organiser, with the reason kept in the night's history.

An ended night takes no results (``games.leagues.services.check_night_open``) until an
organiser reopens it, saying why; what its online tables finished meanwhile is recorded then
(``games.leagues.online.catch_up``). Each end and reopening is a row of the night's history
(django-simple-history on ``ClubNight``), which the night page lists.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.leagues import online, services
from games.nights.announcing import announce
from games.nights.models import ClubNight
from games.nights.refused import NightRefused

ENDED, REOPENED = "ended", "reopened"
WHAT = {ENDED: gettext_lazy("Night ended"), REOPENED: gettext_lazy("Night reopened")}


@transaction.atomic
def reopen_night(night: ClubNight, by: Any, reason: str) -> ClubNight:
    """An ended night takes results again: the organiser ``by`` says why (its history keeps
    it); its online tables' finished games are recorded now. Rounds stay as they ended."""
    try:
        reason = services.given_reason(reason)
    except ValueError as error:
        raise NightRefused(str(error), 400) from None
    locked = ClubNight.objects.select_for_update().select_related("league").get(pk=night.pk)
    if locked.league.archived:
        raise NightRefused(_("This season has ended: its calendar is read-only."), 409)
    if locked.ended is None:
        raise NightRefused(_("This club night has not ended."), 409)
    locked.ended = None
    services.tag_change(locked, by, reason)
    locked.save(update_fields=["ended"])
    online.catch_up(locked)
    announce(locked.pk)
    return locked


@dataclass(frozen=True)
class NightChange:
    """One end or reopening of the night: who, when, and the reason given."""

    what: str
    who: str
    when: datetime
    reason: str


def night_history(night: ClubNight) -> list[NightChange]:
    """Every time the night ended or was reopened, newest first."""
    changes = []
    before = None
    rows = night.history.order_by("history_date", "history_id").select_related("history_user")
    for row in rows:
        if before is not None and (before.ended is None) != (row.ended is None):
            key = ENDED if row.ended is not None else REOPENED
            who = row.history_user.get_username() if row.history_user else ""
            reason = row.history_change_reason or ""
            changes.append(NightChange(str(WHAT[key]), who, row.history_date, reason))
        before = row
    return changes[::-1]
