"""High Card: the club's reference game, small enough to read in one sitting.

Each seat is dealt three of the twenty numbered cards (``C1`` .. ``C20``) in secret. A game
is three rounds. In a round the seats, from the first, each lay one card face down; once
every seat has laid one they are turned up together and the highest card wins the round.
A seat has ``turn_seconds`` to lay its card; a ``tick`` after that lays its lowest card for
it (a turn-based table has no such clock: the platform's move deadline, passed, lays it). When the hands are empty the seats place by rounds won (ties share their places).

The state (a plain dict, see ``games.engine``) keeps every hand and the cards laid face
down; ``view`` gives a seat its own hand and its own face-down card, and every seat the
cards turned up in the rounds played.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.engine import (
    CARD,
    TICK,
    TIME_OUT,
    Action,
    IllegalAction,
    State,
    View,
    clone,
    next_seat,
    place,
    rng_for,
    victory_point_table,
)

HAND = 3  # cards dealt to each seat, and so the rounds of a game
DECK = 20  # the numbered cards C1 .. C20
PLAY = "play"


def value(card: str) -> int:
    """A card's number (``C17`` -> 17)."""
    return int(card[1:])


def deck() -> list[str]:
    return [f"C{number}" for number in range(1, DECK + 1)]


class HighCardEngine:
    name = "highcard"
    min_players = 2
    max_players = 4
    action_schema = {PLAY: {"card": CARD}}
    setting_actions: frozenset[str] = frozenset()
    thinking_levels: frozenset[str] = frozenset()

    def default_options(self) -> dict[str, Any]:
        return {"turn_seconds": 30}

    def validate_options(self, options: dict[str, Any]) -> dict[str, Any]:
        merged = {**self.default_options(), **options}
        unknown = set(merged) - set(self.default_options())
        if unknown:
            raise ValueError(f"unknown option: {', '.join(sorted(unknown))}")
        seconds = merged["turn_seconds"]
        if seconds is not None and (
            isinstance(seconds, bool) or not isinstance(seconds, int) or not 1 <= seconds <= 3600
        ):
            raise ValueError("turn_seconds must be a whole number of seconds from 1 to 3600")
        return merged

    def turn_based_options(self) -> dict[str, Any]:
        """A turn-based table runs on the platform's move deadlines alone: no clock of its own."""
        return {"turn_seconds": None}

    def new_game(self, players: int, options: dict[str, Any], seed: int, now: float = 0.0) -> State:
        cards = deck()
        rng_for(seed, "deal").shuffle(cards)
        return {
            "game": self.name,
            "players": players,
            "seed": seed,
            "finished": False,
            "options": options,
            "deck": cards,  # the shuffled deck, top first (what /verify/ shows)
            "hands": [sorted(cards[s * HAND : (s + 1) * HAND], key=value) for s in range(players)],
            "laid": [None] * players,  # this round's face-down cards
            "rounds": [],  # each round played: {"cards": [per seat], "winner": seat}
            "turn": 0,
            "deadline": _clock(options, now),
            "events": [],
        }

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        if state["finished"] or seat != state["turn"]:
            return []
        return [{"type": PLAY, "card": card} for card in state["hands"][seat]]

    def apply(self, state: State, seat: int | None, action: Action, now: float) -> State:
        # Out of time: the live clock's tick, or a turn-based seat's passed move deadline.
        timed_out = action == TICK or (action.get("type") == TIME_OUT and seat is None)
        if timed_out:
            if state["finished"] or not _is_due(state, action, now):
                return state
            seat = state["turn"]
            action = {"type": PLAY, "card": min(state["hands"][seat], key=value)}
        elif state["finished"]:
            raise IllegalAction("The game is over.", "game_over")
        if seat is None or seat != state["turn"]:
            raise IllegalAction("It is not your turn.", "not_your_turn")
        if action.get("type") != PLAY:
            raise IllegalAction(
                f"Unknown action {action.get('type')}.", "unknown_action", action=action.get("type")
            )
        card = action.get("card")
        if card not in state["hands"][seat]:
            number = _number_of(card)
            raise IllegalAction(f"You do not hold card {number}.", "card_not_held", number=number)
        state = clone(state)
        state["hands"][seat].remove(card)
        state["laid"][seat] = card
        state["events"].append({"type": "laid", "seat": seat, "timed_out": timed_out})
        if all(laid is not None for laid in state["laid"]):
            _reveal(state)
        else:
            state["turn"] = next_seat(seat, state["players"])
        state["deadline"] = _clock(state["options"], now)
        state["finished"] = not any(state["hands"])
        return state

    def view(self, state: State, seat: int | None) -> View:
        own = seat is not None and 0 <= seat < state["players"]
        view: View = {
            "players": state["players"],
            "hand": list(state["hands"][seat]) if own else None,
            "hand_counts": [len(hand) for hand in state["hands"]],
            # Whether each seat has laid its card this round; the card only for the seat's own.
            "laid": [laid is not None for laid in state["laid"]],
            "my_laid": state["laid"][seat] if own else None,
            "rounds": [dict(r) for r in state["rounds"]],
            "won": rounds_won(state),
            "turn": None if state["finished"] else state["turn"],
            "round": min(len(state["rounds"]) + 1, HAND),
            "finished": state["finished"],
            "events": [dict(event) for event in state["events"]],
            "legal_actions": self.legal_actions(state, seat) if own else [],
        }
        if state["finished"]:
            view["outcome"] = self.outcome(state)
        return view

    def outcome(self, state: State) -> dict[str, Any] | None:
        if not state["finished"]:
            return None
        won = rounds_won(state)
        seats = range(state["players"])
        placings = place(seats, lambda s: won[s], victory_point_table(state["players"]))
        return {
            "rounds_won": won,
            "placings": [
                {
                    "seat": p.seat,
                    "rank": p.rank,
                    "victory_points": p.victory_points,
                    "rounds_won": won[p.seat],
                    "points": won[p.seat],  # what a league line keeps (games.contract.Placing)
                }
                for p in placings
            ],
        }

    def waiting_for(self, state: State) -> list[int]:
        return [] if state["finished"] else [state["turn"]]

    def deadline(self, state: State) -> float | None:
        return None if state["finished"] else state["deadline"]

    def bot_action(self, state: State, seat: int, level: str) -> Action:
        """The easy bot lays its lowest card; the keen one its highest."""
        legal = sorted(self.legal_actions(state, seat), key=lambda a: value(a["card"]))
        return legal[-1] if level == "keen" else legal[0]

    def bot_levels(self) -> Sequence[str]:
        return ["easy", "keen"]

    def review(
        self, state: State, seat: int, action: Action, samples: int | None = None
    ) -> dict[str, Any] | None:
        """High Card has no coach: a card laid face down is a guess, not a choice to review."""
        return None

    def public_action(self, action: Action) -> Action:
        """What the other seats are told when a card is laid: that one was, not which."""
        return {"type": action.get("type")}


