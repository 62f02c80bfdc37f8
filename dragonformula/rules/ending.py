"""How a game ends: a win, a false Dan, or the pile running out (RULES §1.5 steps 3-9).

After the end the starter moves on (or stays, after a false Dan), the set may end,
and the result stays on the table until the next game is dealt (``between``); ``state["last_game"]`` keeps the finished game's
result, reading, the winner's eleven cards and its event log for the table to show.
"""

from __future__ import annotations

from typing import Any

from dragonformula.rules.between import ended_game, open_result
from dragonformula.rules.deal import sorted_hand
from dragonformula.rules.hands import best_hand
from dragonformula.rules.match import close_set
from games.engine import State

FALSE_DAN_PENALTY = -500


def pass_to_draw(state: State, seat: int) -> None:
    """Play passes to ``seat``, who must draw; an empty pile ends the game with no winner."""
    state["window"] = None
    state["picked_card"] = None
    if state["pile"]:
        state["phase"] = "draw"
        state["turn"] = seat
        return
    state["events"].append({"type": "exhaust", "seat": seat})
    end_game(state, {"result": "exhaust", "winner": None, "points": 0}, counted=True)


def declare_win(
    state: State, seat: int, cards: list[str], via: str, multipliers: dict[str, bool]
) -> None:
    """``seat`` wins with ``cards`` (eleven); only the winner scores, times its multipliers."""
    reading = best_hand(cards, state["elements"][seat], **multipliers)
    if reading is None:  # callers check is_winning first; never score a hand that does not win
        raise AssertionError(f"declare_win on a hand that does not win: {cards}")
    points = reading.total
    state["set_points"][seat] += points
    state["total_points"][seat] += points
    shown = sorted_hand(cards)
    summary = reading.to_json()
    state["events"].append(
        {
            "type": "win",
            "seat": seat,
            "via": via,
            "cards": shown,
            "reading": summary,
            "points": points,
        }
    )
    end_game(
        state,
        {
            "result": "win",
            "winner": seat,
            "via": via,
            "points": points,
            "cards": shown,
            "reading": summary,
        },
        counted=True,
    )


def false_dan(state: State, seat: int) -> None:
    """A Dan without a winning hand (strict tables): −500, the game ends and is replayed."""
    state["set_points"][seat] += FALSE_DAN_PENALTY
    state["total_points"][seat] += FALSE_DAN_PENALTY
    cards = sorted_hand(state["hands"][seat])
    state["events"].append(
        {"type": "false_dan", "seat": seat, "cards": cards, "points": FALSE_DAN_PENALTY}
    )
    end_game(
        state,
        {
            "result": "false_dan",
            "winner": None,
            "offender": seat,
            "points": FALSE_DAN_PENALTY,
            "cards": cards,
        },
        counted=False,
    )


def end_game(state: State, result: dict[str, Any], *, counted: bool) -> None:
    """Close the game: record it, move the starter (if it counts), end the set, deal the next."""
    record = {
        "set": state["set_index"] + 1,
        "game": state["games_counted"] + 1,
        "starter": state["starter"],
        "counted": counted,
        **result,
        **ended_game(state, result),
    }
    reading = result.get("reading") or {}
    state["games"].append(
        {
            "set": record["set"],
            "game": record["game"],
            "starter": record["starter"],
            "counted": counted,
            "result": result["result"],
            "seat": result["winner"] if result["winner"] is not None else result.get("offender"),
            "points": result["points"],
            "hand": reading.get("hand"),
            "multipliers": reading.get("multipliers", []),
        }
    )
    if counted:
        state["games_counted"] += 1
        if state["games_counted"] == state["players"]:
            state["events"].append(close_set(state))
    state["last_game"] = {**record, "events": state["events"]}
    state["events"] = []
    state["window"] = None
    state["picked_card"] = None
    if state["finished"]:
        state["phase"] = "over"
        state["turn"] = None
        return
    open_result(state)
