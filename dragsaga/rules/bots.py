"""Bots. They decide from ``view(state, seat)`` only (what their seat may know),
with randomness from ``rng_for(seed, "bot", version, seat, level)`` so a bot's
choice is a function of the state.

- ``random``: any legal action.
- ``heuristic``: keeps the divine dragon worth most at this table, targets the
  leader (the other player with the least damage), places the pair with the best
  plan (damage dealt, a guard when it is likely to be attacked, penalty saved by
  cards leaving the hand, weighted up when the end is near, when it also dumps
  costly cards), guards an attack it can block unless the guard would cost it a
  stronger attack of its own still to come, keeps a guard face down for a later
  attacker aiming at it, and uses the paid target change to turn on the leader.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from games.engine import Action, Engine, State, View

from .turns import FLIP_LIMIT

LEVELS = ("random", "heuristic")

END_NEAR_HAND = 4  # a hand this small somewhere means the game may end within two rounds
GUARD_WORTH = 2.5  # what a face-down guard is worth against a likely attack
GUARD_USE = 0.7  # the chance a placed guard meets an attack it blocks, when we are a target


def choose(view: View, level: str, rng: random.Random) -> Action:
    legal = view["legal_actions"]
    if not legal:
        raise ValueError(f"Seat {view['seat']} has no action to take now.")
    if level == "random":
        return rng.choice(legal)
    if level == "heuristic":
        return Heuristic(view, rng).action()
    raise ValueError(f"Unknown bot level {level!r} (one of {', '.join(LEVELS)}).")


class Heuristic:
    def __init__(self, view: View, rng: random.Random) -> None:
        self.view = view
        self.rng = rng
        self.legal: list[Action] = view["legal_actions"]
        self.cards = {card["id"]: card for card in view["cards"]}
        self.seat: int = view["seat"]
        self.players: int = view["players"]
        self.me = view["you"]

    # --- what things are worth --------------------------------------------

    def attack_value(self, card_id: str) -> float:
        card = self.cards[card_id]
        if card["kind"] == "guard":
            return 0.0
        return float(card["damage"] * (self.players - 1 if card["scope"] == "all" else 1))

    def guard_value(self, card_id: str) -> float:
        card = self.cards[card_id]
        if card["kind"] != "guard":
            return 0.0
        return GUARD_WORTH * (1.0 if len(card["blocks"]) == 2 else 0.55)

    def cost(self, card_id: str) -> int:
        return self.cards[card_id]["cost"]

    def end_near(self) -> bool:
        return min(s["hand_count"] for s in self.view["seats"]) <= END_NEAR_HAND

    def leader(self) -> int:
        others = [s for s in self.view["seats"] if s["seat"] != self.seat]
        return min(others, key=lambda s: (s["damage"], self.rng.random()))["seat"]

    def threat(self) -> float:
        """How likely this seat is to be attacked this round (0..1)."""
        if self.view["round"] <= 1 or self.players == 2:
            return 1.0  # the right neighbour must target us
        least = min(s["damage"] for s in self.view["seats"])
        return 1.0 if self.view["seats"][self.seat]["damage"] == least else 0.5

    def best(self, candidates: list[Action], score: Callable[[Action], float]) -> Action:
        return max(candidates, key=lambda action: (score(action), self.rng.random()))

    # --- decisions ----------------------------------------------------------

    def action(self) -> Action:
        phase = self.view["phase"]
        if phase == "choose_dragon":
            return self.best(
                self.legal,
                lambda a: self.attack_value(a["card"]) + self.guard_value(a["card"]),
            )
        if phase == "place":
            return self.place()
        if self.view["guard"] is not None:
            return self.answer()
        return self.turn()

    def place(self) -> Action:
        leader = self.leader()
        aimed = [a for a in self.legal if a["target"] == leader] or self.legal
        relief = 1.0 if self.end_near() else 0.25
        used = self.threat() * GUARD_USE
        return self.best(aimed, lambda action: self.pair_score(*action["cards"], relief, used))

    def pair_score(self, a: str, b: str, relief: float, used: float) -> float:
        """The best plan for placing ``a`` and ``b``: which attacks to flip on our turn,
        a guard that may be used if we are attacked, and the penalty saved by the cards
        that leave the hand (weighted up when the end is near; a pass with both cards
        face down discards both). ``used``: the chance a placed guard gets used."""
        pair = (a, b)
        attacks = [c for c in pair if self.cards[c]["kind"] != "guard"]
        plans: list[list[str]] = [[]] + [[c] for c in attacks]
        if len(attacks) == 2 and self.cost(a) + self.cost(b) <= FLIP_LIMIT:
            plans.append(attacks)
        best = float("-inf")
        for flips in plans:
            spent = sum(self.cost(c) for c in flips)
            score = sum(self.attack_value(c) for c in flips) + relief * spent / 2
            guards = [
                c
                for c in pair
                if c not in flips
                and self.cards[c]["kind"] == "guard"
                and (not flips or spent + self.cost(c) <= FLIP_LIMIT)
            ]
            guard_score = max(
                (self.guard_value(g) + relief * self.cost(g) / 2 for g in guards), default=0.0
            )
            score += used * guard_score if guards else 0.0
            if not flips:
                chance_nothing_flipped = 1.0 - used if guards else 1.0
                score += chance_nothing_flipped * relief * (self.cost(a) + self.cost(b)) / 2
            best = max(best, score)
        return best

    def answer(self) -> Action:
        guards = [a for a in self.legal if a["type"] == "guard"]
        if not guards:
            return {"type": "no_guard"}
        guard = min(guards, key=lambda a: (self.cost(a["card"]), a["card"]))
        window = self.view["guard"]
        incoming = self.cards[window["card"]]["damage"]
        if self.turn_to_come():
            for placed in self.me["placed"]:
                card = placed["card"]
                if (
                    not placed["flipped"]
                    and card != guard["card"]
                    and self.cost(card) + self.cost(guard["card"]) > FLIP_LIMIT
                    and self.attack_value(card) > incoming
                ):
                    return {"type": "no_guard"}  # our own attack is worth more
        return guard

    def turn_to_come(self) -> bool:
        order = self.order()
        turn = self.view["turn"]
        return order.index(self.seat) > order.index(turn)

    def order(self) -> list[int]:
        return [(self.view["start_player"] + k) % self.players for k in range(self.players)]

    def later_attackers(self) -> int:
        """Players still to take their turn this round whose target is this seat."""
        order = self.order()
        later = order[order.index(self.seat) + 1 :]
        return sum(1 for seat in later if self.view["seats"][seat]["target"] == self.seat)

    def turn(self) -> Action:
        changes = [a for a in self.legal if a["type"] == "change_target"]
        if changes:
            change = self.change_target(changes)
            if change is not None:
                return change
        flips = [a for a in self.legal if a["type"] == "flip"]
        guards_down = [
            p["card"]
            for p in self.me["placed"]
            if not p["flipped"] and self.cards[p["card"]]["kind"] == "guard"
        ]
        attackers = self.later_attackers()

        def keeps_guard(action: Action) -> bool:
            if not guards_down or not attackers:
                return True
            spent = sum(self.cost(p["card"]) for p in self.me["placed"] if p["flipped"])
            spent += self.cost(action["card"])
            blocked = all(spent + self.cost(g) > FLIP_LIMIT for g in guards_down)
            return not blocked or self.attack_value(action["card"]) >= GUARD_WORTH * attackers

        worth = [a for a in flips if keeps_guard(a)]
        if worth:
            return self.best(worth, lambda a: self.attack_value(a["card"]))
        return next(a for a in self.legal if a["type"] in ("pass", "end_turn"))

    def change_target(self, changes: list[Action]) -> Action | None:
        leader = self.leader()
        current = self.view["seats"][self.seat]["target"]
        seats = self.view["seats"]
        if leader == current or seats[leader]["damage"] >= seats[current]["damage"]:
            return None
        to_leader = [a for a in changes if a["target"] == leader]
        if self.end_near():  # the costliest card leaves the hand: less penalty
            return max(to_leader, key=lambda a: (self.cost(a["discard"]), a["discard"]))
        return min(to_leader, key=lambda a: (self.cost(a["discard"]), a["discard"]))


def simulate_game(
    engine: Engine,
    players: int,
    seed: int,
    levels: list[str],
    options: dict[str, Any] | None = None,
) -> State:
    """Play one game with a bot of ``levels[seat]`` in every seat; return the final state."""
    state = engine.new_game(players, options or {}, seed)
    while not state["finished"]:
        seat = engine.waiting_for(state)[0]
        state = engine.apply(state, seat, engine.bot_action(state, seat, levels[seat]), 0.0)
    return state
