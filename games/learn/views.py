"""The learning pages of each game that has them (its ``learn`` hook): the printable
cheat sheet."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from games.registry import GameKind, game_kind


def _learning(name: str) -> GameKind:
    """The game called ``name`` if it has learning pages, else 404."""
    try:
        kind = game_kind(name)
    except LookupError:
        raise Http404 from None
    if kind.learn_path is None:
        raise Http404
    return kind


@require_GET
def cheat_sheet(request: HttpRequest, name: str) -> HttpResponse:
    """The cheat sheet on one printable page (A4, the same as every table's drawer)."""
    return render(request, "learn/cheat_sheet.html", {"kind": _learning(name)})
