"""What a result's pages and printed sheets say of its record: void (who, when, why), voided
and counted again (its history), and its last correction ("corrected on … by …").

Each game's result model keeps a history (django-simple-history, ``history`` on the model),
whose rows say who changed the result and why (``history_change_reason``). A void or restore
is a row where ``voided_at`` changed; the game says which of its own rows are corrections.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

VOIDED, RESTORED = "voided", "restored"
WHAT = {VOIDED: gettext_lazy("voided"), RESTORED: gettext_lazy("counted again")}


@dataclass(frozen=True)
class Mark:
    """One thing done to a result's record: ``what`` (voided, counted again, corrected), who,
    when, and the reason given."""

    what: str
    who: str
    when: datetime
    reason: str = ""


def who_of(user: Any) -> str:
    """An account as the record names it; none: the table itself (an online table's games)."""
    return user.get_username() if user is not None else _("the table")


def void_mark(result: Any) -> Mark | None:
    """A void result's banner and stamp: who voided it, when and why (``None`` if it counts)."""
    if result.voided_at is None:
        return None
    who = result.voided_by.get_username() if result.voided_by_id else ""
    return Mark(str(WHAT[VOIDED]), who, result.voided_at, result.void_reason)


def void_history(result: Any) -> list[Mark]:
    """Every void and restore of ``result`` from its history, oldest first."""
    marks = []
    before = None
    rows = result.history.order_by("history_date", "history_id").select_related("history_user")
    for row in rows:
        if before is not None and (before.voided_at is None) != (row.voided_at is None):
            key = VOIDED if row.voided_at is not None else RESTORED
            reason = row.history_change_reason or ""
            marks.append(Mark(str(WHAT[key]), who_of(row.history_user), row.history_date, reason))
        before = row
    return marks
