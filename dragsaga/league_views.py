"""DragSaga's league pages (this game's ``league_urls``): a recorded game and its sheet."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET

from dragsaga import sheets
from dragsaga.models import DragSagaResult
from games.leagues.views import sheet_response


def _result(pk: int) -> DragSagaResult:
    return get_object_or_404(DragSagaResult.objects.select_related("match__league"), pk=pk)


@require_GET
def game_detail(request: HttpRequest, pk: int) -> HttpResponse:
    context = sheets.filled_dragsaga(_result(pk))
    return render(request, "dragsaga/league/game_detail.html", context)


@require_GET
def game_sheet(request: HttpRequest, pk: int, as_pdf: bool = False) -> HttpResponse:
    result = _result(pk)
    name = f"dragsaga-match{result.match_id}-game{result.number}"
    context = sheets.filled_dragsaga(result)
    return sheet_response(request, "dragsaga/league/game_sheet.html", context, name, as_pdf)
