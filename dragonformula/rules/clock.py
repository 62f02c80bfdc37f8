"""The turn clock (table options ``turn_seconds`` and ``time_bank``; BGA's pattern).

A seat's turn — its draw and discard, or its major discard after a pick — has
``turn_seconds``; past them it spends its time bank (``time_bank`` seconds per seat,
filled again at each set). The clock lives in the state as a deadline: ``start`` +
turn + what is left of the bank. When it passes, the ``tick`` that applies it makes
the server play for the seat: it draws, then discards the card it drew (after a pick:
the first major it may discard). ``timeouts`` counts, per seat, its turns in a row the
clock ran out on (0 again once the seat acts): the platform reads them
(``Engine.timeouts``) to decide when a bot stands in for a seat, and plays that seat
through the usual path. ``turn_seconds`` 0 switches the clock off.
"""

from __future__ import annotations

from typing import Any

from dragonformula.rules.deal import is_major, sorted_hand
from games.engine import Action, State

TURN_PHASES = ("draw", "discard", "pick_discard")


def enabled(state: State) -> bool:
    return state["options"].get("turn_seconds", 0) > 0


def timeouts(state: State) -> list[int]:
    """Per seat, how many of its turns in a row the clock ran out on."""
    return list(state.get("timeouts") or [0] * state["players"])


def deadline(state: State) -> float | None:
    running = state.get("clock")
    if running is None or state["phase"] not in TURN_PHASES:
        return None
    return float(running["deadline"])


def settle(state: State, now: float, actor: int | None) -> None:
    """After every move: a seat that acted starts its count of timeouts again; a turn
    that has ended spends its bank; a new turn starts its clock (``actor`` None: the table
    moved)."""
    players = state["players"]
    if actor is not None and (state.get("timeouts") or [0] * players)[actor]:
        state["timeouts"] = _with(state.get("timeouts"), players, actor, 0)
    if not enabled(state):
        return
    running = state.get("clock")
    owner = state["turn"] if state["phase"] in TURN_PHASES and not state["finished"] else None
    if running is not None and running["seat"] == owner and running["set"] == state["set_index"]:
        return  # the same turn goes on (a draw, then the discard)
    if running is not None and running["set"] == state["set_index"]:
        spent = max(0.0, now - running["started"] - state["options"]["turn_seconds"])
        left = max(0.0, state["banks"][running["seat"]] - spent)
        state["banks"] = _with(state["banks"], players, running["seat"], round(left, 3))
    if state.get("bank_set") != state["set_index"]:
        state["banks"] = [float(state["options"]["time_bank"])] * players
        state["bank_set"] = state["set_index"]
    state["clock"] = None if owner is None else _start(state, owner, now)


def _start(state: State, seat: int, now: float) -> dict[str, Any]:
    allowed = state["options"]["turn_seconds"] + state["banks"][seat]
    return {"seat": seat, "set": state["set_index"], "started": now, "deadline": now + allowed}


def _with(values: list[Any] | None, players: int, seat: int, value: Any) -> list[Any]:
    """A copy of ``values`` (``apply`` never changes its input) with ``seat``'s replaced."""
    default = 0 if not isinstance(value, bool) else False
    copied = list(values) if values is not None else [default] * players
    copied[seat] = value
    return copied


def timed_out(state: State) -> int:
    """Record a timeout of the seat on turn; that seat."""
    seat = state["turn"]
    players = state["players"]
    count = (state.get("timeouts") or [0] * players)[seat] + 1
    state["timeouts"] = _with(state.get("timeouts"), players, seat, count)
    state["events"].append({"type": "timeout", "seat": seat})
    return seat


def server_play(state: State, seat: int) -> Action:
    """The server's move for a seat out of time: draw; then discard the drawn card."""
    if state["phase"] == "draw":
        return {"type": "draw"}
    if state["phase"] == "discard":
        return {"type": "discard", "card": state["hands"][seat][-1]}  # the card just drawn
    majors = [c for c in sorted_hand(state["hands"][seat]) if is_major(c)]
    return {"type": "discard_major", "card": next(c for c in majors if c != state["picked_card"])}


def view(state: State) -> dict[str, Any]:
    """The clock as every seat sees it (time is no secret)."""
    running = state.get("clock")
    players = state["players"]
    return {
        "turn_seconds": state["options"].get("turn_seconds", 0),
        "banks": list(state.get("banks") or [state["options"].get("time_bank", 0)] * players),
        "seat": running["seat"] if running is not None else None,
        "deadline": deadline(state),
    }
