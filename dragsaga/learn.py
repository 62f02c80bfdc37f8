"""DragSaga's learning pages (its ``learn`` hook, ``games.learn``): what the cheat sheet
shows, at every table and on its printable page; and the guided first game."""

from __future__ import annotations

from typing import Any

from dragsaga.rules.turns import FLIP_LIMIT


def cheat_sheet_context() -> dict[str, Any]:
    """The figures the cheat sheet states (its words are in the template)."""
    return {"cost_limit": FLIP_LIMIT}
