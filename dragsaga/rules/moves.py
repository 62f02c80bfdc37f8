"""Every move of the game, applied to a state in place (``engine.apply`` works on a copy)."""

from __future__ import annotations

from games.engine import TIME_OUT, Action, IllegalAction, State

from . import deadlines, placing, turns
from .cards import CardSet


def _card_field(action: Action, key: str) -> str:
    value = action.get(key)
    if not isinstance(value, str):
        raise IllegalAction(f"The action needs a card id in {key!r}.", "malformed_action")
    return value


def play(state: State, seat: int | None, action: Action, now: float, cards: CardSet) -> None:
    """Apply ``action`` to ``state`` itself; a refused action may leave it half changed, so
    ``engine.apply`` gives it a copy (the strong bot's play-outs change one copy throughout)."""
    kind = action["type"]
    if kind == "tick":
        deadlines.tick(state, now, cards)
    elif kind == TIME_OUT and seat is None:
        deadlines.time_out(state, action.get("seat"), now, cards)
    elif kind == "choose_dragon":
        placing.choose_dragon(state, seat, action.get("card"), now, cards)
    elif kind == "place":
        placing.place(state, seat, action.get("cards"), action.get("target"), now, cards)
    elif kind == "flip":
        turns.flip(state, seat, _card_field(action, "card"), now, cards)
    elif kind == "guard":
        turns.guard(state, seat, _card_field(action, "card"), now, cards)
    elif kind == "no_guard":
        turns.no_guard(state, seat, now, cards)
    elif kind == "change_target":
        discard = _card_field(action, "discard")
        turns.change_target(state, seat, discard, action.get("target"), now, cards)
    elif kind == "pass":
        turns.pass_turn(state, seat, now, cards)
    elif kind == "end_turn":
        turns.end_turn(state, seat, now, cards)
    else:
        raise IllegalAction(f"Unknown action {kind!r}.", "unknown_action")
    state["version"] += 1
