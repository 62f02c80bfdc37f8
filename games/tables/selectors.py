"""Reads: who is asking, which table, which game, what a seat may see."""

from __future__ import annotations

from typing import Any

from games.registry import game_kind
from games.tables import statements
from games.tables.models import Game, Player, Seat, Table

SESSION_PLAYER = "player_id"


def player_from_session(user: Any, session: Any) -> Player | None:
    """The player behind a request or socket: the signed-in member's, else the session's guest."""
    if user is not None and user.is_authenticated:
        return statements.player(member=user.pk)
    player_id = session.get(SESSION_PLAYER) if session is not None else None
    if not isinstance(player_id, int):  # sessions are the server's, but say what they hold
        return None
    return statements.player(guest=player_id)


def table_by_code(code: str) -> Table | None:
    """The table with this join code (typed on a phone: case and spaces do not matter);
    one written-out statement (``games.tables.statements``): every request to a table and every
    socket's opening reads it."""
    return statements.table_by_code(cleaned_code(code))


def cleaned_code(code: str) -> str:
    """A join code as the tables keep it (typed on a phone: case and spaces do not matter)."""
    return "".join(code.split()).upper()


def current_game(table: Table) -> Game | None:
    return table.games.order_by("-created", "-pk").first()


def seat_number(table: Table, player: Player | None) -> int | None:
    """The seat ``player`` holds at ``table``; ``None`` for a spectator."""
    if player is None:
        return None
    return Seat.objects.filter(table=table, player=player).values_list("number", flat=True).first()


def kept_seats(seats: list[Seat]) -> bool:
    """Whether the seats are kept for those a club night drew to them: such a table is
    started by the night's organisers (a bot then plays each seat nobody took, for the
    one it was kept for), never by a seated player."""
    return any(seat.kept_for_id is not None for seat in seats)


def seats(table: Table) -> list[Seat]:
    return list(table.seats.select_related("player").order_by("number"))


def replayed_state(game: Game) -> dict[str, Any]:
    """The game rebuilt from its seed (and stacked deals) and its action log.

    It always equals ``game.state``: the snapshot is a cache of this.
    """
    kind = game_kind(game.game_name)
    state = kind.initial_state(
        game.players, game.options, game.seed, game.created_at, game.stacking
    )
    for seat, action, now in game.log.order_by("version").values_list("seat", "action", "now"):
        state = kind.engine.apply(state, seat, action, now)
    return state
