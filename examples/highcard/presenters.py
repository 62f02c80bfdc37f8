"""How a High Card table looks: ``engine.view(state, seat)`` turned into what its partials
read. Nothing here sees more than the view: another seat's face-down card is never in it."""

from __future__ import annotations

import json
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from examples.highcard.rules import value

REGIONS = [
    ("clock", "games/partials/clock.html"),
    ("board", "highcard/partials/board.html"),
    ("prompt", "highcard/partials/prompt.html"),
    ("hand", "highcard/partials/hand.html"),
]
# The board is the same for every seated viewer (face-down cards show as backs to all).
SHARED_REGIONS = frozenset({"clock", "board"})
OPTION_LABELS = {"turn_seconds": gettext_lazy("Seconds to lay a card")}
# A laid card stays secret until the round's reveal: the replay of a game still being
# played says only that the seat laid one.
COACHED = False  # no coach weighs a High Card decision: no review is offered
# What a logged action did, in a replay reader's words.
ACTION_WORDS = {"play": pgettext_lazy("replay action", "lays a card face down")}
REPLAY_OPEN_ACTIONS: dict[str, tuple[str, ...]] = {}


def face(code: str) -> dict[str, Any]:
    """A card as the table draws it (``partials/card.html``); ``ValueError`` for no card."""
    if not (isinstance(code, str) and code[:1] == "C" and code[1:].isdigit()):
        raise ValueError(f"{code!r} is not a High Card card.")
    return {"code": code, "number": value(code)}


def action_from_post(post: Any) -> dict[str, Any]:
    """A card laid from a plain form (``type`` and ``card`` fields)."""
    return {"type": post["type"], "card": post["card"]}


def present(view: dict[str, Any], seat: int | None, context: dict[str, Any]) -> dict[str, Any]:
    """The board's rows (per seat: name, rounds won, this round's card state and the cards
    turned up) and the seat's own buttons."""
    names = context.get("names", [])
    if not view:
        return {}
    rounds = view.get("rounds", [])
    rows = []
    for number in range(view["players"]):
        rows.append(
            {
                "number": number,
                "name": names[number] if number < len(names) else "",
                "won": view["won"][number],
                "laid": view["laid"][number],
                "mine": number == seat,
                "turn": view.get("turn") == number,
                "shown": [
                    {**face(r["cards"][number]), "won": r["winner"] == number} for r in rounds
                ],
                "in_hand": view["hand_counts"][number],
            }
        )
    buttons = [
        {"card": face(action["card"]), "json": json.dumps(action)}
        for action in context.get("legal") or []
    ]
    last = rounds[-1] if rounds else None
    placings = (view.get("outcome") or {}).get("placings", [])
    return {
        "hc": {
            "rows": rows,
            "buttons": buttons,
            "hand": [face(card) for card in view.get("hand") or []],
            "my_laid": face(view["my_laid"]) if view.get("my_laid") else None,
            "last_winner": names[last["winner"]] if last and last["winner"] < len(names) else "",
            "turn_name": names[view["turn"]] if view.get("turn") is not None else "",
            "placings": [
                {**p, "name": names[p["seat"]] if p["seat"] < len(names) else ""} for p in placings
            ],
        }
    }


def event_sentence(context: dict[str, Any]) -> Any:
    """One event of the table's log in the page's words (the catch-up's "while you were
    away" lines): ``sentence(event, names) -> str``."""

    def sentence(event: dict[str, Any], names: Any) -> str:
        if event.get("type") == "round":
            return _("%(name)s won the round.") % {"name": names[event["winner"]]}
        return _("%(name)s laid a card face down.") % {"name": names[event["seat"]]}

    return sentence
