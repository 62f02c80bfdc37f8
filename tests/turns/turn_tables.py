"""Helpers for turn-based table tests: members at a turn-based table, and its deadlines."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model

from games.tables.actions import guests, opening, seating, starting
from games.tables.models import ActionLog, Game, Player, Table
from games.turns.models import DAY, Deadline


def member(name: str) -> Player:
    user = get_user_model().objects.create_user(name, password="pw-" + name)
    return guests.player_for_user(user)


def turn_based_table(
    game_name: str,
    names: list[str],
    *,
    seed: int = 7,
    move_deadline: int = DAY,
    options: dict[str, Any] | None = None,
    bot_level: str = "",
) -> tuple[Table, Game, list[Player]]:
    """A started turn-based table whose first seats are members called ``names`` (bots of
    ``bot_level`` in the rest, if the table has more seats)."""
    players = [member(name) for name in names]
    table = opening.create_table(
        game_name=game_name,
        players=len(names) + (1 if bot_level else 0),
        options=options or {},
        created_by=players[0],
        bot_level=bot_level,
        move_deadline=move_deadline,
    )
    for player in players[1:]:
        seating.sit(table, player)
    return table, starting.start(table, players[0], seed=seed), players


def deadlines_of(game: Game) -> dict[tuple[str, int | None], float]:
    """(kind, seat) -> due (POSIX seconds), as the database holds them."""
    return {(d.kind, d.seat): d.due.timestamp() for d in Deadline.objects.filter(game=game)}


def time_outs(game: Game) -> list[int]:
    """The seats the server played out of time, in order (from the action log)."""
    logged = ActionLog.objects.filter(game=game, action__type="time_out").order_by("version")
    return [entry.action["seat"] for entry in logged]
