"""What a DragSaga game's score sheet shows, blank or filled from a recorded or online game."""

from __future__ import annotations

from typing import Any

from dragsaga import game_history
from dragsaga.models import DragSagaResult
from games.leagues import record_marks

DRAGSAGA_ROUNDS = 8  # damage tally boxes on the blank DragSaga sheet


def blank_dragsaga(players: int = 4) -> dict[str, Any]:
    players = min(max(players, 2), 4)
    return {
        "lines": [None] * players,
        "rounds": range(1, DRAGSAGA_ROUNDS + 1),
        "filled": False,
    }


def filled_dragsaga(result: DragSagaResult) -> dict[str, Any]:
    return {
        "lines": list(result.lines.select_related("member")),
        "rounds": range(1, DRAGSAGA_ROUNDS + 1),
        "filled": True,
        "result": result,
        "match": result.match,
        "league": result.match.league,
        # What the printed sheet is stamped with: VOID (who, when, why), or its last correction.
        "record_void": record_marks.void_mark(result),
        "record_corrected": game_history.last_correction(result),
    }
