"""A round's frame: the end check, the turn order, clean-up and the moving start player."""

from __future__ import annotations

from games.engine import State

from . import scoring
from .cards import CardSet
from .table import FINISHED, PLACE, TURNS, log, set_deadline, turn_order

END_HAND_SIZE = 1  # the game ends when a player holds this many cards or fewer


def start_round(state: State, now: float, cards: CardSet) -> None:
    """The end check, then the placing phase of a new round."""
    short = [seat for seat, s in enumerate(state["seats"]) if len(s["hand"]) <= END_HAND_SIZE]
    if short:
        log(state, "end_check", seats=short)
        finish(state, cards)
        return
    state["round"] += 1
    state["phase"] = PLACE
    state["turn"] = None
    state["target_changed"] = False
    for s in state["seats"]:
        s["target"] = None
    log(state, "round_start", round=state["round"], start_player=state["start_player"])
    set_deadline(state, "place_seconds", now)


def start_turns(state: State, now: float) -> None:
    state["phase"] = TURNS
    begin_turn(state, 0, now)


def begin_turn(state: State, index: int, now: float) -> None:
    seat = turn_order(state)[index]
    state["turn"] = {"seat": seat, "index": index, "flips": 0}
    log(state, "turn", seat=seat)
    set_deadline(state, "turn_seconds", now)


def next_turn(state: State, now: float, cards: CardSet) -> None:
    """The next player to the left takes a turn; after the last one, clean-up."""
    index = state["turn"]["index"] + 1
    if index < state["players"]:
        begin_turn(state, index, now)
        return
    clean_up(state, cards)
    state["start_player"] = (state["start_player"] + 1) % state["players"]
    start_round(state, now, cards)


def clean_up(state: State, cards: CardSet) -> None:
    """Flipped cards go to the discard pile; unflipped ones return to hand, except that a
    player whose two placed cards are both still face down discards both."""
    passed: list[int] = []
    for seat, s in enumerate(state["seats"]):
        flipped = [p["card"] for p in s["placed"] if p["flipped"]]
        unflipped = [p["card"] for p in s["placed"] if not p["flipped"]]
        s["discard"].extend(flipped)
        if not flipped:
            s["discard"].extend(unflipped)
            passed.append(seat)
        else:
            s["hand"] = cards.sorted(s["hand"] + unflipped)
        s["placed"] = []
    state["turn"] = None
    log(state, "clean_up", discarded_both=passed)


def finish(state: State, cards: CardSet) -> None:
    state["phase"] = FINISHED
    state["finished"] = True
    state["turn"] = None
    state["guard"] = None
    state["deadline"] = None
    state["result"] = scoring.final_placings(state, cards)
    log(state, "game_end", placings=state["result"]["placings"])
