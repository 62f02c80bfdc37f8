"""A season's tournament pages, open to everyone: the standings after each night and who met
whom (``games.leagues.tournament`` reads them)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET

from games.leagues import tournament
from games.leagues.models import League


@require_GET
def season_progress(request: HttpRequest, pk: int) -> HttpResponse:
    """The standings after each night, and the crosstable of who met whom."""
    league = get_object_or_404(League, pk=pk)
    players, cells = tournament.crosstable(league)
    grid = [
        (pk_row, name, [cells.get((pk_row, pk_col)) for pk_col, _name in players])
        for pk_row, name in players
    ]
    context = {
        "league": league,
        "progress": tournament.standings_by_night(league),
        "players": players,
        "grid": grid,
    }
    return render(request, "leagues/season_progress.html", context)
