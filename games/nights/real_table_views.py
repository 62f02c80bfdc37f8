"""A drawn table played at real cards: its score sheet, ready to print, and a DragSaga
table's result as its keeper records it."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods

from games.leagues import results, services
from games.leagues import views as league_views
from games.leagues.models import Match
from games.nights import board as night_board
from games.nights.models import NightTable
from games.nights.views import night_or_404
from games.registry import game_kind


def _drawn_seats(night_table: NightTable) -> list[Any]:
    return list(night_table.seats.select_related("entrant__member").order_by("number"))


@require_GET
def table_sheet(request: HttpRequest, pk: int, table: int, as_pdf: bool = False) -> HttpResponse:
    """The table's score sheet, ready to print: its first result's own sheet (a Dragon Formula
    set's, with the names and elements of the draw), or for a game of single results (DragSaga)
    the game's blank sheet with the drawn players' names until its result is recorded."""
    night = night_or_404(pk)
    night_table = get_object_or_404(NightTable, round__night=night, pk=table)
    match = night_table.match
    kind = game_kind(night.league.game)
    if match is not None:
        # The table's result has its own sheet, where the game says (``result_pages``; a
        # sheet's PDF is at its URL + ``pdf/``, as ``sheet_response`` serves it): the one that
        # counts, as the board shows it (a void one recorded again is replaced).
        first = night_board.shown_result(match, kind)
        sheet_url = kind.result_pages(first)[1] if first is not None else None
        if sheet_url:
            return redirect(f"{sheet_url}pdf/" if as_pdf else sheet_url)
    if kind.league_part.drawn_table_form is None:  # its result starts with the draw
        message = _("Open the table with real cards first: its set is started with the draw.")
        return render(request, "leagues/message.html", {"message": message}, status=409)
    if kind.league.blank_sheet is None:  # a game that prints no sheet
        raise Http404
    template, blank = kind.league.blank_sheet(len(_drawn_seats(night_table)))
    context = {
        **blank,
        "lines": [
            {"seat": seat.number, "member": {"name": seat.entrant.name}}
            for seat in _drawn_seats(night_table)
        ],
        "league": night.league,
    }
    name = f"{night.league.game}-night{night.pk}-table{night_table.pk}"
    return league_views.sheet_response(request, template, context, name, as_pdf)


def _recorded_or_ended(request: HttpRequest, match: Match, kind: Any) -> HttpResponse | None:
    """The refusal when the drawn table's game counts already (a void one leaves it to be
    recorded again: its match keeps both) or its night has ended; ``None`` otherwise."""
    if getattr(match, results.match_results(kind)).filter(voided_at=None).exists():
        message = _("This table's game is recorded already.")
        return render(request, "leagues/message.html", {"message": message}, status=409)
    try:
        services.check_night_open(match)
    except services.NightEnded as refusal:
        return league_views.refuse_result(request, refusal)
    return None


@require_http_methods(["GET", "POST"])
def table_result(request: HttpRequest, pk: int, table: int) -> HttpResponse:
    """A keeper records the DragSaga game of a drawn table played with real cards."""
    night = night_or_404(pk)
    night_table = get_object_or_404(
        NightTable.objects.select_related("match"), round__night=night, pk=table
    )
    if (refused := league_views.organiser_refusal(request, night.league)) is not None:
        return refused
    match = night_table.match
    kind = game_kind(night.league.game)
    recorded_here = kind.league_part.drawn_table_form is not None
    if not recorded_here or match is None or match.table_id is not None:
        message = _("This table's results are kept on its set's page.")
        return render(request, "leagues/message.html", {"message": message}, status=409)
    if (refused := _recorded_or_ended(request, match, kind)) is not None:
        return refused
    scoring = kind.league
    form = scoring.drawn_table_form(request.POST or None, seats=_drawn_seats(night_table))
    status = 200
    if request.method == "POST":
        if form.is_valid():
            try:
                with transaction.atomic():
                    # The match locked, asked again: of two quick taps one records.
                    Match.objects.select_for_update().get(pk=match.pk)
                    if (refused := _recorded_or_ended(request, match, kind)) is not None:
                        return refused
                    scoring.record_drawn_table(match, form)
            except services.NightEnded as refusal:
                return league_views.refuse_result(request, refusal)
            except ValueError as error:
                form.add_error(None, str(error))
            else:
                return redirect("nights:night", pk=night.pk)
        status = 400
    context = {"night": night, "league": night.league, "night_table": night_table, "form": form}
    return render(request, "nights/table_result.html", context, status=status)
