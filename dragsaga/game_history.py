"""A DragSaga game's history as its page shows it: recorded, corrected (each player's figures
before and after), voided and counted again, by whom, when and why.

The rows come from django-simple-history: each change to the game is one row of
``DragSagaResult.history`` (saved after its lines, with the reason given), and the lines'
own history (``DragSagaLine.history``) holds the figures as they stood after it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from django.utils.translation import gettext_lazy

from dragsaga.models import DragSagaLine, DragSagaResult
from games.leagues import record_marks
from games.leagues.member_models import Member

RECORDED_WORD, CORRECTED_WORD = gettext_lazy("recorded"), gettext_lazy("corrected")
FIGURES = {
    "damage": gettext_lazy("Damage tokens"),
    "cards_left": gettext_lazy("Cards left"),
    "leftover_cost": gettext_lazy("Their cost"),
    "final_damage": gettext_lazy("Final damage"),
    "rank": gettext_lazy("Place"),
    "victory_points": gettext_lazy("VP"),
}


@dataclass
class GameChange:
    """One change to the game: what, who, when, why, and for a correction each figure that
    changed, as (player, figure, before, after)."""

    what: str
    who: str
    when: datetime
    reason: str = ""
    rows: list[tuple[str, str, str, str]] = field(default_factory=list)


def _figure(line: Any, name: str) -> str:
    value = getattr(line, name)
    return f"{value.normalize():f}" if name == "victory_points" else str(value)


def _state(line_rows: list[Any], until: datetime) -> dict[int, Any]:
    """Each line (by id) as its history row stood at ``until``."""
    state: dict[int, Any] = {}
    for row in line_rows:
        if row.history_date > until:
            break
        state[row.id] = row
    return state


def game_history(result: DragSagaResult) -> list[GameChange]:
    """Every change to the game, newest first."""
    line_rows = list(
        DragSagaLine.history.filter(game_id=result.pk).order_by("history_date", "history_id")
    )
    names = dict(
        Member.objects.filter(pk__in={row.member_id for row in line_rows}).values_list("pk", "name")
    )
    online = result.match.table_id is not None
    changes: list[GameChange] = []
    before: Any = None
    rows = result.history.order_by("history_date", "history_id").select_related("history_user")
    for row in rows:
        who = record_marks.who_of(None if online and row.history_type == "+" else row.history_user)
        if row.history_type == "+":
            changes.append(GameChange(str(RECORDED_WORD), who, row.history_date))
        elif (before.voided_at is None) == (row.voided_at is None):
            # A correction saves the lines it changed, then this row: the lines before it are
            # as they stood without those saves.
            now = _state(line_rows, row.history_date)
            previous = _state(
                [
                    r
                    for r in line_rows
                    if r.history_type == "+" or r.history_date <= before.history_date
                ],
                row.history_date,
            )
            diffs = [
                (
                    names.get(line.member_id, "?"),
                    str(label),
                    _figure(old, name),
                    _figure(line, name),
                )
                for line_id, line in sorted(now.items(), key=lambda item: item[1].seat)
                if (old := previous.get(line_id)) is not None
                for name, label in FIGURES.items()
                if _figure(old, name) != _figure(line, name)
            ]
            reason = row.history_change_reason or ""
            changes.append(GameChange(str(CORRECTED_WORD), who, row.history_date, reason, diffs))
        before = row
    for mark in record_marks.void_history(result):
        changes.append(GameChange(mark.what, mark.who, mark.when, mark.reason))
    changes.sort(key=lambda change: change.when)
    return changes[::-1]


def last_correction(result: DragSagaResult) -> record_marks.Mark | None:
    """The game's latest correction, for its printed sheet ("corrected on … by …")."""
    corrected = [c for c in game_history(result) if c.what == str(CORRECTED_WORD)]
    if not corrected:
        return None
    last = corrected[0]
    return record_marks.Mark(last.what, last.who, last.when, last.reason)
