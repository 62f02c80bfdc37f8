"""The learning pages of each game that has them (its ``learn`` hook): the guided first
game (``/learn/<game>/``: start it, resume it, then a real game against bots) and the
printable cheat sheet."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from games.learn import guided
from games.registry import RegisteredGame, game_kind
from games.tables.forms import GuestForm
from games.tables.models import Table
from games.tables.views import current_player, table_url
from games.templatetags.learning import cheat_sheet as cheat_sheet_html
from games.templatetags.learning import has_guided_game


def _learning(name: str) -> RegisteredGame:
    """The game called ``name`` if it has learning pages, else 404."""
    try:
        kind = game_kind(name)
    except LookupError:
        raise Http404 from None
    if kind.learn_path is None:
        raise Http404
    return kind


def _guided(name: str) -> RegisteredGame:
    """The game called ``name`` if it has a guided first game, else 404."""
    kind = _learning(name)
    if not has_guided_game(kind):
        raise Http404
    return kind


@require_GET
def guided_game(request: HttpRequest, name: str) -> HttpResponse:
    """The guided first game's page: name yourself, start it, or go back to it; once it
    is won, a real game against bots."""
    kind = _guided(name)
    player = current_player(request)
    known = guided.latest(kind, player) if player is not None else None
    won = known is not None and known.table.status != Table.Status.OPEN and _won(known)
    context = {
        "kind": kind,
        "player": player,
        "guest_form": GuestForm(),
        "here": request.path,
        "resume_url": table_url(known.table) if known is not None else None,
        "won": won,
        "intro": kind.learn.GUIDED.intro,
    }
    return render(request, "learn/guided_game.html", context)


def _won(known: guided.GuidedGame) -> bool:
    """Whether the player's guided game reached its last step (the game's own guide reads
    the player's seat, seat 0, as it stands)."""
    game = known.table.games.order_by("-created").first()
    if game is None:
        return False
    kind = game_kind(known.game_name)
    step = kind.learn.GUIDED.step(kind.engine.view(game.state, 0))
    return step is not None and step.key == "done"


@require_POST
def start_guided_game(request: HttpRequest, name: str) -> HttpResponse:
    """A new guided game for this player (their earlier ones of this game are removed)."""
    kind = _guided(name)
    player = current_player(request)
    if player is None:
        return render(
            request, "games/refused.html", {"message": _("Please name yourself first.")}, status=403
        )
    table = guided.start(kind, player)
    return redirect(table_url(table))


@require_GET
def cheat_sheet(request: HttpRequest, name: str) -> HttpResponse:
    """The cheat sheet on one printable page; to htmx (a table's drawer, opened), its
    content alone."""
    kind = _learning(name)
    if request.htmx:
        return HttpResponse(cheat_sheet_html(kind, "table"))
    return render(request, "learn/cheat_sheet.html", {"kind": kind})
