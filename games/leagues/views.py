"""League pages: public standings, CSV exports, score keeping at real tables, printable sheets.

Views stay thin: reads come from ``selectors``, writes go through ``services``. What is a
game's own (its score-keeping form, its blank sheet) comes through its ``league`` hook
(``games.registry``); its own pages (a set's running table …) are its ``league_urls``.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

from django.conf import settings
from django.contrib.auth.views import redirect_to_login
from django.contrib.staticfiles import finders
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import NoReverseMatch, reverse
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods

from games.leagues import (
    forms,
    identity_forms,
    members,
    online,
    record_marks,
    roster_care,
    selectors,
    services,
)
from games.leagues.member_models import Member
from games.leagues.models import League, Match
from games.nights.models import OnlineRound
from games.printing import pdf
from games.registry import GAMES, game_kind
from games.tables import views as table_views
from games.tables.actions.refused import ActionRefused
from games.tables.models import MoveDeadline
from games.tables.validators import is_ascii_number

logger = logging.getLogger(__name__)
PRINT_CSS = Path(settings.BASE_DIR) / "static" / "css" / "print.css"


def sheet_css() -> str:
    """The CSS a sheet's PDF inlines, in the order a sheet page links it: the club's
    ``print.css``, then each registered game's print stylesheet (its ``print_stylesheet``)."""
    parts = [PRINT_CSS.read_text()]
    for kind in GAMES.values():
        if kind.print_stylesheet:
            parts.append(Path(finders.find(kind.print_stylesheet)).read_text())
    return "\n".join(parts)


# --- who may keep score ---------------------------------------------------------------


def may_keep_score(user, league: League) -> bool:
    """Whether ``user`` is an organiser of ``league``: one the league names (``organisers``,
    set in the admin) or staff, who organise every league. The one gate of every write
    that is the organisers' (nights, rounds, others' check-in, results, voids, accounts,
    claim codes); being a member of the league, with or without a login, is not enough."""
    if not user.is_authenticated:
        return False
    return user.is_staff or league.organisers.filter(pk=user.pk).exists()


is_organiser = may_keep_score


