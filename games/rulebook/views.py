"""The rules pages: an index of the games, and each game's page through its ``rulebook`` hook."""

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from games.registry import GAMES, game_kind


def index(request: HttpRequest) -> HttpResponse:
    games = [kind for kind in GAMES.values() if kind.has_rulebook]
    return render(request, "rulebook/index.html", {"games": games})


def game(request: HttpRequest, name: str) -> HttpResponse:
    try:
        rulebook = game_kind(name).rulebook
    except LookupError:
        raise Http404 from None
    return render(request, rulebook.TEMPLATE, rulebook.page_context(request))
