"""The coach's review page of a finished game, for the player of one seat."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.template.loader import render_to_string
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from games.coach import reviews
from games.models import Game, Review
from games.tables.views import current_player
from games.templatetags.bilingual import pick
from games.trust.replays import ACTION_WORDS, CARD_FIELDS

POLL_SECONDS = 2  # how often a page whose review is still being computed looks again


def _words(action: dict[str, Any], faces: dict[str, dict[str, Any]]) -> str:
    """An action as a player reads it: "discards W3", "places Claw, Fang → seat 2"."""
    kind = str(action.get("type", ""))
    parts = [str(ACTION_WORDS.get(kind, kind))]
    for key in CARD_FIELDS:
        value = action.get(key)
        for card in value if isinstance(value, list) else [value]:
            if isinstance(card, str):
                parts.append(pick(faces[card], "name") if card in faces else card)
    target = action.get("target")
    if isinstance(target, int) and not isinstance(target, bool):
        parts.append(_("→ seat %(seat)d") % {"seat": target + 1})
    return " ".join(parts)


def _faces(game: Game) -> dict[str, dict[str, Any]]:
    cards = game.options.get("card_set") or game.state.get("cards") or []
    return {card["id"]: card for card in cards if isinstance(card, dict) and "id" in card}


def costly_marks(game: Game, viewer: Any) -> dict[int, dict[str, Any]]:
    """The three costliest decisions of ``viewer``'s finished reviews of ``game`` (their own
    seats only), by logged action number, as the replay marks them; none while it is played."""
    if viewer is None or not game.is_finished:
        return {}
    seats = game.table.seats.filter(player=viewer).values_list("number", flat=True)
    found = Review.objects.filter(game=game, seat__in=list(seats), status=Review.Status.DONE)
    faces = _faces(game)
    marks: dict[int, dict[str, Any]] = {}
    for review_of_seat in found:
        steps = reviews.costliest(review_of_seat.decisions)
        for decision in review_of_seat.decisions:
            if decision["step"] in steps:
                marks[decision["step"]] = {
                    "words": _words(decision["action"], faces),
                    "coach_words": _words(decision["coach"], faces),
                    "chance_percent": round(100 * decision["chance"]),
                    "coach_percent": round(100 * decision["coach_chance"]),
                }
    return marks


@require_GET
def review(request: HttpRequest, pk: int, seat: int) -> HttpResponse:
    game = get_object_or_404(Game.objects.select_related("table"), pk=pk)
    viewer = current_player(request)
    if viewer is None or not game.table.seats.filter(number=seat, player=viewer).exists():
        return HttpResponse(_("Only the player of this seat may open its review."), status=403)
    if not game.is_finished:
        return HttpResponse(
            _("This game is still being played: its review opens when it ends."), status=409
        )
    found = reviews.open_review(game, seat)
    found = Review.objects.get(pk=found.pk)
    faces = _faces(game)
    marked = reviews.costliest(found.decisions)
    rows = [
        {
            **decision,
            "words": _words(decision["action"], faces),
            "coach_words": _words(decision["coach"], faces),
            "chance_percent": round(100 * decision["chance"]),
            "coach_percent": round(100 * decision["coach_chance"]),
            "same": decision["action"] == decision["coach"],
            "rank": marked.index(decision["step"]) + 1 if decision["step"] in marked else None,
        }
        for decision in found.decisions
    ]
    context = {
        "game": game,
        "table": game.table,
        "seat": seat,
        "review": found,
        "rows": rows,
        "costliest": [row for step in marked for row in rows if row["step"] == step],
        "running": found.status == Review.Status.RUNNING,
        "percent": round(100 * found.done / found.total) if found.total else 0,
        "poll_seconds": POLL_SECONDS,
    }
    if request.headers.get("HX-Request"):
        return HttpResponse(render_to_string("games/review_body.html", context, request))
    return render(request, "games/review.html", context)
