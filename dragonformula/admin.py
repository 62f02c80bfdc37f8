"""Dragon Formula's league results in the admin: sets read, voided or deleted there (they are
recorded on the score-keeping page or by online tables); a game's "History" lists every
recording, correction and undo of it."""

from __future__ import annotations

from django.contrib import admin
from django.http import HttpRequest
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _
from simple_history.admin import SimpleHistoryAdmin

from dragonformula.models import Penalty, SetGame, SetLine, SetResult
from games.admin.leagues import (
    ComputedInline,
    EndedSeasonReadOnly,
    ResultInline,
    VoidableAdmin,
    result_inline,
)
from games.admin.numbers import DigitsOnly
from games.registry import game_kind


@result_inline
class SetResultInline(ResultInline):
    model = SetResult
    fields = ["number", "complete"]
    readonly_fields = ["number", "complete"]


class SetLineInline(ComputedInline):
    model = SetLine
    fields = ["seat", "member", "element", "points", "rank", "victory_points"]


class SetGameInline(ComputedInline):
    model = SetGame
    fields = ["number", "winner", "win", "hand", "bonuses", "multipliers", "points", "counts"]
    show_change_link = True


@admin.register(SetResult)
class SetResultAdmin(VoidableAdmin):
    """Sets are recorded by the score-keeping page or online tables; here they are read,
    voided or deleted."""

    list_display = ["__str__", "match", "complete", "created_at", "voided_at"]
    list_filter = ["complete", "match__league", ("voided_at", admin.EmptyFieldListFilter)]
    readonly_fields = [
        "match",
        "number",
        "complete",
        "completed_at",
        "voided_at",
        "voided_by",
        "void_reason",
        "sheet_link",
    ]
    inlines = [SetLineInline, SetGameInline]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    @admin.display(description=_("score sheet"))
    def sheet_link(self, set_result: SetResult) -> str:
        """The set's printable sheet, where its game says (``result_pages``); none without."""
        url = game_kind(set_result.match.league.game).result_pages(set_result)[1]
        if not url:
            return "-"
        return format_html('<a href="{}">{}</a>', url, _("print the score sheet"))


class PenaltyInline(ComputedInline):
    model = Penalty
    fields = ["member", "offence", "intentional", "points"]


@admin.register(SetGame)
class SetGameAdmin(EndedSeasonReadOnly, DigitsOnly, SimpleHistoryAdmin):
    """Read-only here: organisers correct a game on its set's page; "History" lists every
    recording, correction and undo of it."""

    list_display = ["__str__", "set", "winner", "win", "hand", "points", "counts"]
    list_filter = ["win", "counts"]
    readonly_fields = [
        "set",
        "number",
        "winner",
        "win",
        "cards",
        "hand",
        "bonuses",
        "multipliers",
        "base",
        "points",
        "reading",
        "counts",
    ]
    inlines = [PenaltyInline]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # games are recorded on the score-keeping page or by online tables

    def has_delete_permission(self, request: HttpRequest, obj=None) -> bool:
        return False  # the set's totals hang on every game: delete the whole set instead
