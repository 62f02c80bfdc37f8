"""Opening and finding a player's guided first game (``games.learn.steps`` says what a
guided game is and how its steps are read)."""

from __future__ import annotations

from django.db import transaction

from games.learn.models import GuidedGame
from games.learn.steps import GUIDED, Guide
from games.registry import RegisteredGame
from games.tables.actions import opening
from games.tables.actions import starting as table_starting
from games.tables.models import Player, Table


def start(kind: RegisteredGame, player: Player) -> Table:
    """Open ``player``'s guided game of ``kind`` (its table started, the player in seat 0);
    their earlier guided games of ``kind`` go (one each: starting again is no way to
    fill the club's tables)."""
    guide: Guide = kind.learn.GUIDED
    with transaction.atomic():
        Table.objects.filter(guided_game__player=player, guided_game__game_name=kind.name).delete()
        table = opening.create_table(
            game_name=kind.name,
            players=guide.players,
            options=guide.options,
            bot_level=guide.bot_level,
            bot_pace=guide.bot_pace,
            created_by=player,
            created_session=GUIDED,
        )
        Table.objects.filter(pk=table.pk).update(stacking=guide.stacking)
        table.refresh_from_db()
        GuidedGame.objects.create(player=player, game_name=kind.name, table=table)
        table_starting.start(table, player, seed=guide.seed)
    return table


def latest(kind: RegisteredGame, player: Player) -> GuidedGame | None:
    """The player's newest guided game of ``kind`` (to resume it), if any."""
    return (
        GuidedGame.objects.filter(player=player, game_name=kind.name)
        .select_related("table")
        .first()
    )
