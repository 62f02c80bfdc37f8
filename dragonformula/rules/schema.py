"""Every action a Dragon Formula player may send, with its fields (``games.engine.check_action``).

The table's forms post exactly these; anything else (an unknown type or field, a number
where a card goes, NaN) is "not an action of this game" before the rules look at it.
"""

from games.engine import BOOL, CARD, WORD, Action, ActionSchema

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
    "standing_answer": {"answer": WORD},
}

# A seat's settings, not moves: pass automatically, its standing answer to pick windows.
SETTINGS = frozenset({"auto_pass", "standing_answer"})

# Answers to a pick window: the other seats see that a seat answered, not how.
ANSWERS = frozenset({"pick", "pick_and_dan", "pass"})


def public_action(action: Action) -> Action:
    """What the other seats are told of ``action`` when it is made (the operator's log writes
    this): a pick window's answer is "answered" until it closes, and whether a seat passes
    automatically is its own affair; every other move is seen as made."""
    kind = action.get("type")
    if kind in ANSWERS:
        return {"type": "answer"}
    if kind in ("discard", "discard_major"):
        return {"type": kind, "card": action.get("card")}
    return {"type": kind}  # draw (the card drawn is no part of it), dan, next_game, settings
