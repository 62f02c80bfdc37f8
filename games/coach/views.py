"""The coach's review page of a finished game, for the player of one seat."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.template.loader import render_to_string
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from django.views.decorators.http import require_GET

from games.coach import reviews
from games.coach.models import Review
from games.registry import game_kind
from games.tables.models import Game
from games.tables.views import current_player
from games.templatetags.bilingual import pick
from games.trust.replay_words import CARD_FIELDS, action_words
from games.trust.replays import logged_actions, replay_turns, turn_at

POLL_SECONDS = 2  # how often a page whose review is still being computed looks again


class Wording:
    """How a game's review names its actions' cards and says why a decision cost: the
    card set a table plays with (DragSaga's faces), else the game's own words for a card
    code (its presenters' ``REVIEW_CARD_WORDS``, Dragon Formula's "S3 Three of Swords"),
    and its presenters' ``REVIEW_WHY`` (one sentence, or ``None``)."""

    def __init__(self, game: Game) -> None:
        presenters = game_kind(game.game_name).presenters
        self.faces = _faces(game)
        self.card_words: Callable[[str], str] | None = presenters.REVIEW_CARD_WORDS
        self.game_why: Callable[[dict[str, Any]], str | None] | None = presenters.REVIEW_WHY
        self.action_words = presenters.ACTION_WORDS

    def card(self, card: str) -> str:
        if card in self.faces:
            return pick(self.faces[card], "name")
        return self.card_words(card) if self.card_words is not None else card

    def action(self, action: dict[str, Any], offer: Any = None) -> str:
        """An action as a player reads it: "discards W3 Three of Wands", "places Claw, Fang
        → seat 2", "passes (S3 Three of Swords on offer)"."""
        parts = [action_words(action, self.action_words)]
        for key in CARD_FIELDS:
            value = action.get(key)
            cards = [
                c for c in (value if isinstance(value, list) else [value]) if isinstance(c, str)
            ]
            if cards:
                parts.append(pgettext("list separator", ", ").join(map(self.card, cards)))
        target = action.get("target")
        if isinstance(target, int) and not isinstance(target, bool):
            parts.append(_("→ seat %(seat)d") % {"seat": target + 1})
        words = " ".join(parts)
        if isinstance(offer, str) and not any(key in action for key in CARD_FIELDS):
            return _("%(action)s (%(card)s on offer)") % {"action": words, "card": self.card(offer)}
        return words

    def why(self, decision: dict[str, Any]) -> str:
        """One sentence of why the coach's choice was the better one."""
        said = self.game_why(decision) if self.game_why is not None else None
        if said:
            return said
        return _(
            "From what you could see then, the coach's choice won %(coach)d %% of its "
            "play-outs and yours %(yours)d %%."
        ) % {
            "coach": round(100 * decision["coach_chance"]),
            "yours": round(100 * decision["chance"]),
        }


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
    wording = Wording(game)
    marks: dict[int, dict[str, Any]] = {}
    for review_of_seat in found:
        steps = reviews.costliest(review_of_seat.decisions)
        for decision in review_of_seat.decisions:
            if decision["step"] in steps:
                offer = decision.get("offer")
                marks[decision["step"]] = {
                    "words": wording.action(decision["action"], offer),
                    "coach_words": wording.action(decision["coach"], offer),
                    "why": wording.why(decision),
                    "chance_percent": round(100 * decision["chance"]),
                    "coach_percent": round(100 * decision["coach_chance"]),
                }
    return marks


def _refusal(request: HttpRequest, game: Game, seat: int) -> HttpResponse | None:
    """Why the viewer may not see the seat's review (yet), or ``None``."""
    if not game_kind(game.game_name).presenters.COACHED:
        return HttpResponse(_("This game has no coach: there is no review of it."), status=404)
    viewer = current_player(request)
    if viewer is None or not game.table.seats.filter(number=seat, player=viewer).exists():
        return HttpResponse(_("Only the player of this seat may open its review."), status=403)
    if not game.is_finished:
        return HttpResponse(
            _("This game is still being played: its review opens when it ends."), status=409
        )
    return None


@require_GET
def review_status(request: HttpRequest, pk: int, seat: int) -> HttpResponse:
    """How far the seat's review is, for the link to it at the table once the game is over
    (it asks again while the coach is still at work)."""
    game = get_object_or_404(Game.objects.select_related("table"), pk=pk)
    refused = _refusal(request, game, seat)
    if refused is not None:
        return refused
    found = Review.objects.get(pk=reviews.open_review(game, seat).pk)
    context = {
        "game": game,
        "seat": seat,
        "review": found,
        "running": found.status == Review.Status.RUNNING,
        "percent": round(100 * found.done / found.total) if found.total else 0,
        "poll_seconds": POLL_SECONDS,
    }
    return HttpResponse(render_to_string("games/review_status.html", context, request))


@require_GET
def review(request: HttpRequest, pk: int, seat: int) -> HttpResponse:
    game = get_object_or_404(Game.objects.select_related("table"), pk=pk)
    refused = _refusal(request, game, seat)
    if refused is not None:
        return refused
    found = reviews.open_review(game, seat)
    found = Review.objects.get(pk=found.pk)
    wording = Wording(game)
    marked = reviews.costliest(found.decisions)
    # The replay's step numbers: the board's turn that shows the decision taken.
    turns = replay_turns(logged_actions(game))
    rows = [
        {
            **decision,
            "turn": turn_at(turns, decision["step"]).index,
            "words": wording.action(decision["action"], decision.get("offer")),
            "coach_words": wording.action(decision["coach"], decision.get("offer")),
            "why": wording.why(decision) if decision["step"] in marked else "",
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
