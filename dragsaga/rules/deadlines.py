"""Idle seats: when a deadline passes, a tick applies a stated default for each
seat the game is waiting for, so a table never hangs.

- choosing a dragon: keep the first divine dragon of the card set;
- placing: the two cheapest hand cards (set order breaks ties), left neighbour as target;
- a guard window: no guard;
- one's own turn: pass (or end the turn after a flip).
"""

from __future__ import annotations

from games.engine import IllegalAction, State

from . import placing, turns
from .cards import CardSet
from .table import CHOOSE_DRAGON, PLACE, TURNS, left_of, log


def waiting_for(state: State) -> list[int]:
    """The seats the game now expects an action from."""
    phase = state["phase"]
    if phase in (CHOOSE_DRAGON, PLACE):
        return [seat for seat, s in enumerate(state["seats"]) if s["choice"] is None]
    if phase == TURNS:
        window = state["guard"]
        if window is not None:
            answered = {r["seat"] for r in window["responses"]}
            return [seat for seat in window["pending"] if seat not in answered]
        return [state["turn"]["seat"]]
    return []


def tick(state: State, now: float, cards: CardSet) -> None:
    """Apply every default that has fallen due at ``now``."""
    if state["finished"] or state["deadline"] is None or now < state["deadline"]:
        raise IllegalAction("Nothing is due yet.", "nothing_due")
    while not state["finished"] and state["deadline"] is not None and now >= state["deadline"]:
        for seat in waiting_for(state):
            play_default(state, seat, now, cards)


def time_out(state: State, seat: object, now: float, cards: CardSet) -> None:
    """A turn-based table's move deadline for ``seat`` has passed: its default, as a tick
    plays it at a live table (each seat of a simultaneous placing has its own deadline)."""
    if isinstance(seat, bool) or not isinstance(seat, int) or seat not in waiting_for(state):
        raise IllegalAction("Nothing is due from that seat.", "nothing_due")
    play_default(state, seat, now, cards)


def play_default(state: State, seat: int, now: float, cards: CardSet) -> None:
    """The stated default of ``seat``, which the game is waiting for."""
    phase = state["phase"]
    log(state, "timeout", seat=seat, phase=phase)
    if phase == CHOOSE_DRAGON:
        placing.choose_dragon(state, seat, cards.divine()[0], now, cards)
    elif phase == PLACE:
        chosen = placing.cheapest_two(state, seat, cards)
        placing.place(state, seat, chosen, left_of(state, seat), now, cards)
    elif state["guard"] is not None:
        turns.no_guard(state, seat, now, cards)
    elif state["turn"]["flips"]:
        turns.end_turn(state, seat, now, cards)
    else:
        turns.pass_turn(state, seat, now, cards)
