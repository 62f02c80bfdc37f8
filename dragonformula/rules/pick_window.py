"""The pick window after every discard (RULES §1.5 steps 4-6 and the Fine points).

Every seat but the discarder gets the same prompt — Pick, Pass, and Pick-and-Dan when
the discard completes their hand — whether or not it holds a major, so the window's
length and shape leak nothing. Answers stay secret until the window closes, when every
seat has answered or its deadline has passed (unanswered seats pass). The declaring
seat nearest after the discarder takes the card (nearness alone decides).
"""

from __future__ import annotations

from typing import Any

from dragonformula.rules import standing
from dragonformula.rules.deal import is_major
from dragonformula.rules.ending import declare_win, pass_to_draw
from dragonformula.rules.hands import is_winning
from games.engine import IllegalAction, State, next_seat, seats_after

PICK = "pick"
PICK_AND_DAN = "pick_and_dan"
PASS = "pass"
ANSWERS = (PICK, PICK_AND_DAN, PASS)
AUTO_PASS = "auto_pass"


def open_window(state: State, discarder: int, card: str, kind: str, now: float) -> None:
    """``kind`` is ``"turn"`` for the discard after a draw, ``"pick"`` for a picker's major."""
    state["phase"] = "window"
    state["turn"] = None
    state["window"] = {
        "discarder": discarder,
        "card": card,
        "kind": kind,
        # pick_seconds 0 (turn-based tables): the window waits for every answer, each seat
        # until its own move deadline, which the platform keeps (``time_out``).
        "deadline": now + seconds if (seconds := state["options"]["pick_seconds"]) else None,
        "answers": [None] * state["players"],
        "auto": [],
    }
    answer_automatically(state)


def passes_automatically(state: State, seat: int) -> bool:
    """Whether ``seat`` has "pass automatically" on (its own setting, shown to it alone)."""
    return bool(state.get(AUTO_PASS, [False] * state["players"])[seat])


def answer_automatically(state: State) -> None:
    """Answer at once for every seat that passes automatically (unless the discard would
    complete its hand: then it is asked as usual) or whose standing answer
    (:mod:`dragonformula.rules.standing`) answers this discard. The other seats are not told
    these answers came early (``view`` shows them as pending) and see them only at the close."""
    window = state["window"]
    for seat in seats_after(window["discarder"], state["players"]):
        if window["answers"][seat] is not None:
            continue
        wins = discard_wins(state, seat)
        given = standing.answer_for(state, seat, wins)
        if given is None and passes_automatically(state, seat) and not wins:
            given = PASS
        if given is not None:
            window["answers"][seat] = given
            window["auto"].append(seat)
    _close_if_all_answered(state)


def asked(state: State, seat: int | None) -> bool:
    """Whether ``seat`` still owes an answer to the open window."""
    window = state["window"]
    return (
        state["phase"] == "window"
        and seat is not None
        and seat != window["discarder"]
        and window["answers"][seat] is None
    )


def can_pick(state: State, seat: int) -> bool:
    """A plain pick needs a major in hand before taking the card."""
    return any(is_major(card) for card in state["hands"][seat])


def discard_wins(state: State, seat: int) -> bool:
    return is_winning([*state["hands"][seat], state["window"]["card"]], state["elements"][seat])


def time_out(state: State, seat: int) -> None:
    """``seat``'s move deadline passed while it was asked (turn-based tables): it passes,
    and the other seats see that answer only at the close, like a standing answer."""
    state["window"]["answers"][seat] = PASS
    state["window"]["auto"].append(seat)
    _close_if_all_answered(state)


def answer(state: State, seat: int, kind: str) -> None:
    """Record ``seat``'s answer (validated now, so a refused answer changes nothing)."""
    if kind == PICK and not can_pick(state, seat):
        raise IllegalAction("You hold no major arcana to pick with.", "no_major")
    if kind == PICK_AND_DAN and not discard_wins(state, seat):
        raise IllegalAction(
            "That discard does not complete a winning hand.", "discard_does_not_win"
        )
    state["window"]["answers"][seat] = kind
    _close_if_all_answered(state)


def _close_if_all_answered(state: State) -> None:
    if all(
        state["window"]["answers"][other] is not None
        for other in seats_after(state["window"]["discarder"], state["players"])
    ):
        close_window(state)


def close_window(state: State) -> None:
    """Resolve priority: the nearest declaring seat after the discarder takes the card."""
    window = state["window"]
    discarder, card = window["discarder"], window["card"]
    taker = next(
        (
            s
            for s in seats_after(discarder, state["players"])
            if window["answers"][s] in (PICK, PICK_AND_DAN)
        ),
        None,
    )
    answers: list[Any] = [a if a is not None else PASS for a in window["answers"]]
    answers[discarder] = None
    state["events"].append(
        {
            "type": "window_closed",
            "card": card,
            "from": discarder,
            "answers": answers,
            "taker": taker,
        }
    )
    if taker is None:
        pass_to_draw(state, next_seat(discarder, state["players"]))
        return
    state["discards"][discarder].pop()
    if window["answers"][taker] == PICK_AND_DAN:
        state["hands"][taker].append(card)
        cards = list(state["hands"][taker])
        multipliers = {
            "surprise": state["draws"][taker] == 0,
            # RULES §1.5: any discard by the seat that drew the last pile card, also the major
            # it discards after a pick of its own; another seat's major discard does not count.
            "last_judgement": discarder == state["last_drawer"],
        }
        state["events"].append(
            {"type": "pick_and_dan", "seat": taker, "card": card, "from": discarder}
        )
        declare_win(state, taker, cards, PICK_AND_DAN, multipliers)
        return
    state["hands"][taker].append(card)
    state["picked_cards"][taker].append(card)
    state["events"].append({"type": "pick", "seat": taker, "card": card, "from": discarder})
    state["window"] = None
    state["phase"] = "pick_discard"
    state["turn"] = taker
    state["picked_card"] = card
