"""Admin for leagues, club nights, matches and results.

Ranks, victory points and game points are computed by ``games.leagues.services``
and shown read-only here; the League page links to its standings (a custom admin view).
"""

from __future__ import annotations

from django.contrib import admin
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from games.leagues import views as league_views
from games.models import (
    ClubNight,
    DragSagaLine,
    DragSagaResult,
    League,
    Match,
    Member,
    Penalty,
    SetGame,
    SetLine,
    SetResult,
)


@admin.register(Member)
class MemberAdmin(admin.ModelAdmin):
    list_display = ["name", "user"]
    search_fields = ["name", "user__username"]
    autocomplete_fields = ["user"]


class ClubNightInline(admin.TabularInline):
    model = ClubNight
    extra = 0
    fields = ["date", "venue", "notes"]


@admin.register(League)
class LeagueAdmin(admin.ModelAdmin):
    list_display = ["name", "club", "game", "season_start", "season_end", "standings_link"]
    list_filter = ["game"]
    search_fields = ["name", "club"]
    filter_horizontal = ["members"]
    inlines = [ClubNightInline]
    change_form_template = "leagues/admin/change_form.html"

    def get_urls(self):
        standings = self.admin_site.admin_view(self.standings_view)
        return [
            path("<int:league_id>/standings/", standings, name="games_league_standings"),
            *super().get_urls(),
        ]

    @admin.display(description=_("standings"))
    def standings_link(self, league: League) -> str:
        url = reverse("admin:games_league_standings", args=[league.pk])
        return format_html('<a href="{}">{}</a>', url, _("standings"))

    def standings_view(self, request: HttpRequest, league_id: int) -> HttpResponse:
        league = get_object_or_404(League, pk=league_id)
        if not self.has_view_permission(request, league):
            raise admin.sites.PermissionDenied
        context = {
            **self.admin_site.each_context(request),
            **league_views.standings_context(request, league),
            "opts": self.model._meta,
            "original": league,
            "title": _("Standings of %(league)s") % {"league": league},
        }
        return TemplateResponse(request, "leagues/admin/standings.html", context)


class MatchInline(admin.TabularInline):
    model = Match
    extra = 0
    fields = ["league", "source", "table_code", "played_on"]
    show_change_link = True


@admin.register(ClubNight)
class ClubNightAdmin(admin.ModelAdmin):
    list_display = ["date", "league", "venue"]
    list_filter = ["league"]
    date_hierarchy = "date"
    inlines = [MatchInline]


class SetResultInline(admin.TabularInline):
    model = SetResult
    extra = 0
    fields = ["number", "complete"]
    readonly_fields = ["number", "complete"]
    show_change_link = True
    can_delete = True

    def has_add_permission(self, request: HttpRequest, obj=None) -> bool:
        return False  # results are recorded on the league pages or by online tables


class DragSagaResultInline(admin.TabularInline):
    model = DragSagaResult
    extra = 0
    fields = ["number"]
    readonly_fields = ["number"]
    show_change_link = True

    def has_add_permission(self, request: HttpRequest, obj=None) -> bool:
        return False  # results are recorded on the league pages or by online tables


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin):
    list_display = ["__str__", "league", "club_night", "source", "table_code", "played_on"]
    list_filter = ["league", "source"]
    search_fields = ["table_code"]
    inlines = [SetResultInline, DragSagaResultInline]


class ComputedInline(admin.TabularInline):
    """Lines computed by games.leagues.services: shown, never typed (delete the whole result)."""

    extra = 0
    can_delete = False

    def has_add_permission(self, request: HttpRequest, obj=None) -> bool:
        return False

    def get_readonly_fields(self, request: HttpRequest, obj=None) -> list[str]:
        return list(self.fields)


class SetLineInline(ComputedInline):
    model = SetLine
    fields = ["seat", "member", "element", "points", "rank", "victory_points"]


class SetGameInline(ComputedInline):
    model = SetGame
    fields = ["number", "winner", "win", "hand", "bonuses", "multipliers", "points", "counts"]
    show_change_link = True


@admin.register(SetResult)
class SetResultAdmin(admin.ModelAdmin):
    """Sets are recorded by the score-keeping page or online tables; here they are read or deleted."""

    list_display = ["__str__", "match", "complete", "created_at"]
    list_filter = ["complete", "match__league"]
    readonly_fields = ["match", "number", "complete", "sheet_link"]
    inlines = [SetLineInline, SetGameInline]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    @admin.display(description=_("score sheet"))
    def sheet_link(self, set_result: SetResult) -> str:
        url = reverse("leagues:set_sheet", args=[set_result.pk])
        return format_html('<a href="{}">{}</a>', url, _("print the score sheet"))


class PenaltyInline(ComputedInline):
    model = Penalty
    fields = ["member", "offence", "intentional", "points"]


@admin.register(SetGame)
class SetGameAdmin(admin.ModelAdmin):
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


class DragSagaLineInline(ComputedInline):
    model = DragSagaLine
    fields = [
        "seat",
        "member",
        "damage",
        "leftover_cost",
        "cards_left",
        "penalty",
        "final_damage",
        "rank",
        "victory_points",
    ]


@admin.register(DragSagaResult)
class DragSagaResultAdmin(admin.ModelAdmin):
    list_display = ["__str__", "match", "created_at"]
    list_filter = ["match__league"]
    readonly_fields = ["match", "number"]
    inlines = [DragSagaLineInline]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # recorded on the league page or by online tables
