"""Admin for leagues, club nights, matches and results.

Ranks, victory points and game points are computed by ``games.leagues.services``
and shown read-only here; the League page links to its standings (a custom admin view).
"""

from __future__ import annotations

from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from games.admin.numbers import DigitsOnly
from games.leagues import result_lines
from games.leagues import views as league_views
from games.leagues.member_models import GuestSeat, Member, MemberClaim
from games.leagues.models import League, Match, Result, ResultLine
from games.nights.models import ClubNight
from games.ratings import ratings
from games.ratings.models import Rating
from games.registry import game_kind


@admin.register(Member)
class MemberAdmin(DigitsOnly, admin.ModelAdmin):
    """Staff link a league player to an account here (or on the league page, or with a claim
    code); a placeholder of a seat waiting for a keeper is never linked."""

    list_display = ["name", "reading", "user", "guest"]
    list_filter = ["guest"]
    search_fields = ["name", "reading", "user__username"]
    autocomplete_fields = ["user"]

    def get_readonly_fields(self, request: HttpRequest, obj: Member | None = None) -> list[str]:
        return ["name", "user", "guest"] if obj is not None and obj.guest else ["guest"]


class ReadOnlyAdmin(DigitsOnly, admin.ModelAdmin):
    """Rows written by ``games.leagues.services`` only: listed here, changed on the league pages."""

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj=None) -> bool:
        return False


@admin.register(GuestSeat)
class GuestSeatAdmin(ReadOnlyAdmin):
    list_display = ["name", "match", "seat", "resolved_to", "resolved_by", "league_link"]
    list_filter = [("resolved_to", admin.EmptyFieldListFilter), "match__league"]

    @admin.display(description=_("league page"))
    def league_link(self, seat: GuestSeat) -> str:
        url = reverse("leagues:league_detail", args=[seat.match.league_id]) + "#pending"
        return format_html('<a href="{}">{}</a>', url, _("say who played"))


@admin.register(MemberClaim)
class MemberClaimAdmin(ReadOnlyAdmin):
    list_display = ["member", "league", "created_by", "created_at", "expires_at", "used_by"]
    list_filter = ["league"]
    exclude = ["code_hash"]


@admin.register(Rating)
class RatingAdmin(ReadOnlyAdmin):
    list_display = ["member", "game", "shown", "mu", "sigma", "results"]
    list_filter = ["game"]
    search_fields = ["member__name"]

    @admin.display(description=_("rating"))
    def shown(self, rating: Rating) -> str:
        return ratings.shown(rating.mu, rating.sigma, rating.results)


def league_of(obj: object) -> League | None:
    """The league a row of the league admin belongs to (a league, night, match or result)."""
    if isinstance(obj, League):
        return obj
    for field in ("league", "match", "set", "game"):
        obj_next = getattr(obj, field, None)
        if obj_next is not None and obj_next is not obj:
            return league_of(obj_next)
    return None


class EndedSeasonReadOnly:
    """An ended season is read-only in the admin too, for staff as on the league pages: its
    league, nights, matches and results are shown, never changed or deleted here."""

    def _ended(self, obj: object) -> bool:
        league = league_of(obj) if obj is not None else None
        return league is not None and league.archived

    def has_change_permission(self, request: HttpRequest, obj=None) -> bool:
        return not self._ended(obj) and super().has_change_permission(request, obj)

    def has_delete_permission(self, request: HttpRequest, obj=None) -> bool:
        return not self._ended(obj) and super().has_delete_permission(request, obj)


