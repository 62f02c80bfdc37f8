"""The table page's trust panels, each a partial this room owns:
``{% load table_trust %}`` then ``{% shuffle_commitment snapshot %}``, ``{% join_qr table %}``
and ``{% stand_ins snapshot %}`` (a ``games.snapshots.TableSnapshot``) wherever the table page wants them."""

from __future__ import annotations

from typing import Any

from django import template
from django.urls import reverse

from games import leavers
from games.models import Table
from games.qr import join_qr_svg, public_url
from games.snapshots import TableSnapshot
from games.trust import history

register = template.Library()


def join_url(table: Table) -> str:
    """The path a phone opens to join ``table`` (its table page)."""
    return reverse(f"{table.game_name}:table", args=[table.code])


@register.inclusion_tag("games/trust/commitment.html")
def shuffle_commitment(snapshot: TableSnapshot) -> dict[str, Any]:
    """The commitment from the start; seed and salt, and the verify link, once the game is over."""
    game, commitment = snapshot.game, snapshot.commitment
    revealed = commitment is not None and game is not None and game.is_finished
    return {
        "game": game,
        "commitment": commitment,
        "revealed": revealed,
        "players": [p for p in history.seat_players(game).values() if p] if revealed else [],
        "verify_url": reverse("games:table_verify", args=[snapshot.table.code]),
        "replay_url": reverse("games:replay", args=[game.pk]) if game else "",
    }


@register.inclusion_tag("games/trust/join_qr.html", takes_context=True)
def join_qr(context: template.Context, table: Table) -> dict[str, Any]:
    """A QR code of the table's join URL (absolute, so a phone's camera can open it)."""
    request = context.get("request")
    path = join_url(table)
    url = public_url(request, path)
    return {"table": table, "url": url, "svg": join_qr_svg(url)}


@register.inclusion_tag("games/trust/stand_ins.html", takes_context=True)
def stand_ins(context: template.Context, snapshot: TableSnapshot) -> dict[str, Any]:
    """Which seats a bot now plays for an away player, and a way for the viewer to leave."""
    game = snapshot.game
    running = game is not None and not game.is_finished
    return {
        "game": game,
        "stand_ins": sorted(snapshot.stand_ins.values(), key=lambda s: s.seat_number),
        "away_seconds": snapshot.away_seconds,
        "can_leave": running and context.get("my_seat") is not None,
        "leave_url": reverse("games:leave_table", args=[snapshot.table.code]),
        "csrf_token": context.get("csrf_token"),
    }


@register.inclusion_tag("games/trust/match_links.html")
def table_trust_links(table: Table | None) -> dict[str, Any]:
    """For league results: the replay of an online table's finished game, and the players
    a bot finished it for (``games.leavers``)."""
    game = (
        table.games.filter(finished__isnull=False).order_by("-created", "-pk").first()
        if table is not None
        else None
    )
    finished_for = leavers.finished_by_bot(game) if game is not None else {}
    return {"game": game, "finished_for": [finished_for[seat] for seat in sorted(finished_for)]}