def refuse_or_login(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        raise PermissionDenied(_("Only the league's organisers may do that."))
    try:
        login_url = reverse(settings.LOGIN_URL)
    except NoReverseMatch:
        login_url = reverse("admin:login")
    return redirect_to_login(request.get_full_path(), login_url)


def refuse_archived(request: HttpRequest, league: League) -> HttpResponse:
    """A season that has ended is read-only: every write to it is refused (409)."""
    message = _("This season has ended: its pages are read-only.")
    context = {"message": message, "league": league}
    return render(request, "leagues/message.html", context, status=409)


def refuse_result(request: HttpRequest, refusal: services.NightEnded) -> HttpResponse:
    """A result refused because its club night has ended (409, and what to do about it)."""
    return render(request, "leagues/message.html", {"message": str(refusal)}, status=409)


def organiser_refusal(request: HttpRequest, league: League) -> HttpResponse | None:
    """The gate of every organiser's write to ``league``: the refusal to send back (sign in,
    403 to anyone but its organisers, 409 once its season has ended), or ``None`` to go on."""
    if not may_keep_score(request.user, league):
        return refuse_or_login(request)
    if league.archived:
        return refuse_archived(request, league)
    return None


# --- public pages -----------------------------------------------------------------------


ROSTER_CHANGES = 30  # the latest changes to the roster the players' section lists


def blank_sheets() -> list[tuple[str, Any]]:
    """Every game's blank score sheet: its name (for ``leagues:blank_sheet``) and label."""
    return [
        (kind.name, kind.league_part.SHEET_NAME)
        for kind in GAMES.values()
        if kind.league_part.prints_sheets
    ]


def game_tools() -> list[tuple[str, Any]]:
    """Every game's tools for players (its ``TOOLS`` hook): their URL and label."""
    return [
        (reverse(url_name), label)
        for kind in GAMES.values()
        for url_name, label in kind.league_part.TOOLS
    ]


@require_GET
def league_list(request: HttpRequest) -> HttpResponse:
    context = {
        "leagues": League.objects.all(),
        "blank_sheets": blank_sheets(),
        "game_tools": game_tools(),
    }
    return render(request, "leagues/league_list.html", context)


def standings_columns(league: League, sort: str, descending: bool) -> list[dict[str, Any]]:
    """The standings headers: label, the query string a click asks for, and aria-sort;
    after the platform's columns, the game's own (its ``STANDINGS_COLUMNS`` hook)."""
    kind = game_kind(league.game)
    labels = [
        ("place", _("Place")),
        ("name", _("Player")),
        ("vp", _("VP")),
        ("rating", _("Rating")),
        ("played", league.played_label),
        ("average", league.average_label),
        ("wins", _("Wins")),
        ("points", league.points_label),
        *kind.league_part.STANDINGS_COLUMNS,
    ]
    titles = {"wins": kind.league_part.WINS_TITLE or _("Games finished first")}
    columns = []
    for key, label in labels:
        first_desc = key not in ("place", "name")
        wants_desc = (not descending) if key == sort else first_desc
        columns.append(
            {
                "key": key,
                "label": label,
                "title": titles.get(key, ""),
                "query": f"?sort={key}&dir={'desc' if wants_desc else 'asc'}",
                "aria_sort": ("descending" if descending else "ascending") if key == sort else "",
            }
        )
    return columns


def standings_table(league: League, sort: str = "place", descending: bool = False) -> dict:
    """What ``leagues/_standings_table.html`` reads: the rows, their columns and the
    template of the game's own cells (its ``STANDINGS_CELLS`` hook, ``""`` for none)."""
    return {
        "league": league,
        "rows": selectors.standings(league, sort, descending),
        "columns": standings_columns(league, sort, descending),
        "game_cells": game_kind(league.game).league_part.STANDINGS_CELLS,
    }


def standings_context(request: HttpRequest, league: League) -> dict[str, Any]:
    if league.archived:  # the standings as they stood when the season ended
        return {**standings_table(league), "rows": league.final_standings, "sortable": False}
    sort = request.GET.get("sort", "place")
    sort = sort if sort in selectors.SORT_FIELDS else "place"
    descending = request.GET.get("dir") == "desc"
    return {
        **standings_table(league, sort, descending),
        "sort": sort,
        "descending": descending,
        "sortable": True,
    }


def with_pages(league: League, results: Any) -> list[Any]:
    """``results`` each with ``page_url`` and ``sheet_url``: where the game links them (its
    ``result_pages`` hook; ``None`` for no link)."""
    kind = game_kind(league.game)
    results = list(results)
    for result in results:
        result.page_url, result.sheet_url = kind.result_pages(result)
    return results


@require_GET
def league_detail(request: HttpRequest, pk: int) -> HttpResponse:
    league = get_object_or_404(League, pk=pk)
    context = standings_context(request, league)
    if request.htmx:
        return render(request, "leagues/_standings_table.html", context)
    context["results"] = with_pages(league, selectors.league_results(league)[:20])
    context["recent_results"] = game_kind(league.game).league_part.RECENT_RESULTS
    context["club_nights"] = league.club_nights.select_related("online_round")
    context["move_deadlines"] = MoveDeadline.choices
    if getattr(game_kind(league.game).engine, "timeouts", None) is not None:
        context["out_of_time_choices"] = OnlineRound.OutOfTime.choices
    context["blank_sheets"] = blank_sheets()
    context["may_keep_score"] = may_keep_score(request.user, league) and not league.archived
    context["pending_seats"] = selectors.pending_seats(league)
    if context["may_keep_score"]:
        context["table_form"] = forms.LeagueTableForm(league=league)
        context["league_players"] = league.members.filter(guest=False).select_related("user")
        context["link_form"] = identity_forms.LinkMemberForm(league=league)
        context["roster_changes"] = league.roster_changes.select_related("by")[:ROSTER_CHANGES]
        context["withdrawn_players"] = roster_care.withdrawn_members(league)
        context["seat_form"] = identity_forms.NameSeatForm(league=league)
        context["claim_days"] = services.claim_code_lifetime().days
    return render(request, "leagues/league_detail.html", context)


# --- score keeping ------------------------------------------------------------------------


@require_http_methods(["GET", "POST"])
def record(request: HttpRequest, pk: int) -> HttpResponse:
    """Score keeping at a real table: the game's own form (its ``record_form`` hook), stored in a
    new match (its ``record`` hook: a Dragon Formula set is started, a DragSaga game recorded)."""
    league = get_object_or_404(League, pk=pk)
    if (refused := organiser_refusal(request, league)) is not None:
        return refused
    scoring = game_kind(league.game).league_part
    if not scoring.keeps_score:  # a game without score keeping at a real table
        raise Http404
    form = scoring.record_form(request.POST or None, league=league)
    if request.method == "POST" and form.is_valid():
        try:
            with transaction.atomic():
                match = services.new_match(
                    league, form.cleaned_data.get("club_night"), source=Match.Source.PHYSICAL
                )
                return redirect(scoring.record(match, form))
        except services.NightEnded as refusal:
            return refuse_result(request, refusal)
        except ValueError as error:
            form.add_error(None, str(error))
    status = 400 if request.method == "POST" else 200
    return render(request, "leagues/record.html", {"league": league, "form": form}, status=status)


@require_http_methods(["POST"])
def open_table(request: HttpRequest, pk: int) -> HttpResponse:
    """Open an online league table (its results then reach the league by themselves)."""
    league = get_object_or_404(League, pk=pk)
    if (refused := organiser_refusal(request, league)) is not None:
        return refused
    form = forms.LeagueTableForm(request.POST, league=league)
    if form.is_valid():
        night = form.cleaned_data.get("club_night")
        try:
            services.check_night_open(Match(club_night=night))
        except services.NightEnded as refusal:
            return refuse_result(request, refusal)
        try:
            table = online.open_league_table(
                league,
                players=form.cleaned_data["players"],
                bot_level=form.cleaned_data["bot_level"],
                created_by=table_views.current_player(request),
                club_night=form.cleaned_data.get("club_night"),
            )
        except ActionRefused as error:
            form.add_error(None, error.message)
        else:
            return redirect(table_views.table_url(table))
    context = {"league": league, "table_form": form, "form": None}
    return render(request, "leagues/open_table.html", context, status=400)


# --- printable sheets -----------------------------------------------------------------------


def sheet_response(
    request: HttpRequest, template: str, context: dict[str, Any], name: str, as_pdf: bool
) -> HttpResponse:
    if not as_pdf:
        return render(request, template, {**context, "pdf_url": request.path + "pdf/"})
    html = render_to_string(
        template, {**context, "for_pdf": True, "print_css": sheet_css()}, request
    )
    try:
        document = pdf.html_to_pdf(html)
    except pdf.PdfBusy as busy:  # every printing slot taken: a moment later it will work
        message = _("Many sheets are being printed just now; try again in a few seconds.")
        response = render(request, "leagues/message.html", {"message": message}, status=503)
        response["Retry-After"] = str(busy.retry_after)
        return response
    except Exception:  # a broken font or library: say so, the Print button still works
        logger.exception("Printing %s to PDF failed", request.path)
        message = _("The PDF could not be made just now; use the Print button instead.")
        return render(request, "leagues/message.html", {"message": message}, status=503)
    response = HttpResponse(document, content_type="application/pdf")
    response["Content-Disposition"] = f'attachment; filename="{name}.pdf"'
    return response


def _players(request: HttpRequest) -> int:
    """The players a blank sheet is printed for (ASCII digits; four for anything else)."""
    raw = request.GET.get("players", "4")
    return int(raw) if is_ascii_number(raw, digits=2) else 4


@require_GET
def blank_sheet(request: HttpRequest, game: str, as_pdf: bool = False) -> HttpResponse:
    """A game's blank score sheet to print (its ``blank_sheet`` hook), 2 to 4 players."""
    try:
        printed = game_kind(game).league.blank_sheet
    except LookupError:
        raise Http404 from None
    if printed is None:  # a game that prints no sheet
        raise Http404
    template, context = printed(_players(request))
    return sheet_response(request, template, context, f"{game}-sheet", as_pdf)


@require_GET
def standings_sheet(request: HttpRequest, pk: int, as_pdf: bool = False) -> HttpResponse:
    league = get_object_or_404(League, pk=pk)
    context = standings_table(league)
    name = f"{slugify(league.name) or 'league'}-standings"
    return sheet_response(request, "sheets/standings.html", context, name, as_pdf)


# --- void results ---------------------------------------------------------------------------


def refusal_page(request: HttpRequest, message: str, status: int = 400) -> HttpResponse:
    """A keeper's write refused: the message page with its status."""
    return render(request, "leagues/message.html", {"message": message}, status=status)


def voidable_results(kind: str) -> Any:
    """The results a void link names by ``kind``: those of the games whose ``RESULT_KIND`` it is
    (the platform's ``Result`` of a game with results of its own is never voided by itself)."""
    games = [
        name for name, game in GAMES.items() if game.has_league and kind == game.league.RESULT_KIND
    ]
    if not games:
        return None
    return game_kind(games[0]).league.RESULT_MODEL.objects.filter(match__league__game__in=games)


@require_http_methods(["GET", "POST"])
def void_result(request: HttpRequest, kind: str, pk: int, restore: bool = False) -> HttpResponse:
    """An organiser voids a result (or counts it again), saying why: the page asks first, the
    POST needs the reason; it stays listed, its history keeps the change, the ratings
    recompute."""
    found = voidable_results(kind)
    if found is None:
        raise Http404
    result = get_object_or_404(found.select_related("match__league", "voided_by"), pk=pk)
    league = result.match.league
    if (refused := organiser_refusal(request, league)) is not None:
        return refused
    page_url = game_kind(league.game).result_pages(result)[0]
    if (result.voided_at is not None) != restore:  # void already, or counting already
        message = (
            _("This result is void already.") if not restore else _("This result is not void.")
        )
        return refusal_page(request, message, 409)
    reason = request.POST.get("reason", "")[:1000]
    context = {
        "league": league,
        "result": result,
        "kind": kind,
        "restore": restore,
        "page_url": page_url,
        "reason": reason,
        "void": record_marks.void_mark(result),
    }
    if request.method == "GET":
        return render(request, "leagues/void_result.html", context)
    try:
        if restore:
            services.restore_result(result, request.user, reason)
        else:
            services.void_result(result, request.user, reason)
    except ValueError as error:
        context["error"] = str(error)
        return render(request, "leagues/void_result.html", context, status=400)
    return redirect(page_url or reverse("leagues:league_detail", args=[league.pk]))


@require_GET
def member_detail(request: HttpRequest, pk: int) -> HttpResponse:
    """A league player's page: ratings and their history, games, hands, head-to-head."""
    member = get_object_or_404(Member, pk=pk, guest=False)
    return render(request, "leagues/member_detail.html", members.member_page(member))
