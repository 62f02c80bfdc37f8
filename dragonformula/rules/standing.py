"""Standing answers: how a seat answers pick windows without being there (turn-based tables).

A seat chooses in advance, and may change at any time, what it answers every discard it
is asked about (``{"type": "standing_answer", "answer": ...}``, a setting of the seat's
own, never shown to another seat):

- ``ask`` (the default): always ask me; the window waits for my answer or my deadline;
- ``pass_unless_dan``: pass, but Pick-and-Dan when the discard completes my hand;
- ``pass_unless_meld``: pass, unless the discard completes a meld with two cards of my
  hand (or my whole hand): then ask me.

A standing answer is an answer given in time: it is written into the window as it opens,
so priority is the rules' own (the nearest declaring seat after the discarder takes the
card, RULES §1.5.6), and a window whose asked seats have all answered closes at once. The
other seats see such an answer as still to come until the window closes, exactly like an
automatic pass.
"""

from __future__ import annotations

from dragonformula.rules.melds import melds_with_card
from games.engine import IllegalAction, State

STANDING = "standing"  # the state's key: one answer per seat
SET_STANDING = "standing_answer"  # the setting action
ASK = "ask"
PASS_UNLESS_DAN = "pass_unless_dan"
PASS_UNLESS_MELD = "pass_unless_meld"
STANDING_ANSWERS = (ASK, PASS_UNLESS_DAN, PASS_UNLESS_MELD)


def of(state: State, seat: int) -> str:
    """``seat``'s standing answer (``ask`` unless it chose another)."""
    return (state.get(STANDING) or [ASK] * state["players"])[seat]


def checked(answer: object) -> str:
    """``answer`` if it is one of the offered standing answers, else ``IllegalAction``."""
    if not isinstance(answer, str) or answer not in STANDING_ANSWERS:
        raise IllegalAction(
            "That is not one of the standing answers offered.", "bad_standing_answer"
        )
    return answer


def completes_meld(hand: list[str], card: str) -> bool:
    """Whether ``card`` makes a meld with two cards of ``hand``."""
    held = set(hand)
    return any(
        all(other in held for other in meld.cards if other != card)
        for meld in melds_with_card(card)
    )


def answer_for(state: State, seat: int, wins: bool) -> str | None:
    """What ``seat``'s standing answer says to the open window's discard (``wins``: the
    discard completes its hand): ``pass``, ``pick_and_dan``, or ``None`` (ask the seat)."""
    standing = of(state, seat)
    if standing == PASS_UNLESS_DAN:
        return "pick_and_dan" if wins else "pass"
    if standing == PASS_UNLESS_MELD:
        if wins or completes_meld(state["hands"][seat], state["window"]["card"]):
            return None
        return "pass"
    return None
