"""A player's turn: draw, then Dan or discard; after a pick, the forced major discard."""

from __future__ import annotations

from dragonformula.rules.deal import is_major
from dragonformula.rules.ending import declare_win, false_dan
from dragonformula.rules.hands import is_winning
from dragonformula.rules.pick_window import open_window
from games.engine import IllegalAction, State


def draw(state: State, seat: int) -> None:
    card = state["pile"].pop(0)
    state["hands"][seat].append(card)
    state["draws"][seat] += 1
    if not state["pile"]:
        state["last_drawer"] = seat
    state["phase"] = "discard"
    state["events"].append({"type": "draw", "seat": seat, "card": card, "pile": len(state["pile"])})


def hand_wins(state: State, seat: int) -> bool:
    return is_winning(state["hands"][seat], state["elements"][seat])


def dan(state: State, seat: int) -> None:
    """Declare Dan right after one's own draw; a losing hand is refused on assisted tables."""
    wins = hand_wins(state, seat)
    if not wins and state["options"]["dan_assist"]:
        raise IllegalAction("Your hand does not win yet.", "hand_does_not_win")
    state["events"].append({"type": "dan", "seat": seat})
    if not wins:
        false_dan(state, seat)
        return
    multipliers = {
        "genius": state["draws"][seat] == 1 and not state["picked_cards"][seat],
        "last_judgement": not state["pile"],
    }
    declare_win(state, seat, list(state["hands"][seat]), "dan", multipliers)


def discard(state: State, seat: int, card: str, now: float) -> None:
    state["hands"][seat].remove(card)
    state["discards"][seat].append(card)
    state["events"].append({"type": "discard", "seat": seat, "card": card})
    open_window(state, seat, card, "turn", now)


def discard_major(state: State, seat: int, card: str, now: float) -> None:
    """After a pick the picker discards a major other than the card just picked."""
    if not is_major(card):
        raise IllegalAction("After a pick you must discard a major arcana.", "must_discard_major")
    if card == state["picked_card"]:
        raise IllegalAction(
            "You may not discard the card you just picked.", "picked_card", card=card
        )
    state["hands"][seat].remove(card)
    state["discards"][seat].append(card)
    state["picked_card"] = None
    state["events"].append({"type": "discard_major", "seat": seat, "card": card})
    open_window(state, seat, card, "pick", now)
