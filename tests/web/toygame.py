"""A tiny game that follows the engine protocol, for testing the platform on its own.

Each seat is dealt three numbered cards (``T1`` .. ``T20``) in secret; in turn each
plays one card face up; a turn has a deadline (``turn_seconds``) after which a tick
plays the seat's lowest card for it. When every hand is empty, the highest total wins.
"""

from __future__ import annotations

from typing import Any

from games.engine import CARD, TICK, IllegalAction, clone, next_seat, place, rng_for

HAND = 3
DECK = 20


class ToyEngine:
    name = "toygame"
    min_players = 2
    max_players = 4
    action_schema = {"play": {"card": CARD}}
    setting_actions: frozenset[str] = frozenset()

    def default_options(self) -> dict[str, Any]:
        return {"turn_seconds": 30}

    def validate_options(self, options: dict[str, Any]) -> dict[str, Any]:
        merged = {**self.default_options(), **options}
        if set(merged) - set(self.default_options()):
            raise ValueError("unknown option")
        if not isinstance(merged["turn_seconds"], int) or merged["turn_seconds"] < 1:
            raise ValueError("turn_seconds must be a positive whole number")
        return merged

    def new_game(self, players: int, options: dict[str, Any], seed: int, now: float = 0.0):
        deck = [f"T{n}" for n in range(1, DECK + 1)]
        rng_for(seed, "deal").shuffle(deck)
        return {
            "game": self.name,
            "players": players,
            "seed": seed,
            "finished": False,
            "options": options,
            "hands": [sorted(deck[s * HAND : (s + 1) * HAND]) for s in range(players)],
            "played": [[] for _ in range(players)],
            "turn": 0,
            "deadline": now + options["turn_seconds"],
        }

    def legal_actions(self, state, seat):
        if state["finished"] or seat != state["turn"]:
            return []
        return [{"type": "play", "card": card} for card in state["hands"][seat]]

    def apply(self, state, seat, action, now):
        if action == TICK:
            if state["finished"] or now < state["deadline"]:
                return state
            seat = state["turn"]
            action = {"type": "play", "card": min(state["hands"][seat], key=_value)}
        elif seat != state["turn"]:
            raise IllegalAction("It is not your turn.", "not_your_turn")
        if action.get("type") != "play":
            raise IllegalAction("Unknown action.", "unknown_action")
        if action.get("card") not in state["hands"][seat]:
            raise IllegalAction("That card is not in your hand.", "card_not_in_hand")
        state = clone(state)
        state["hands"][seat].remove(action["card"])
        state["played"][seat].append(action["card"])
        state["turn"] = next_seat(seat, state["players"])
        state["deadline"] = now + state["options"]["turn_seconds"]
        state["finished"] = not any(state["hands"])
        return state

    def view(self, state, seat):
        return {
            "hand": list(state["hands"][seat]) if seat is not None else None,
            "hand_counts": [len(h) for h in state["hands"]],
            "played": state["played"],
            "turn": state["turn"],
        }

    def outcome(self, state):
        if not state["finished"]:
            return None
        totals = [sum(map(_value, played)) for played in state["played"]]
        placed = place(range(state["players"]), totals.__getitem__, [0.0] * state["players"])
        return {
            "totals": totals,
            "placings": [
                {"seat": p.seat, "rank": p.rank, "points": totals[p.seat]} for p in placed
            ],
        }

    def waiting_for(self, state):
        return [] if state["finished"] else [state["turn"]]

    def deadline(self, state):
        return None if state["finished"] else state["deadline"]

    def bot_action(self, state, seat, level):
        return self.legal_actions(state, seat)[0]

    def bot_levels(self):
        return ["easy"]

    def review(self, state, seat, action, samples=None):
        return None  # the toy game's coach has nothing to say


def _value(card: str) -> int:
    return int(card[1:])


ENGINE = ToyEngine()


def present(view: dict[str, Any], seat: int | None, context: dict[str, Any]) -> dict[str, Any]:
    return {}


def action_from_post(post: Any) -> dict[str, Any]:
    return {"type": post["type"], "card": post["card"]}


REGIONS = [
    ("hand", "toygame/hand.html"),
    ("played", "toygame/played.html"),
    ("prompt", "toygame/prompt.html"),
]
