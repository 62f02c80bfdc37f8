"""The table: options, a fresh game's state, and the state's shape.

State (a JSON-serialisable dict; the keys ``game``, ``players``, ``seed`` and
``finished`` are the platform's, see ``games.engine``)::

    cards         the card set in play (validated dicts, see cards.py)
    options       place_seconds, guard_seconds, turn_seconds (0 = no deadline)
    colours       each seat's dragon colour
    phase         "choose_dragon" | "place" | "turns" | "finished"
    round         1, 2, ... (0 while choosing dragons)
    start_player  this round's start player
    seats         per seat: hand, placed [{"card", "flipped"}], discard, target,
                  damage, choice (a secret pending choice: a dragon id or
                  {"cards": [a, b], "target": t}; revealed when all have chosen)
    turn          None or {"seat", "index" (place in the round's order), "flips"}
    guard         None or the open guard-response window:
                  {"attacker", "card", "hits", "pending", "responses": [{"seat", "card"}]}
    target_changed  whether this round's target change has been used
    deadline      POSIX seconds when the idle seats' defaults apply, or None
    version       how many actions have been applied
    log           public events (dicts with a "type"), listed in engine.py
    result        None, then the final placings (see scoring.py)
"""

from __future__ import annotations

from typing import Any

from games.engine import State, rng_for

from .cards import CardSet, default_card_set, validate_card_set

GAME = "dragsaga"
MIN_PLAYERS = 2
MAX_PLAYERS = 4

# Five dragon colours exist; the seats' colours are drawn from the seed.
DRAGON_COLOURS = ("red", "blue", "green", "yellow", "black")

CHOOSE_DRAGON = "choose_dragon"
PLACE = "place"
TURNS = "turns"
FINISHED = "finished"

TIMER_OPTIONS = {
    # seconds a seat has to choose its dragon or place its two cards and target
    "place_seconds": 90,
    # seconds a hit player has to answer an attack with a guard (or not)
    "guard_seconds": 20,
    # seconds the player whose turn it is has to flip, change target or pass
    "turn_seconds": 90,
}
MAX_SECONDS = 24 * 3600


def validate_options(options: dict[str, Any], default_set: list[dict[str, Any]]) -> dict[str, Any]:
    """The table options with defaults filled in; ``ValueError`` names a bad one."""
    result: dict[str, Any] = {"card_set": default_set, **TIMER_OPTIONS}
    for key, value in options.items():
        if key == "card_set":
            result[key] = default_set if value is None else validate_card_set(value)
        elif key in TIMER_OPTIONS:
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise ValueError(f"Option {key}: a number of seconds, not {value!r}.")
            if not 0 <= value <= MAX_SECONDS:
                raise ValueError(f"Option {key}: 0 (no deadline) to {MAX_SECONDS} seconds.")
            result[key] = value
        else:
            raise ValueError(f"Unknown option {key!r} for DragSaga.")
    return result


def new_state(players: int, options: dict[str, Any], seed: int, now: float) -> State:
    """A fresh game in the dragon-choosing phase (``options`` already validated)."""
    if isinstance(players, bool) or not isinstance(players, int):
        raise ValueError(f"players must be a whole number, not {players!r}.")
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"DragSaga is for {MIN_PLAYERS}-{MAX_PLAYERS} players, not {players}.")
    cards = options["card_set"]
    colours = rng_for(seed, "colours").sample(DRAGON_COLOURS, players)
    start_player = rng_for(seed, "start_player").randrange(players)
    hand = [card["id"] for card in cards]
    state: State = {
        "game": GAME,
        "players": players,
        "seed": seed,
        "finished": False,
        "cards": [dict(card) for card in cards],
        "options": {key: options[key] for key in TIMER_OPTIONS},
        "colours": colours,
        "phase": CHOOSE_DRAGON,
        "round": 0,
        "start_player": start_player,
        "seats": [
            {
                "hand": list(hand),
                "placed": [],
                "discard": [],
                "target": None,
                "damage": 0,
                "choice": None,
            }
            for _ in range(players)
        ],
        "turn": None,
        "guard": None,
        "target_changed": False,
        "deadline": None,
        "version": 0,
        "log": [{"type": "game_start", "colours": colours, "start_player": start_player}],
        "result": None,
    }
    set_deadline(state, "place_seconds", now)
    return state


def set_deadline(state: State, option: str, now: float) -> None:
    """Start the clock named by ``option`` at ``now`` (no deadline when it is 0)."""
    seconds = state["options"][option]
    state["deadline"] = float(now) + seconds if seconds else None


def left_of(state: State, seat: int) -> int:
    """The left neighbour: the next player in turn order."""
    return (seat + 1) % state["players"]


def turn_order(state: State) -> list[int]:
    """This round's turn order, clockwise from the start player."""
    players = state["players"]
    return [(state["start_player"] + k) % players for k in range(players)]


def last_player(state: State) -> int:
    """The round's last player, to the right of the start player."""
    return (state["start_player"] - 1) % state["players"]


def target_is_forced(state: State) -> bool:
    """Round 1 (everyone targets their left neighbour), and any 2-player round."""
    return state["round"] <= 1 or state["players"] == 2


def log(state: State, event_type: str, **params: Any) -> None:
    state["log"].append({"type": event_type, **params})


def stacked_game(
    players: int,
    options: dict[str, Any],
    seed: int,
    hands: list[list[str]],
    start_player: int = 0,
    now: float = 0.0,
) -> State:
    """A game whose seats start with the cards ``hands`` names (each a part of the set
    holding its three divine dragons) and ``start_player`` first: a guided first game's
    short deal, and puzzles. ``ValueError`` for hands the set cannot deal."""
    state = new_state(players, validate_options(options, default_card_set()), seed, now)
    cards = CardSet(state["cards"])
    if len(hands) != players:
        raise ValueError(f"A stacked game needs {players} hands, not {len(hands)}.")
    for seat, hand in enumerate(hands):
        if len(set(hand)) != len(hand) or not set(cards.divine()) <= set(hand):
            raise ValueError(f"Hand {seat}: cards once each, the three divine dragons among them.")
        if any(card not in cards.by_id for card in hand):
            raise ValueError(f"Hand {seat}: a card the set does not have.")
        state["seats"][seat]["hand"] = cards.sorted(hand)
    if not 0 <= start_player < players:
        raise ValueError(f"No seat {start_player} to start.")
    state["start_player"] = start_player
    state["log"][0]["start_player"] = start_player
    return state
