"""DragSaga's table as the templates read it, built from ``engine.view(state, seat)`` only.

Nothing here looks at the state: the view is all a seat may know, and these
functions only arrange it (seats from the viewer's place, card ids to card faces,
legal actions to buttons).
"""

from __future__ import annotations

import json
from typing import Any

from django.utils.translation import gettext_lazy as _

from games.engine import seats_from

REGIONS = [
    ("seats", "dragsaga/partials/seats.html"),
    ("clock", "games/partials/clock.html"),
    ("prompt", "dragsaga/partials/prompt.html"),
    ("hand", "dragsaga/partials/hand.html"),
    ("log", "dragsaga/partials/log.html"),
    ("scores", "dragsaga/partials/scores.html"),
]

OPTION_LABELS = {
    "card_set": _("Card set"),
    "place_seconds": _("Seconds to place"),
    "guard_seconds": _("Seconds to guard"),
    "turn_seconds": _("Seconds per turn"),
}
OPTION_CHOICES = {"card_set": [("default", _("Default set"))]}

COLOUR_NAMES = {
    "red": _("red"),
    "blue": _("blue"),
    "green": _("green"),
    "yellow": _("yellow"),
    "black": _("black"),
}


def lobby_options(options: dict[str, Any]) -> dict[str, Any]:
    """The lobby's choices as engine options (the default card set is ``None``)."""
    return {**options, "card_set": None}


def action_from_post(post: Any) -> dict[str, Any]:
    """A DragSaga action posted as form fields (the place and change-target forms)."""
    kind = post["type"]
    if kind == "place":
        action: dict[str, Any] = {"type": "place", "cards": post.getlist("cards")}
        if post.get("target", "") != "":
            action["target"] = int(post["target"])
        return action
    if kind == "change_target":
        return {"type": kind, "discard": post["discard"], "target": int(post["target"])}
    return {"type": kind}


def present(view: dict[str, Any], seat: int | None, context: dict[str, Any]) -> dict[str, Any]:
    cards = {card["id"]: card for card in view["cards"]}
    names = context["names"]
    you = view["you"]
    legal = view["legal_actions"]
    waiting = set(view["waiting_for"])
    order = seats_from(seat if seat is not None else 0, view["players"])
    seats = []
    for number in order:
        public = view["seats"][number]
        seats.append(
            {
                **public,
                "name": names[number],
                "colour_name": COLOUR_NAMES.get(public["colour"], public["colour"]),
                "is_you": number == seat,
                "placed_faces": [
                    cards[p["card"]] if p["card"] is not None else None for p in public["placed"]
                ],
                "target_name": names[public["target"]] if public["target"] is not None else "",
                "waiting": number in waiting,
                "turn": number == view["turn"],
                "start_player": number == view["start_player"],
            }
        )
    hand = [cards[card] for card in (you["hand"] if you else [])]
    by_type: dict[str, list[dict[str, Any]]] = {}
    for action in legal:
        by_type.setdefault(action["type"], []).append(action)
    place_targets = sorted({a["target"] for a in by_type.get("place", [])})
    change_targets = sorted({a["target"] for a in by_type.get("change_target", [])})
    buttons = [
        {"json": json.dumps(a), "card": cards.get(a.get("card", "")), "type": a["type"]}
        for a in legal
        if a["type"] in ("choose_dragon", "flip", "guard", "no_guard", "pass", "end_turn")
    ]
    guard = view["guard"]
    return {
        "ds": {
            "seats": seats,
            "hand": hand,
            "you": you,
            "placed": [
                {"face": cards[p["card"]], "flipped": p["flipped"]}
                for p in (you["placed"] if you else [])
            ],
            "choosing": "place" in by_type,
            "place_targets": [(t, names[t]) for t in place_targets],
            "change_targets": [(t, names[t]) for t in change_targets],
            "buttons": buttons,
            "guard": None
            if guard is None
            else {
                **guard,
                "attacker_name": names[guard["attacker"]],
                "face": cards[guard["card"]],
                "hit_names": [names[s] for s in guard["hits"]],
            },
            "events": list(reversed(view["events"][-40:])),
            "result": view["result"],
            "cards": cards,
        }
    }
