"""Every action a DragSaga player may send, with its fields (``games.engine.check_action``).

The table's forms post exactly these; anything else (an unknown type or field, a number
where a card goes, NaN) is "not an action of this game" before the rules look at it.
The round-one place may leave out its target (everyone targets their left neighbour).
"""

from games.engine import CARD, CARDS, SEAT, Action, ActionSchema

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


def public_action(action: Action) -> Action:
    """What the other seats are told of ``action`` when it is made (the operator's log writes
    this): a placing is two face-down cards and a target token still hidden, so "placed 2
    cards"; the dragon kept and a target change's discard are face down too."""
    kind = action.get("type")
    if kind == "place":
        return {"type": "place", "cards": len(action.get("cards") or ())}
    if kind == "change_target":
        return {"type": "change_target", "target": action.get("target")}
    if kind in ("flip", "guard"):  # face up from now on
        return {"type": kind, "card": action.get("card")}
    return {"type": kind}  # choose_dragon's card is kept secret; the others carry nothing
