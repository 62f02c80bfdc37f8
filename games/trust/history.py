"""A player's history: the games they sat in, how they placed, their best hands, replays.

Reads only (a selector module): who sat where comes from the table's seats, with
the stand-in record for a seat a bot is holding for its player right now.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import Q

from games.learn.steps import GUIDED
from games.presence.models import StandIn
from games.registry import game_kind
from games.tables.models import Game, Player, Seat

HISTORY_LENGTH = 100


def seat_players(game: Game) -> dict[int, Player | None]:
    """Seat number -> the human whose seat it is (``None`` for a bot's own seat)."""
    players: dict[int, Player | None] = {
        seat.number: seat.player
        for seat in Seat.objects.filter(table_id=game.table_id).select_related("player")
    }
    for stand_in in StandIn.objects.filter(game=game, ended__isnull=True).select_related("player"):
        players[stand_in.seat_number] = stand_in.player
    return dict(sorted(players.items()))


@dataclass(frozen=True)
class BestHand:
    """A Dragon Formula winning hand of the player's (from the match's score sheet)."""

    hand: str
    points: int
    multipliers: tuple[str, ...]
    set_number: int
    game_number: int


@dataclass(frozen=True)
class PlayedGame:
    """One game of a player's, as their history lists it."""

    game: Game
    seat: int
    placing: dict[str, Any] | None  # the outcome's line for the seat (rank, points...)
    best_hand: BestHand | None
    finished_by_bot: bool

    @property
    def is_finished(self) -> bool:
        return self.game.is_finished

    @property
    def label(self) -> Any:
        return game_kind(self.game.game_name).label


def best_hand(game: Game, seat: int) -> BestHand | None:
    """The highest-scoring hand ``seat`` won with in a Dragon Formula match."""
    wins = [
        line
        for line in (game.state or {}).get("games", [])
        if isinstance(line, dict) and line.get("result") == "win" and line.get("seat") == seat
    ]
    if not wins:
        return None
    line = max(wins, key=lambda entry: entry.get("points") or 0)
    return BestHand(
        hand=str(line.get("hand") or ""),
        points=int(line.get("points") or 0),
        multipliers=tuple(str(m) for m in line.get("multipliers") or ()),
        set_number=int(line.get("set") or 1),
        game_number=int(line.get("game") or 1),
    )


def placing(game: Game, seat: int) -> dict[str, Any] | None:
    for line in (game.outcome or {}).get("placings", []):
        if line.get("seat") == seat:
            return line
    return None


def games_of(player: Player, limit: int = HISTORY_LENGTH) -> list[PlayedGame]:
    """``player``'s games, newest first, with placing, best hand and the bot flag (a guided
    first game is a lesson, not a game played: it is not listed)."""
    games = (
        Game.objects.filter(Q(table__seats__player=player) | Q(stand_ins__player=player))
        .exclude(table__created_session=GUIDED)
        .select_related("table")
        .distinct()
        .order_by("-created", "-pk")[:limit]
    )
    played = []
    for game in games:
        seats = [number for number, who in seat_players(game).items() if who == player]
        bot_finished = set(
            StandIn.objects.filter(game=game, player=player, finished_game=True).values_list(
                "seat_number", flat=True
            )
        )
        for seat in seats:
            played.append(
                PlayedGame(
                    game=game,
                    seat=seat,
                    placing=placing(game, seat),
                    best_hand=best_hand(game, seat),
                    finished_by_bot=seat in bot_finished,
                )
            )
    return played
