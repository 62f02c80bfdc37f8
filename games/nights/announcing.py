"""Telling a night's sockets (its projector page and every open night page) that something
changed: after each write, and when a result is recorded for one of its matches or one of
its online tables starts or finishes."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.db import transaction
from django.db.models import Q

from games.leagues.models import Match
from games.live import server_loop
from games.registry import GAMES
from games.tables.models import Table


def group_name(night_id: int) -> str:
    """The Channels group of a night's sockets (its projector page and night pages)."""
    return f"night-{night_id}"


def announce(night_id: int) -> None:
    """After the commit, tell the night's sockets that something changed."""

    def send() -> None:
        server_loop.group_send(group_name(night_id), {"type": "night.changed"})

    transaction.on_commit(send)


def _announce_match(match_id: int | None) -> None:
    if match_id is None:
        return
    night_id = (
        Match.objects.filter(pk=match_id, club_night__isnull=False)
        .values_list("club_night_id", flat=True)
        .first()
    )
    if night_id is not None:
        announce(night_id)


def _result_rows() -> dict[type, Callable[[Any], int | None]]:
    """The models whose saves change a night's results, each with how to find the match of a
    row: each game's results, and its other rows that change them (its ``NIGHT_RESULT_ROWS``
    hook: a Dragon Formula set's games)."""
    rows: dict[type, Callable[[Any], int | None]] = {}
    for kind in GAMES.values():
        if kind.has_league:
            rows[kind.league.RESULT_MODEL] = lambda result: result.match_id
            rows.update(kind.league_part.NIGHT_RESULT_ROWS)
    return rows


def _result_saved(sender: Any, instance: Any, **kwargs: Any) -> None:
    match_of = _result_rows().get(sender)
    if match_of is not None:
        _announce_match(match_of(instance))


def _table_saved(sender: Any, instance: Table, **kwargs: Any) -> None:
    night_id = (
        Match.objects.filter(Q(table_id=instance.pk) & Q(club_night__isnull=False))
        .values_list("club_night_id", flat=True)
        .first()
    )
    if night_id is not None:
        announce(night_id)


def connect_signals() -> None:
    """Results recorded for a night's match (online or from a score sheet), and a night's
    online table starting or finishing, redraw the night's pages."""
