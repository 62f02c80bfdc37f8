"""DragSaga's league pages (this game's ``league_urls``): a recorded game, its correction and
its sheet."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods

from dragsaga import forms, game_history, scoring, sheets
from dragsaga.models import DragSagaResult
from games.leagues import record_marks
from games.leagues.views import may_keep_score, organiser_refusal, sheet_response


def _result(pk: int) -> DragSagaResult:
    return get_object_or_404(
        DragSagaResult.objects.select_related("match__league", "match__table", "voided_by"), pk=pk
    )


@require_GET
def game_detail(request: HttpRequest, pk: int) -> HttpResponse:
    result = _result(pk)
    league = result.match.league
    context = {
        **sheets.filled_dragsaga(result),
        "keeper": may_keep_score(request.user, league) and not league.archived,
        "void": record_marks.void_mark(result),
        "kind": "dragsaga",
        "history": game_history.game_history(result),
    }
    return render(request, "dragsaga/league/game_detail.html", context)


@require_http_methods(["GET", "POST"])
def correct_game(request: HttpRequest, pk: int) -> HttpResponse:
    """An organiser corrects a recorded game's figures, saying why; its history keeps them."""
    result = _result(pk)
    if (refused := organiser_refusal(request, result.match.league)) is not None:
        return refused
    if result.voided_at is not None:
        message = _("This game is void; count it again before correcting it.")
        return render(request, "leagues/message.html", {"message": message}, status=409)
    lines = list(result.lines.select_related("member").order_by("seat"))
    form = forms.CorrectDragSagaForm(request.POST or None, lines=lines)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            try:
                scoring.correct_result(
                    result, form.entries(), request.user, form.cleaned_data["reason"]
                )
            except ValueError as error:
                form.add_error(None, str(error))
            else:
                return redirect(f"{reverse('leagues:dragsaga_detail', args=[pk])}#history")
        status = 400
    context = {"result": result, "match": result.match, "league": result.match.league, "form": form}
    return render(request, "dragsaga/league/correct_game.html", context, status=status)


@require_GET
def game_sheet(request: HttpRequest, pk: int, as_pdf: bool = False) -> HttpResponse:
    result = _result(pk)
    name = f"dragsaga-match{result.match.number}-game{result.number}"
    context = sheets.filled_dragsaga(result)
    return sheet_response(request, "dragsaga/league/game_sheet.html", context, name, as_pdf)