def _reveal(state: State) -> None:
    """Turn up the round's cards: the highest wins; the next round starts at seat 0."""
    cards = list(state["laid"])
    winner = max(range(state["players"]), key=lambda s: value(cards[s]))
    state["rounds"].append({"cards": cards, "winner": winner})
    state["events"].append({"type": "round", "cards": cards, "winner": winner})
    state["laid"] = [None] * state["players"]
    state["turn"] = 0


def _is_due(state: State, action: Action, now: float) -> bool:
    """Whether the seat to play is out of time: its clock has run out (a ``tick``), or the
    server says its turn-based move deadline has passed (``time_out`` for that seat)."""
    if action == TICK:
        return state["deadline"] is not None and now >= state["deadline"]
    return action.get("seat") == state["turn"]


def _clock(options: dict[str, Any], now: float) -> float | None:
    """When the seat to play runs out of time: ``turn_seconds`` from ``now``; never at a
    turn-based table (no clock of its own)."""
    seconds = options["turn_seconds"]
    return None if seconds is None else now + seconds


def _number_of(card: object) -> str:
    """How a refusal names a card: its number (``C7`` -> ``7``), else what was sent."""
    text = str(card)
    return text[1:] if text[:1] == "C" and text[1:].isdigit() else text


def rounds_won(state: State) -> list[int]:
    won = [0] * state["players"]
    for played in state["rounds"]:
        won[played["winner"]] += 1
    return won


ENGINE = HighCardEngine()
