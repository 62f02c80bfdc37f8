"""The two simultaneous secret choices: keeping a divine dragon, and placing.

Each seat's choice is stored in ``seat["choice"]`` (never shown to others) and
the choices are revealed together once every seat has chosen.
"""

from __future__ import annotations

from typing import Any

from games.engine import IllegalAction, State

from . import rounds
from .cards import CardSet
from .table import CHOOSE_DRAGON, PLACE, left_of, log, target_is_forced


def choose_dragon(state: State, seat: int, card: Any, now: float, cards: CardSet) -> None:
    """Keep divine dragon ``card``; the other two go to the discard pile at the reveal."""
    if state["phase"] != CHOOSE_DRAGON:
        raise IllegalAction("The divine dragons have already been chosen.", "wrong_phase")
    me = state["seats"][seat]
    if me["choice"] is not None:
        raise IllegalAction("You have already chosen your divine dragon.", "already_chosen")
    if card not in cards.divine():
        raise IllegalAction(
            f"{cards.name(card)} is not one of your three divine dragon cards.",
            "not_a_divine_dragon",
        )
    me["choice"] = card
    log(state, "chosen", seat=seat, phase=CHOOSE_DRAGON)
    if all(s["choice"] is not None for s in state["seats"]):
        for s in state["seats"]:
            dropped = [d for d in cards.divine() if d != s["choice"]]
            s["hand"] = [c for c in s["hand"] if c not in dropped]
            s["discard"].extend(dropped)
            s["choice"] = None
        log(state, "dragons_kept")
        rounds.start_round(state, now, cards)


def place(state: State, seat: int, chosen: Any, target: Any, now: float, cards: CardSet) -> None:
    """Secretly place two hand cards and a target; reveal when every seat has placed."""
    if state["phase"] != PLACE:
        raise IllegalAction("Cards are placed only at the start of a round.", "wrong_phase")
    me = state["seats"][seat]
    if me["choice"] is not None:
        raise IllegalAction("You have already placed your cards this round.", "already_chosen")
    if (
        not isinstance(chosen, list)
        or len(chosen) != 2
        or not all(isinstance(c, str) for c in chosen)
    ):
        raise IllegalAction("Place exactly two cards from your hand.", "place_two_cards")
    if chosen[0] == chosen[1]:
        raise IllegalAction("Place two different cards.", "place_two_cards")
    for card in chosen:
        if card not in me["hand"]:
            raise IllegalAction(
                f"{cards.name(card)} is not in your hand.", "card_not_in_hand", **cards.named(card)
            )
    forced = left_of(state, seat)
    if target is None and target_is_forced(state):
        target = forced
    check_target(state, seat, target)
    if state["round"] == 1 and target != forced:
        raise IllegalAction(
            "In round 1 everyone targets their left neighbour.", "round_one_target", target=forced
        )
    me["choice"] = {"cards": list(chosen), "target": target}
    log(state, "chosen", seat=seat, phase=PLACE)
    if all(s["choice"] is not None for s in state["seats"]):
        reveal(state, now, cards)


def check_target(state: State, seat: int, target: Any) -> None:
    """A target is another player at the table."""
    if isinstance(target, bool) or not isinstance(target, int):
        raise IllegalAction("Choose another player as your target.", "bad_target")
    if not 0 <= target < state["players"] or target == seat:
        raise IllegalAction("Choose another player as your target.", "bad_target")


def reveal(state: State, now: float, cards: CardSet) -> None:
    """Every seat's two cards go face down in front of its screen; targets are shown."""
    for s in state["seats"]:
        choice = s["choice"]
        s["hand"] = [c for c in s["hand"] if c not in choice["cards"]]
        s["placed"] = [{"card": c, "flipped": False} for c in choice["cards"]]
        s["target"] = choice["target"]
        s["choice"] = None
    log(state, "targets_revealed", targets=[s["target"] for s in state["seats"]])
    rounds.start_turns(state, now)


def cheapest_two(state: State, seat: int, cards: CardSet) -> list[str]:
    """The default placing for an idle seat: its two cheapest cards (set order breaks ties)."""
    hand = state["seats"][seat]["hand"]
    return sorted(hand, key=lambda c: (cards[c]["cost"], cards.order[c]))[:2]
