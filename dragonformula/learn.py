"""Dragon Formula's learning pages (its ``learn`` hook, ``games.learn``): what the cheat
sheet shows, at every table and on its printable page; and the guided first game."""

from __future__ import annotations

from typing import Any

from dragonformula.rulebook import bonus_table, hand_table, sephiroth
from dragonformula.rules.cards import card_info
from dragonformula.rules.hands import scoring_table
from dragonformula.rules.tree import derived_majors


def cheat_sheet_context() -> dict[str, Any]:
    """The winning hands, which majors belong to which sephira, the bonuses, the
    multipliers (the calls and the table's marks are worded in the template)."""
    hands = hand_table()
    return {
        "special_hands": hands["special"],
        "sephira_majors": [
            {
                "number": entry["number"],
                "info": entry,
                "majors": [card_info(code) for code in derived_majors(entry["number"])],
            }
            for entry in sephiroth()
        ],
        "bonuses": bonus_table(),
        "multipliers": scoring_table()["multipliers"],
    }
