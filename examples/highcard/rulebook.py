"""High Card's rules page (``/rules/highcard/``, its ``rulebook`` hook), built from the
engine's own numbers."""

from __future__ import annotations

from typing import Any

from examples.highcard.rules import DECK, ENGINE, HAND

TEMPLATE = "highcard/rules.html"


def page_context(request: Any) -> dict[str, Any]:
    return {
        "deck": DECK,
        "hand": HAND,
        "players": f"{ENGINE.min_players}–{ENGINE.max_players}",
        "turn_seconds": ENGINE.default_options()["turn_seconds"],
    }
