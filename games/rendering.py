"""The table's regions for one viewer, rendered from ``engine.view(state, seat)`` only.

The same templates serve the page load (in place) and every push or action
response (as htmx out-of-band swaps), so a region looks the same however it
arrived. A game's ``regions.html`` includes its partials; each partial's root
element carries the region's id and, when ``oob`` is set, ``hx-swap-oob``.
"""

from __future__ import annotations

from typing import Any

from django.template.loader import render_to_string

from games import selectors
from games.models import Player, Table
from games.registry import game_kind


def table_context(table: Table, player: Player | None) -> dict[str, Any]:
    """Everything a table's templates read for ``player`` (``None``: a spectator)."""
    kind = game_kind(table.game_name)
    seat = selectors.seat_number(table, player)
    game = selectors.current_game(table)
    context: dict[str, Any] = {
        "table": table,
        "kind": kind,
        "seats": selectors.seats(table),
        "viewer": player,
        "my_seat": seat,
        "game": game,
        "version": game.version if game is not None else None,
    }
    if game is None:
        return context
    engine = kind.engine
    view = engine.view(game.state, seat)
    playing = seat is not None and not game.is_finished
    context.update(
        view=view,
        legal=engine.legal_actions(game.state, seat) if playing else [],
        waiting_for=engine.waiting_for(game.state),
        deadline=engine.deadline(game.state),
        finished=game.is_finished,
    )
    context.update(kind.presenters.present(view, seat, context))
    return context


VERSION_REGION = ("table-version", "games/partials/version.html")


def regions(kind: Any) -> list[tuple[str, str]]:
    """The table's regions: ``(element id, partial template)``, the version field first."""
    return [VERSION_REGION, *kind.presenters.REGIONS]


def render_regions(
    table: Table,
    player: Player | None,
    *,
    message: str = "",
    request: Any = None,
) -> dict[str, str]:
    """Every region of the table for ``player``, each as an out-of-band swap.

    ``message`` (a refusal) goes into the prompt.
    """
    context = table_context(table, player)
    context.update(message=message, oob=True)
    return {
        region: render_to_string(template, context, request=request)
        for region, template in regions(context["kind"])
    }
