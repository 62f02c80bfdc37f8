"""The table page's trust panels, each a partial this room owns:
``{% load table_trust %}`` then ``{% shuffle_commitment snapshot %}``, ``{% join_qr table %}``
and ``{% stand_ins snapshot %}`` (a ``games.regions.snapshots.TableSnapshot``) wherever the table page wants them."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from django import template
from django.template.loader import render_to_string
from django.urls import get_script_prefix, reverse
from django.utils.safestring import SafeString
from django.utils.translation import get_language

from games.presence import leavers
from games.regions.snapshots import TableSnapshot
from games.tables.models import Table
from games.tables.qr import join_qr_svg, public_url
from games.trust import history

register = template.Library()


def join_url(table: Table) -> str:
    """The path a phone opens to join ``table`` (its table page)."""
    return reverse(f"{table.game_name}:table", args=[table.code])


# Panels remembered per process while a game runs: its commitment panel, and its stand-ins'
# panel for a seated viewer and for a spectator, in each language (under 1 kB each).
REMEMBERED_PANELS = 1024


@register.simple_tag
def shuffle_commitment(snapshot: TableSnapshot) -> SafeString:
    """The commitment from the start; seed and salt, and the verify link, once the game is over.

    While the game runs the panel shows the commitment and how to check it only, the same
    all game long: it is rendered once per game and language (:func:`_running_commitment`)."""
    game, commitment = snapshot.game, snapshot.commitment
    revealed = commitment is not None and game is not None and game.is_finished
    if not revealed:
        digest = commitment.commitment if commitment is not None else None
        return _running_commitment(digest, snapshot.table.code, get_language(), get_script_prefix())
    context = {
        "game": game,
        "commitment": commitment,
        "revealed": revealed,
        "players": [p for p in history.seat_players(game).values() if p],
        "verify_url": reverse("games:table_verify", args=[snapshot.table.code]),
        "replay_url": reverse("games:replay", args=[game.pk]),
    }
    return render_to_string("games/trust/commitment.html", context)


@lru_cache(maxsize=REMEMBERED_PANELS)
def _running_commitment(
    digest: str | None, code: str, language: str | None, prefix: str
) -> SafeString:
    """The commitment panel of a running game: its digest and the table's verify link
    (``prefix``: the site's path, which the link starts with)."""
    context = {
        "commitment": None if digest is None else {"commitment": digest},
        "revealed": False,
        "verify_url": reverse("games:table_verify", args=[code]),
    }
    return render_to_string("games/trust/commitment.html", context)


@register.inclusion_tag("games/trust/join_qr.html", takes_context=True)
def join_qr(context: template.Context, table: Table) -> dict[str, Any]:
    """A QR code of the table's join URL (absolute, so a phone's camera can open it)."""
    request = context.get("request")
    path = join_url(table)
    url = public_url(request, path)
    return {"table": table, "url": url, "svg": join_qr_svg(url)}


@register.simple_tag(takes_context=True)
def stand_ins(context: template.Context, snapshot: TableSnapshot) -> SafeString:
    """Which seats a bot now plays for an away player, and a way for the viewer to leave.

    A push (no form token: the page's form is sent with the page) renders it once per
    stand-ins, whether the viewer may leave, and language (:func:`_pushed_stand_ins`)."""
    game = snapshot.game
    running = game is not None and not game.is_finished
    can_leave = running and context.get("my_seat") is not None
    standing = sorted(snapshot.stand_ins.values(), key=lambda s: s.seat_number)
    # A turn-based table waits for its players between moves: no bot comes for an empty page.
    away_seconds = None if snapshot.table.is_turn_based else snapshot.away_seconds
    csrf_token = context.get("csrf_token")
    if not csrf_token:
        return _pushed_stand_ins(
            tuple((s.seat_number, s.player.display_name, s.bot_level) for s in standing),
            away_seconds,
            can_leave,
            snapshot.table.code,
            get_language(),
            get_script_prefix(),
        )
    shown = {
        "stand_ins": standing,
        "away_seconds": away_seconds,
        "can_leave": can_leave,
        "leave_url": reverse("games:leave_table", args=[snapshot.table.code]),
        "csrf_token": csrf_token,
    }
    return render_to_string("games/trust/stand_ins.html", shown)


@lru_cache(maxsize=REMEMBERED_PANELS)
def _pushed_stand_ins(
    standing: tuple[tuple[int, str, str], ...],
    away_seconds: int | None,
    can_leave: bool,
    code: str,
    language: str | None,
    prefix: str,
) -> SafeString:
    """The stand-ins panel without a form token: each bot's seat, player and level, the
    away limit, whether the viewer may leave and the table's leave link (``prefix``: the
    site's path, which the link starts with)."""
    shown = {
        "stand_ins": [
            {"seat_number": seat, "player": {"display_name": name}, "bot_level": level}
            for seat, name, level in standing
        ],
        "away_seconds": away_seconds,
        "can_leave": can_leave,
        "leave_url": reverse("games:leave_table", args=[code]),
    }
    return render_to_string("games/trust/stand_ins.html", shown)


@register.inclusion_tag("games/trust/match_links.html")
def table_trust_links(table: Table | None) -> dict[str, Any]:
    """For league results: the replay of an online table's finished game, and the players
    a bot finished it for (``games.presence.leavers``)."""
    game = (
        table.games.filter(finished__isnull=False).order_by("-created", "-pk").first()
        if table is not None
        else None
    )
    finished_for = leavers.finished_by_bot(game) if game is not None else {}
    return {"game": game, "finished_for": [finished_for[seat] for seat in sorted(finished_for)]}
