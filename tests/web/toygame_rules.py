"""The toy game's rules page (its ``rulebook`` hook), built from the toy engine's own numbers."""

from __future__ import annotations

from typing import Any

from tests.web.toygame import DECK, ENGINE, HAND

TEMPLATE = "toygame/rules.html"


def page_context(request: Any) -> dict[str, Any]:
    return {
        "deck": DECK,
        "hand": HAND,
        "players": f"{ENGINE.min_players}–{ENGINE.max_players}",
        "turn_seconds": ENGINE.default_options()["turn_seconds"],
    }
