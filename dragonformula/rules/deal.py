"""Elements, the shuffle and the deal of each game (RULES §1.5 steps 1-2).

All randomness comes from the game's seed through ``rng_for`` with its own salt:
``("elements", set_index)`` for the Fire seat of each set and ``("deal", deal_index)``
for each shuffle, so a replay from seed + action log deals the same cards.

Tests (and score-sheet puzzles) may stack the deck: ``state["stacked"]`` is a list of
deals ``{"hands": [[codes] per seat], "pile": [codes, top first]}`` consumed one per
game before the seeded shuffle takes over; cards a stacked deal leaves out go under
the pile in deck order; ``state["stacked_fire"]`` likewise fixes the Fire seat of the
next sets. Only :func:`dragonformula.rules.game.stacked_game` sets them.

A table seated with its elements already (a club night's draw) names its first set's Fire
seat in the option ``fire_seat``; the later sets' come from the seed.
"""

from __future__ import annotations

from typing import Any

from dragonformula.rules.cards import ALL_CARDS, ELEMENTS, INDEX, MAJOR
from games.engine import State, next_seat, rng_for

HAND_SIZE = 10


def is_card(code: Any) -> bool:
    """Whether ``code`` is a canonical card code (``"W3"``, ``"M12"``)."""
    return isinstance(code, str) and code in INDEX


def is_major(code: str) -> bool:
    return code[0] == MAJOR


def sorted_hand(cards: list[str]) -> list[str]:
    """Wands, Cups, Swords, Pentacles, then Majors; numbers 1-10 then P N Q K (deck order)."""
    return sorted(cards, key=INDEX.__getitem__)


def fire_seat_for(seed: int, set_index: int, players: int) -> int:
    """The seat that is Fire in set ``set_index`` (a random seat, from the seed)."""
    return rng_for(seed, "elements", set_index).randrange(players)


def elements_from(fire_seat: int, players: int) -> list[str]:
    """Each seat's element: Fire at ``fire_seat``, then clockwise Water, Air, Earth."""
    return [ELEMENTS[(seat - fire_seat) % players] for seat in range(players)]


def shuffled_deck(seed: int, deal_index: int) -> list[str]:
    deck = list(ALL_CARDS)
    rng_for(seed, "deal", deal_index).shuffle(deck)
    return deck


def _stacked_deal(deal: dict[str, Any], players: int) -> tuple[list[list[str]], list[str]]:
    hands = [list(hand) for hand in deal["hands"]]
    pile = list(deal.get("pile", []))
    given = [card for hand in hands for card in hand] + pile
    if len(hands) != players or any(len(hand) != HAND_SIZE for hand in hands):
        raise ValueError(f"a stacked deal needs {players} hands of {HAND_SIZE} cards")
    if len(set(given)) != len(given) or not all(is_card(card) for card in given):
        raise ValueError("a stacked deal repeats a card or names an unknown one")
    pile += [card for card in ALL_CARDS if card not in set(given)]
    return hands, pile


def deal_game(state: State) -> None:
    """Shuffle (or take the next stacked deal) and give ``HAND_SIZE`` cards to each seat."""
    players = state["players"]
    stacked = state.get("stacked")
    if stacked:
        hands, pile = _stacked_deal(stacked.pop(0), players)
    else:
        deck = shuffled_deck(state["seed"], state["deal_index"])
        hands = [deck[seat * HAND_SIZE : (seat + 1) * HAND_SIZE] for seat in range(players)]
        pile = deck[players * HAND_SIZE :]
    state["deal_index"] += 1
    state["hands"] = hands
    state["pile"] = pile
    state["discards"] = [[] for _ in range(players)]
    state["draws"] = [0] * players
    state["picked_cards"] = [[] for _ in range(players)]
    state["last_drawer"] = None
    state["window"] = None
    state["picked_card"] = None
    state["starter"] = next_seat(state["fire_seat"], players, state["games_counted"])
    state["turn"] = state["starter"]
    state["phase"] = "draw"
    state["events"] = [
        {
            "type": "game_start",
            "set": state["set_index"] + 1,
            "game": state["games_counted"] + 1,
            "starter": state["starter"],
        }
    ]


def start_set(state: State) -> None:
    """New elements for the set ``state["set_index"]`` and set points back to zero."""
    players = state["players"]
    stacked_fire = state.get("stacked_fire")
    seated_fire = state["options"].get("fire_seat") if state["set_index"] == 0 else None
    if stacked_fire:
        fire = stacked_fire.pop(0)
    elif seated_fire is not None:
        fire = seated_fire
    else:
        fire = fire_seat_for(state["seed"], state["set_index"], players)
    state["fire_seat"] = fire
    state["elements"] = elements_from(fire, players)
    state["set_points"] = [0] * players
    state["games_counted"] = 0