class VoidableAdmin(EndedSeasonReadOnly, DigitsOnly, admin.ModelAdmin):
    """Void or restore a result on its own page, where the reason is asked (the action opens
    it); a deletion recomputes the ratings."""

    actions = ["void_results", "restore_results"]

    def _to_the_void_page(self, request: HttpRequest, queryset, name: str) -> HttpResponse | None:
        if queryset.count() != 1:
            self.message_user(
                request,
                _("Void or count again one result at a time: its page asks why."),
                level=messages.WARNING,
            )
            return None
        result = queryset.select_related("match__league").get()
        kind = game_kind(result.match.league.game).league_part.RESULT_KIND
        return redirect(reverse(f"leagues:{name}", args=[kind, result.pk]))

    @admin.action(description=_("Void the selected result (asks why)"))
    def void_results(self, request: HttpRequest, queryset) -> HttpResponse | None:
        return self._to_the_void_page(request, queryset, "void_result")

    @admin.action(description=_("Count the selected result again (asks why)"))
    def restore_results(self, request: HttpRequest, queryset) -> HttpResponse | None:
        return self._to_the_void_page(request, queryset, "restore")

    def delete_model(self, request: HttpRequest, obj) -> None:
        game = obj.match.league.game
        super().delete_model(request, obj)
        ratings.rebuild(game)

    def delete_queryset(self, request: HttpRequest, queryset) -> None:
        games = set(queryset.values_list("match__league__game", flat=True))
        super().delete_queryset(request, queryset)
        for game in games:
            ratings.rebuild(game)


class ClubNightInline(DigitsOnly, admin.TabularInline):
    model = ClubNight
    extra = 0
    fields = ["date", "venue", "notes"]


@admin.register(League)
class LeagueAdmin(EndedSeasonReadOnly, DigitsOnly, admin.ModelAdmin):
    list_display = ["name", "club", "game", "season_start", "season_end", "standings_link"]
    list_filter = ["game"]
    search_fields = ["name", "club"]
    filter_horizontal = ["members", "organisers"]
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


class MatchInline(DigitsOnly, admin.TabularInline):
    model = Match
    extra = 0
    fields = ["league", "source", "table_code", "played_on"]
    show_change_link = True


@admin.register(ClubNight)
class ClubNightAdmin(EndedSeasonReadOnly, DigitsOnly, admin.ModelAdmin):
    list_display = ["date", "league", "venue", "get_state_display"]
    list_filter = ["league"]
    date_hierarchy = "date"
    inlines = [MatchInline]


@admin.register(Match)
class MatchAdmin(EndedSeasonReadOnly, DigitsOnly, admin.ModelAdmin):
    list_display = ["__str__", "league", "club_night", "source", "table_code", "played_on"]
    list_filter = ["league", "source"]
    search_fields = ["table_code"]
    # Each game's admin adds the inline of its results (``result_inline``).
    inlines: list[type[admin.TabularInline]] = []


class ResultInline(DigitsOnly, admin.TabularInline):
    """A match's results of one game, listed on the match: read, opened, deleted."""

    extra = 0
    show_change_link = True

    def has_add_permission(self, request: HttpRequest, obj=None) -> bool:
        return False  # results are recorded on the league pages or by online tables


def result_inline(inline: type[admin.TabularInline]) -> type[admin.TabularInline]:
    """Show a game's results on the match's admin page (a game's admin registers its own)."""
    MatchAdmin.inlines = [*MatchAdmin.inlines, inline]
    return inline


class ComputedInline(DigitsOnly, admin.TabularInline):
    """Lines computed by games.leagues.services: shown, never typed (delete the whole result)."""

    extra = 0
    can_delete = False

    def has_add_permission(self, request: HttpRequest, obj=None) -> bool:
        return False

    def get_readonly_fields(self, request: HttpRequest, obj=None) -> list[str]:
        return list(self.fields)


# --- the platform's own results (a game without result models of its own) ----------------


def recorded_in_the_platform(results: QuerySet) -> QuerySet:
    """The platform's results of games without result models of their own: a game's own
    results are kept, voided and deleted in its admin (their platform rows follow)."""
    return results.exclude(match__league__game__in=result_lines.kept_here())


@result_inline
class ResultOfMatchInline(ResultInline):
    model = Result
    fields = ["number", "complete"]
    readonly_fields = ["number", "complete"]

    def get_queryset(self, request: HttpRequest) -> QuerySet:
        return recorded_in_the_platform(super().get_queryset(request))


class ResultLineInline(ComputedInline):
    model = ResultLine
    fields = ["seat", "member", "points", "rank", "victory_points", "by_bot"]


@admin.register(Result)
class ResultAdmin(VoidableAdmin):
    """Read, voided or deleted here; recorded on the league pages."""

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
    ]
    inlines = [ResultLineInline]

    def get_queryset(self, request: HttpRequest) -> QuerySet:
        return recorded_in_the_platform(super().get_queryset(request))

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False
