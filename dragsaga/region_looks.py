"""What DragSaga's remembered regions read, as plain data: each region's *look*.

A push renders every region for every viewer after every move, yet a viewer's hand and
often their prompt stay as they were through the others' moves, and the scores (rendered
once per move for all) through a round. The table renders such a
region from its look alone, once per look and language (``games.regions.looks.region``), so what a
viewer is shown can never differ from the look it is filed under. Each function returns
``None`` when its region is rendered from the whole context instead (a table not started,
a refusal, the game's end with its rematch form).
"""

from __future__ import annotations

from typing import Any

from dragsaga.templatetags.dragsaga_words import flip_budget_look


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
    """What ``partials/prompt.html`` reads while the game runs, without a refusal, in the
    phase it is in: whether the viewer watches; choosing a dragon, its buttons; placing,
    whether it picks and then the round, its targets and the flip limit; in the turns,
    whether it is the viewer's turn and whether the viewer is asked to guard (the attack
    then), whose turn it is when neither and no attack is open, its buttons, its flip
    budget and the cards of its hand it may discard to change target.

    What the partial does not show is left out, so a viewer's prompt stays one look
    through the moves that do not change it (an attack on others: "waiting for the hit
    players" whoever attacks whom). Nor does the look say which seat the viewer holds:
    the partial reads the viewer's seat only to ask whether it is the turn's or asked to
    guard, which the look says as :data:`SEATED`, so the seats asked alike (the three
    that wait for one player's turn) share one look and its render."""
    ds = context.get("ds")
    if ds is None or context["finished"] or context["message"]:
        return None
    seat, view = context["my_seat"], context["view"]
    phase = view["phase"]
    shown: dict[str, Any] = {"phase": phase}
    look = {
        "oob": context["oob"],
        "game": True,
        "message": "",
        "finished": False,
        "my_seat": None if seat is None else SEATED,
        "act_url": context["act_url"],
        "view": shown,
        "ds": {},
    }
    if seat is None:
        return look
    if phase == "choose_dragon":
        look["ds"] = {"buttons": _buttons(ds)}
    elif phase == "place":
        look["ds"] = {"choosing": ds["choosing"]}
        if ds["choosing"]:
            shown["round"] = view["round"]
            look["ds"].update(place_targets=ds["place_targets"], flip_limit=ds["flip_limit"])
    elif phase == "turns":
        shown["turn"] = SEATED if view["turn"] == seat else None
        look["ds"] = _turns(ds, seat, own_turn=view["turn"] == seat)
    return look


# The viewer's seat as a prompt's look says it: whichever seat it is (the look tells only
# whether the turn, or an attack's question, is the viewer's).
SEATED = 0


def _buttons(ds: dict[str, Any]) -> list[dict[str, Any]]:
    return [{"json": b["json"], "type": b["type"], "card": b["card"]} for b in ds["buttons"]]


def _turns(ds: dict[str, Any], seat: int, own_turn: bool) -> dict[str, Any]:
    """The turns' part of the prompt's look: the attack only as far as it asks the viewer
    (``pending`` holds the viewer, as :data:`SEATED`, or nobody), whose turn only when it
    is shown."""
    guard, flips = ds["guard"], ds["flips"]
    asked = guard is not None and seat in guard["pending"]
    return {
        "guard": None
        if guard is None
        else {
            "attacker_name": guard["attacker_name"],
            "face": _names(guard["face"]),
            "pending": [SEATED],
        }
        if asked
        else {"pending": []},
        "turn_name": ds["turn_name"] if guard is None and not own_turn else None,
        "buttons": _buttons(ds),
        "flip_limit": ds["flip_limit"],
        "flips": None if flips is None else flip_budget_look(flips),
        "change_targets": ds["change_targets"],
        # Read only to offer a discard for a change of target.
        "hand": [{**_names(card), "id": card["id"], "cost": card["cost"]} for card in ds["hand"]]
        if ds["change_targets"]
        else [],
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
