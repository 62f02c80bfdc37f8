"""Every action a Dragon Formula player may send, with its fields (``games.engine.check_action``).

The table's forms post exactly these; anything else (an unknown type or field, a number
where a card goes, NaN) is "not an action of this game" before the rules look at it.
"""

from games.engine import BOOL, CARD, ActionSchema

ACTIONS: ActionSchema = {
    "draw": {},
    "dan": {},
    "discard": {"card": CARD},
    "discard_major": {"card": CARD},
    "pick": {},
    "pick_and_dan": {},
    "pass": {},
    "next_game": {},
    "auto_pass": {"on": BOOL},
    "back": {},
}

# A seat's settings, not moves: pass automatically, and "I'm back" after the clock made it away.
SETTINGS = frozenset({"auto_pass", "back"})
