"""A Dragon Formula set's history as its page shows it: every game recorded, corrected or
undone, by whom, when and why, with what it was before and after; and every void and restore
of the set.

The rows come from django-simple-history (``SetGame.history`` and ``Penalty.history``): a
change is one game row, with the penalty rows the same change removed (just before it) and
added (just after it). Its ``history_change_reason`` is the reason the organiser gave (older
rows hold only the words "recorded", "corrected" or "undone"). A game an online table
recorded was recorded by the table, whoever's move ended it. The set's own history
(``SetResult.history``) holds its voids and restores (``games.leagues.record_marks``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from dragonformula import scored_hands
from dragonformula.models import Penalty, SetGame, SetResult
from games.leagues import record_marks
from games.leagues.member_models import Member

WHAT = {
    "+": gettext_lazy("recorded"),
    "~": gettext_lazy("corrected"),
    "-": gettext_lazy("undone"),
}
# What older rows (and a recording, or an undo without one) hold instead of a reason.
NO_REASON = {"recorded", "corrected", "undone"}


@dataclass
class Change:
    """One row of the set's history: game ``number`` was recorded, corrected or undone."""

    number: int
    what: str
    who: str
    when: datetime
    before: dict[str, str] | None
    after: dict[str, str] | None
    after_penalties: list[str] = field(default_factory=list)
    reason: str = ""
    of_the_set: bool = False  # the set voided or counted again (no game of it)

    @property
    def corrected(self) -> bool:
        return self.before is not None and self.after is not None

    def summary(self) -> str:
        """A game recorded or undone in one line: what it was (its fields that say something)."""
        fields = dict(self.after if self.after is not None else self.before or {})
        if self.after is not None:
            fields[str(LABELS["penalties"])] = "; ".join(self.after_penalties)
        penalties = fields.pop(str(LABELS["penalties"]), "")
        points = fields.pop(str(LABELS["points"]), "")
        words = [value for value in fields.values() if value]
        if points:
            words.append(_("%(points)s points") % {"points": points})
        if penalties and penalties != "—":
            words.append(_("penalties: %(penalties)s") % {"penalties": penalties})
        return " · ".join(words)

    def rows(self) -> list[tuple[str, str, str]]:
        """(field, before, after) for each field the change touched; all fields when the
        game was recorded or undone."""
        before = self.before or {}
        after = dict(self.after or {})
        if self.after is not None:
            after[LABELS["penalties"]] = "; ".join(self.after_penalties) or "—"
        rows = []
        for key in (str(label) for label in LABELS.values()):
            old, new = before.get(key, ""), after.get(key, "")
            if self.before is not None and self.after is not None and old == new:
                continue
            rows.append((key, old or "—", new or "—"))
        return rows


LABELS = {
    "winner": gettext_lazy("Winner"),
    "win": gettext_lazy("How"),
    "hand": gettext_lazy("Hand"),
    "bonuses": gettext_lazy("Bonus points"),
    "multipliers": gettext_lazy("Multipliers (×)"),
    "points": gettext_lazy("Game points"),
    "penalties": gettext_lazy("Penalties"),
}


def _game_fields(row: Any, names: dict[int, str]) -> dict[str, str]:
    """A historical game row as the page words it."""
    winner = names.get(row.winner_id, "") if row.winner_id else _("no winner")
    hand = scored_hands.hand_name(row.hand) if row.hand else ""
    if row.cards:
        hand = f"{hand} ({row.cards})"
    return {
        str(LABELS["winner"]): winner,
        str(LABELS["win"]): str(SetGame.Win(row.win).label) if row.win else "",
        str(LABELS["hand"]): hand,
        str(LABELS["bonuses"]): ", ".join(scored_hands.bonus_name(b) for b in row.bonuses or ()),
        str(LABELS["multipliers"]): ", ".join(
            scored_hands.multiplier_name(m) for m in row.multipliers or ()
        ),
        str(LABELS["points"]): str(row.points),
    }


def _penalty_text(row: Any, names: dict[int, str]) -> str:
    offence = str(Penalty.Offence(row.offence).label)
    if row.intentional:
        offence = f"{offence}, {_('intentional')}"
    return f"{names.get(row.member_id, '?')} {row.points} ({offence})"


def _who(row: Any, online: bool) -> str:
    if online and row.history_type == "+":
        return record_marks.who_of(None)  # the table recorded it, not the player who moved
    return record_marks.who_of(row.history_user)


def _reason(row: Any) -> str:
    reason = row.history_change_reason or ""
    return "" if reason in NO_REASON else reason


def last_correction(set_result: SetResult) -> record_marks.Mark | None:
    """The set's latest game corrected or undone, for its printed sheet ("corrected on … by …")."""
    row = (
        SetGame.history.filter(set_id=set_result.pk, history_type__in=["~", "-"])
        .select_related("history_user")
        .order_by("-history_date", "-history_id")
        .first()
    )
    if row is None:
        return None
    return record_marks.Mark(str(WHAT["~"]), _who(row, False), row.history_date, _reason(row))


def set_history(set_result: SetResult) -> list[Change]:
    """Every change to the set's games, and every void and restore of the set, newest first."""
    online = set_result.match.table_id is not None
    game_rows = list(SetGame.history.filter(set_id=set_result.pk).select_related("history_user"))
    game_ids = {row.id for row in game_rows}
    penalty_rows = list(Penalty.history.filter(game_id__in=game_ids))
    member_ids = {row.winner_id for row in game_rows} | {row.member_id for row in penalty_rows}
    names = dict(Member.objects.filter(pk__in=member_ids - {None}).values_list("pk", "name"))
    events = sorted([*game_rows, *penalty_rows], key=lambda row: (row.history_date, row.pk))
    games: dict[int, dict[str, str]] = {}
    alive: dict[int, tuple[int, str]] = {}  # penalty id -> (game id, its words)
    removed_before: dict[int, list[str]] = {}  # penalties a change took off, before its game row
    open_change: dict[int, Change] = {}
    changes = []
    for row in events:
        if isinstance(row, Penalty.history.model):
            if row.history_type == "-":
                if row.game_id not in removed_before:
                    removed_before[row.game_id] = [
                        text for gid, text in alive.values() if gid == row.game_id
                    ]
                open_change.pop(row.game_id, None)
                alive.pop(row.id, None)
            else:
                text = _penalty_text(row, names)
                alive[row.id] = (row.game_id, text)
                change = open_change.get(row.game_id)
                if change is not None and row.history_type == "+":
                    change.after_penalties.append(text)
            continue
        old_penalties = removed_before.pop(
            row.id, [text for gid, text in alive.values() if gid == row.id]
        )
        before = None
        if row.history_type != "+":
            before = dict(games.get(row.id, {}))
            before[str(LABELS["penalties"])] = "; ".join(old_penalties) or "—"
        after = None if row.history_type == "-" else _game_fields(row, names)
        change = Change(
            number=row.number,
            what=str(WHAT[row.history_type]),
            who=_who(row, online),
            when=row.history_date,
            before=before,
            after=after,
            reason=_reason(row),
        )
        changes.append(change)
        if after is not None:
            games[row.id] = after
            open_change[row.id] = change
        else:
            games.pop(row.id, None)
            open_change.pop(row.id, None)
    for mark in record_marks.void_history(set_result):
        changes.append(
            Change(
                0, mark.what, mark.who, mark.when, None, None, reason=mark.reason, of_the_set=True
            )
        )
    changes.sort(key=lambda change: change.when)
    return changes[::-1]
