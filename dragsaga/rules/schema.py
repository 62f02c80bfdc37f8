"""Every action a DragSaga player may send, with its fields (``games.engine.check_action``).

The table's forms post exactly these; anything else (an unknown type or field, a number
where a card goes, NaN) is "not an action of this game" before the rules look at it.
The round-one place may leave out its target (everyone targets their left neighbour).
"""

from games.engine import CARD, CARDS, SEAT, ActionSchema

ACTIONS: ActionSchema = {
    "choose_dragon": {"card": CARD},
    "place": {"cards": CARDS, "target": SEAT + "?"},
    "flip": {"card": CARD},
    "guard": {"card": CARD},
    "no_guard": {},
    "change_target": {"discard": CARD, "target": SEAT},
    "pass": {},
    "end_turn": {},
}
