"""Helpers for Dragon Formula game tests: stacked deals and a few moves of play."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from dragonformula.rules import advice
from dragonformula.rules.cards import ALL_CARDS
from dragonformula.rules.engine import ENGINE
from dragonformula.rules.game import stacked_game
from games.engine import State, dumps

# Ten cards per seat that neither win nor hold a major (spread over suits and numbers).
_FILLER_ORDER = [f"{suit}{rank}" for rank in (*range(1, 11), "P", "N", "Q", "K") for suit in "WCSP"]


def cards(text: str) -> list[str]:
    return text.split()


def deal(players: int, hands: dict[int, str], pile: str = "", bottom: str = "") -> dict[str, Any]:
    """A stacked deal: the given hands (filled up to ten with spread minor cards, no majors),
    ``pile`` on top of the pile and ``bottom`` at its bottom (the last card drawn)."""
    used = {c for text in (*hands.values(), pile, bottom) for c in cards(text)}
    filler = [c for c in _FILLER_ORDER if c not in used]
    dealt: list[list[str]] = []
    for seat in range(players):
        given = cards(hands.get(seat, ""))
        need = 10 - len(given)
        dealt.append([*given, *filler[:need]])
        filler = filler[need:]
    used |= {c for hand in dealt for c in hand}
    middle = [c for c in ALL_CARDS if c not in used]
    return {"hands": dealt, "pile": [*cards(pile), *middle, *cards(bottom)]}


def table(
    players: int,
    deals: list[dict[str, Any]],
    fire_seats: list[int] | None = None,
    **options: Any,
) -> State:
    return stacked_game(players, options, seed=7, deals=deals, fire_seats=fire_seats or [0])


def act(
    state: State, seat: int | None, kind: str, card: str | None = None, now: float = 0.0
) -> State:
    action: dict[str, Any] = {"type": kind}
    if card is not None:
        action["card"] = card
    return ENGINE.apply(state, seat, action, now)


def all_pass(state: State) -> State:
    """Every seat still asked in the open pick window passes."""
    for seat in ENGINE.waiting_for(state):
        state = act(state, seat, "pass")
    return state


def draw_and_throw(state: State) -> State:
    """The seat to move draws, throws the drawn card, and everyone passes."""
    seat = state["turn"]
    state = act(state, seat, "draw")
    drawn = state["hands"][seat][-1]
    return all_pass(act(state, seat, "discard", drawn))


def play_out(state: State) -> State:
    """Draw-and-throw until the game in progress ends (the pile runs out); every seat
    then presses "Next game"."""
    games = len(state["games"])
    while len(state["games"]) == games:
        state = draw_and_throw(state)
    return next_game(state)


def next_game(state: State) -> State:
    """Every seat presses "Next game" on the result screen (nothing when none is shown)."""
    for seat in ENGINE.waiting_for(state) if state["phase"] == "result" else []:
        state = act(state, seat, "next_game")
    return state


def unchanged_by(state: State, seat: int | None, action: dict[str, Any], now: float = 0.0) -> str:
    """Apply an illegal action and return its error code, checking the state did not change."""
    before = dumps(state)
    try:
        ENGINE.apply(state, seat, action, now)
    except Exception as error:  # the caller asserts the code
        assert dumps(state) == before
        return getattr(error, "code", type(error).__name__)
    raise AssertionError(f"{action} by seat {seat} was accepted")


def seat_whose_pick_takes_thinking(state: State, seats: Iterable[int]) -> tuple[Any, Any]:
    """Of ``seats``, the first asked about the discard on offer whose answer takes the
    coach's play-outs (no win with it, a major to give back), and its view; else ``None``s."""
    for seat in seats:
        view = ENGINE.view(state, seat)
        if advice.asked(view) and advice.quick_advice(view) is None:
            return seat, view
    return None, None
