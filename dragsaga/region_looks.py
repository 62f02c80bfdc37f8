"""What DragSaga's remembered regions read, as plain data: each region's *look*.

A push renders every region for every viewer after every move, yet a viewer's hand and
often their prompt stay as they were through the others' moves, and the scores (rendered
once per move for all) through a round. The table renders such a
region from its look alone, once per look and language (``games.looks.region``), so what a
viewer is shown can never differ from the look it is filed under. Each function returns
``None`` when its region is rendered from the whole context instead (a table not started,
a refusal, the game's end with its rematch form).
"""

from __future__ import annotations

from typing import Any


def hand(context: dict[str, Any]) -> dict[str, Any] | None:
    """What ``partials/hand.html`` reads: the viewer's cards (as the table's set defines
    them) and whether two are being picked."""
    ds = context.get("ds")
    if ds is None:
        return None
    return {"oob": context["oob"], "ds": {"hand": ds["hand"], "choosing": ds["choosing"]}}


def _names(card: dict[str, Any]) -> dict[str, Any]:
    return {"name_ja": card["name_ja"], "name_en": card["name_en"]}


def prompt(context: dict[str, Any]) -> dict[str, Any] | None:
    """What ``partials/prompt.html`` reads while the game runs, without a refusal: the
    viewer's seat, the phase, round and turn, its buttons (and their cards), whether it
    picks cards to place and its targets, whose turn it is, the attack it may guard
    against, its flip budget and the cards of its hand it may discard to change target."""
    ds = context.get("ds")
    if ds is None or context["finished"] or context["message"]:
        return None
    view, guard, flips = context["view"], ds["guard"], ds["flips"]
    return {
        "oob": context["oob"],
        "game": True,
        "message": "",
        "finished": False,
        "my_seat": context["my_seat"],
        "act_url": context["act_url"],
        "view": {"phase": view["phase"], "round": view["round"], "turn": view["turn"]},
        "ds": {
            "buttons": [
                {"json": b["json"], "type": b["type"], "card": b["card"]} for b in ds["buttons"]
            ],
            "choosing": ds["choosing"],
            "place_targets": ds["place_targets"],
            "change_targets": ds["change_targets"],
            "flip_limit": ds["flip_limit"],
            "turn_name": ds["turn_name"],
            "guard": None
            if guard is None
            else {
                "attacker_name": guard["attacker_name"],
                "face": _names(guard["face"]),
                "pending": guard["pending"],
            },
            "flips": None
            if flips is None
            else {
                "left": flips["left"],
                "blocked": [
                    {
                        "reason": b["reason"],
                        "face": {**_names(b["face"]), "cost": b["face"]["cost"]},
                    }
                    for b in flips["blocked"]
                ],
            },
            # Read only to offer a discard for a change of target.
            "hand": [
                {**_names(card), "id": card["id"], "cost": card["cost"]} for card in ds["hand"]
            ]
            if ds["change_targets"]
            else [],
        },
    }


def scores(context: dict[str, Any]) -> dict[str, Any] | None:
    """What ``partials/scores.html`` reads until the game's end: the round."""
    ds = context.get("ds")
    if ds is None or ds["result"]:
        return None
    return {
        "oob": context["oob"],
        "game": True,
        "view": {"round": context["view"]["round"]},
        "ds": {"result": ds["result"]},
    }


REGION_LOOKS = {"hand": hand, "prompt": prompt, "scores": scores}
