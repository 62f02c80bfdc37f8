"""Hints at a seat: shown in a player's first games, switched by the seat's own player."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from games.learn import steps as guided_steps
from games.tables import events as table_events
from games.tables.actions.refused import NotSeated
from games.tables.models import Game, Player, Seat, Table

HINTED_GAMES = 3  # a player is shown hints in their first games, unless they switch them off


def hints_at_start(table: Table, seats: list[Seat]) -> None:
    """Each person's seat shows hints in their first :data:`HINTED_GAMES` finished games,
    never at a league table (the players may switch them, :func:`set_hints`)."""
    league = Table.objects.filter(pk=table.pk, league_match__isnull=False).exists()
    for seat in seats:
        if seat.player_id is None:
            continue
        played = (
            Game.objects.filter(finished__isnull=False, table__seats__player_id=seat.player_id)
            .exclude(table__created_session=guided_steps.GUIDED)  # a lesson is no game played
            .count()
        )
        seat.hints = not league and played < HINTED_GAMES
        seat.save(update_fields=["hints"])


def set_hints(table: Table, player: Player, on: bool) -> Seat:
    """The seat's own player shows or hides their hints (nobody else may)."""
    with transaction.atomic():
        seat = Seat.objects.select_for_update().filter(table=table, player=player).first()
        if seat is None:
            raise NotSeated(_("Only a seated player can switch their hints."), "not_seated")
        seat.hints = on
        seat.save(update_fields=["hints"])
        table_events.after_commit(table.pk)
    return seat
