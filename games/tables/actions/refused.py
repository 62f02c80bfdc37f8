"""What a table refuses a player: the refusal (its message is for the player) and its kinds
(a spectator, someone not allowed, a stale click, a move the rules refuse)."""

from __future__ import annotations

from games.tables.models import Game, Seat


class ActionRefused(Exception):  # noqa: N818 - a refusal, shown to the player
    """Something a player asked for that the table refuses; ``message`` is for the player."""

    status = 400

    def __init__(self, message: str, code: str = "refused") -> None:
        super().__init__(message)
        self.message = message
        self.code = code
        self.game: Game | None = None  # the game as locked when the refusal was decided
        self.seats: list[Seat] | None = None  # and its seats as read with it


class NotSeated(ActionRefused):
    status = 403


class NotTheirs(ActionRefused):
    """Asked by someone the table does not let do it (a seated player starting a club
    night's table, which its organisers start)."""

    status = 403


class StaleVersion(ActionRefused):
    status = 409


class IllegalMove(ActionRefused):
    status = 400
