"""Every action a seat may take now: what the UI offers and the bots choose from."""

from __future__ import annotations

from itertools import combinations

from games.engine import Action, State

from .cards import CardSet
from .deadlines import waiting_for
from .table import CHOOSE_DRAGON, PLACE, TURNS, last_player, left_of, target_is_forced
from .turns import flip_limit_allows


def legal_actions(state: State, seat: int, cards: CardSet) -> list[Action]:
    if seat not in waiting_for(state):
        return []
    me = state["seats"][seat]
    phase = state["phase"]
    if phase == CHOOSE_DRAGON:
        return [{"type": "choose_dragon", "card": card} for card in cards.divine()]
    if phase == PLACE:
        targets = [left_of(state, seat)] if target_is_forced(state) else _others(state, seat)
        return [
            {"type": "place", "cards": [a, b], "target": target}
            for a, b in combinations(me["hand"], 2)
            for target in targets
        ]
    if phase != TURNS:
        return []
    face_down = [p["card"] for p in me["placed"] if not p["flipped"]]
    window = state["guard"]
    if window is not None:
        guards: list[Action] = [
            {"type": "guard", "card": card}
            for card in face_down
            if cards[card]["kind"] == "guard"
            and cards.blocks(card, window["card"])
            and flip_limit_allows(me, card, cards)
        ]
        return [*guards, {"type": "no_guard"}]
    actions: list[Action] = [
        {"type": "flip", "card": card}
        for card in face_down
        if cards.is_attack(card) and flip_limit_allows(me, card, cards)
    ]
    flips = state["turn"]["flips"]
    if (
        seat == last_player(state)
        and state["round"] > 1
        and not state["target_changed"]
        and not flips
    ):
        actions.extend(
            {"type": "change_target", "discard": card, "target": target}
            for card in me["hand"]
            for target in _others(state, seat)
            if target != me["target"]
        )
    actions.append({"type": "end_turn"} if flips else {"type": "pass"})
    return actions


def _others(state: State, seat: int) -> list[int]:
    return [other for other in range(state["players"]) if other != seat]
