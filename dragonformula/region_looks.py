"""What Dragon Formula's remembered regions read, as plain data: each region's *look*.

A push renders every region for every viewer after every move, yet most of a viewer's
regions stay as they were through the others' moves: their hand, the result screen that
is not up, the pile and the scores (rendered once per move for all), and their hints. The
table renders such a region from its look alone, once per look and language
(``games.regions.looks.region``), so what a viewer is shown can never differ from the look
it is filed under. (The prompt's body is remembered the same way, by ``tarot.df_prompt``.) Each function returns ``None`` when its region is
rendered from the whole context instead (a table not started, a refusal, a result screen
that is up).
"""

from __future__ import annotations

from typing import Any

from dragonformula.templatetags.tarot import STANDING


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
            "hand": [
                {"code": card["code"], "action": card["action"], "drawn": card["drawn"]}
                for card in df["hand"]
            ],
            "hand_action": df["hand_action"],
        },
    }


def result_screen(context: dict[str, Any]) -> dict[str, Any] | None:
    """``partials/_result_screen.html`` while no game has ended: nothing but its place."""
    df = context.get("df")
    if df is not None and df["result_screen"] is not None:
        return None
    return {"oob": context["oob"], "df": {"result_screen": None}}


def pile(context: dict[str, Any]) -> dict[str, Any] | None:
    """What ``partials/pile.html`` reads: the cards left in the pile, the set and game."""
    if context.get("df") is None:
        return None
    view = context["view"]
    return {
        "oob": context["oob"],
        "game": True,
        "view": {"pile_size": view["pile_size"]},
        "df": {"where": context["df"]["where"]},
    }


def scores(context: dict[str, Any]) -> dict[str, Any] | None:
    """What ``partials/scores.html`` reads: each seat's player and points."""
    if context.get("df") is None:
        return None
    rows = [{key: row[key] for key in STANDING} for row in context["df"]["standings"]]
    return {"oob": context["oob"], "game": True, "df": {"standings": rows}}


def hints(context: dict[str, Any]) -> dict[str, Any] | None:
    """What ``partials/hints.html`` reads: the seat's hints (``dragonformula.hints``), its
    switch and the card legend; ``None`` during a guided game's step (its guide is read
    from the context)."""
    df = context.get("df")
    if df is None or context.get("guide") is not None:
        return None
    you, shown = df["you"], df["hints"]
    if shown is not None and shown["reach"] is not None:  # what the hint names of each hand
        reach = shown["reach"]
        hands = [{"name": h["name"], "lacks": h["lacks"]} for h in reach["hands"]]
        shown = {**shown, "reach": {"away": reach["away"], "hands": hands}}
    return {
        "oob": context["oob"],
        "game": True,
        "my_seat": None if context["my_seat"] is None else True,  # read: whether seated
        "finished": context["finished"],
        "hints_on": context["hints_on"],
        "table": {"code": context["table"].code},
        "df": {
            "hints": shown,
            "you": None if you is None else {key: str(you[key]) for key in LEGEND},
        },
    }


LEGEND = ("element_name", "own_suit_name", "own_suit")  # what the card legend reads of a seat

REGION_LOOKS = {
    "hints": hints,
    "hand": hand,
    "result-screen": result_screen,
    "pile": pile,
    "scores": scores,
}
