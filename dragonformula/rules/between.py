"""Between two games: the result stays on the table until every seat is ready.

When a game ends and the match goes on, the table enters the ``result`` phase: every
hand is shown (RULES §1.5, Fine points), and the next game is dealt once every seat
has answered ``{"type": "next_game"}`` or ``RESULT_SECONDS``
after the end, whichever comes first. Nothing of the next game, and no clock of it,
runs while the result is shown.
"""

from __future__ import annotations

from typing import Any

from dragonformula.rules.deal import deal_game, sorted_hand
from games.engine import IllegalAction, State

NEXT_GAME = "next_game"
RESULT_SECONDS = 30.0


def open_result(state: State) -> None:
    """The game has ended and the match goes on: show the result until all are ready."""
    state["phase"] = "result"
    state["turn"] = None
    state["result"] = {"deadline": None, "ready": [False] * state["players"]}


def ended_game(state: State, result: dict[str, Any]) -> dict[str, Any]:
    """What the result screen shows besides the score: every hand, and for a win the
    winning card (the one drawn, or the discard picked) and whose discard it was."""
    shown: dict[str, Any] = {"hands": [sorted_hand(hand) for hand in state["hands"]]}
    winner = result.get("winner")
    if result.get("result") == "win" and winner is not None:
        shown["winning_card"] = state["hands"][winner][-1]  # the card that came last
        claim = next((e for e in reversed(state["events"]) if e["type"] == "pick_and_dan"), None)
        shown["from"] = claim["from"] if claim is not None and result["via"] != "dan" else None
    return shown


def settle(state: State, now: float) -> None:
    """Start the result's countdown at the moment the game ended (``apply`` calls this)."""
    result = state.get("result")
    if state["phase"] == "result" and result["deadline"] is None:
        state["result"] = {**result, "deadline": now + RESULT_SECONDS}


def waiting(state: State) -> list[int]:
    return [seat for seat, ready in enumerate(state["result"]["ready"]) if not ready]


def deadline(state: State) -> float | None:
    due = state["result"]["deadline"]
    return None if due is None else float(due)


def ready(state: State, seat: int) -> None:
    """``seat`` has seen the result; the last one to be ready deals the next game."""
    if state["phase"] != "result":
        raise IllegalAction("The next game is already under way.", "no_result")
    if state["result"]["ready"][seat]:
        raise IllegalAction("You are ready already; the others are still reading.", "ready")
    flags = list(state["result"]["ready"])
    flags[seat] = True
    state["result"] = {**state["result"], "ready": flags}
    if all(flags):
        next_game(state)


def next_game(state: State) -> None:
    state["result"] = None
    deal_game(state)
