"""'Show my waits' for assisted Dragon Formula tables: which cards would complete my hand.

Only what the seat may see goes in: its own hand and the discards on the table. The
cards it cannot see (other hands and the pile) are the candidates; a card already
lying face up among the discards cannot come to the hand by a draw, so it is left out.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

from dragonformula.rules.score_table import hand_name
from dragonformula.rules.waits import unseen_cards, waits
from games.registry import game_kind
from games.tables import selectors
from games.tables.views import current_player
from games.templatetags.bilingual import language_suffix

WAITING_HAND = 10


def waits_in_view(view: dict[str, Any]) -> list[dict[str, Any]] | None:
    """The waits of the viewer's hand in ``view`` (best first); ``None`` unless it holds 10 cards."""
    hand = view["hand"]
    if len(hand) != WAITING_HAND:
        return None
    unseen = unseen_cards(hand, view["discards"])
    return [wait.to_json() for wait in waits(hand, view["elements"][view["seat"]], unseen)]


def my_waits(request: HttpRequest, code: str) -> HttpResponse:
    """The waits panel for the requesting player's seat at an assisted table."""
    table = selectors.table_by_code(code)
    game = selectors.current_game(table) if table and table.game_name == "dragonformula" else None
    seat = selectors.seat_number(table, current_player(request)) if game else None
    context: dict[str, Any] = {"message": None, "waits": None}
    status = 200
    if game is None or seat is None:
        context["message"] = _("Only a player seated at this table can see their waits.")
        status = 403
    elif not game.state["options"].get("dan_assist"):
        context["message"] = _("Waits are shown on assisted tables only.")
        status = 403
    else:
        view = game_kind("dragonformula").engine.view(game.state, seat)
        found = waits_in_view(view)
        if found is None:
            context["message"] = _("Waits are for a hand of 10 cards: discard first.")
        else:
            context["waits"] = [
                dict(w, hand_name=hand_name(w["hand"], language_suffix())) for w in found
            ]
    return render(request, "dragonformula/partials/waits.html", context, status=status)
