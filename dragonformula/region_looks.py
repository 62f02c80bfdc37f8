"""What Dragon Formula's remembered regions read, as plain data: each region's *look*.

A push renders every region for every viewer after every move, yet most of a viewer's
regions stay as they were through the others' moves: their hand, often their prompt, the
result screen that is not up. The table renders such a region from its look alone, once
per look and language (``games.looks.region``), so what a viewer is shown can never
differ from the look it is filed under. Each function returns ``None`` when its region is
rendered from the whole context instead (a table not started, a refusal, a result screen
that is up).
"""

from __future__ import annotations

from typing import Any

from dragonformula.templatetags.tarot import prompt_look


def hand(context: dict[str, Any]) -> dict[str, Any] | None:
    """What ``partials/hand.html`` reads: the viewer's cards (each card's code and its
    discard's action), the kind of discard and the table's action URL."""
    df = context.get("df")
    if df is None:
        return None
    return {
        "oob": context["oob"],
        "act_url": context["act_url"],
        "df": {
            "hand": [{"code": card["code"], "action": card["action"]} for card in df["hand"]],
            "hand_action": df["hand_action"],
        },
    }


def prompt(context: dict[str, Any]) -> dict[str, Any] | None:
    """What ``partials/prompt.html`` reads without a refusal: its body's look
    (``tarot.prompt_look``)."""
    if context.get("df") is None or context["message"]:
        return None
    return {"oob": context["oob"], "game": True, "message": "", **prompt_look(context)}


def result_screen(context: dict[str, Any]) -> dict[str, Any] | None:
    """``partials/_result_screen.html`` while no game has ended: nothing but its place."""
    df = context.get("df")
    if df is not None and df["result_screen"] is not None:
        return None
    return {"oob": context["oob"], "df": {"result_screen": None}}


REGION_LOOKS = {"hand": hand, "prompt": prompt, "result-screen": result_screen}
