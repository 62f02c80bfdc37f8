"""The strong Dragon Formula bot decides from what its seat may see, and plays legally."""

from __future__ import annotations

import random

import pytest

from dragonformula.rules.engine import ENGINE
from dragonformula.rules.game import apply, new_game, waiting_for
from dragonformula.rules.hidden_deals import known_cards
from dragonformula.rules.view import view
from tests.game.df_table import act, deal, table

WAITING_ON_6 = "W6 C6 S6 W1 C1 S1 W2 C2 S2 M4"


def _with_hidden_cards_swapped(state, seat, rng):
    """The same table as ``seat`` sees it, the cards it cannot see dealt differently:
    the other hands (but for cards they picked, which the table saw) and the pile."""
    known = known_cards(view(state, seat))
    swapped = {**state, "hands": [list(hand) for hand in state["hands"]]}
    hidden = [c for s, hand in enumerate(state["hands"]) if s != seat for c in hand]
    hidden = [c for c in hidden if not any(c in known[s] for s in range(state["players"]))]
    hidden += state["pile"]
    rng.shuffle(hidden)
    for other, hand in enumerate(state["hands"]):
        if other == seat:
            continue
        keep = [c for c in hand if c in known[other]]
        swapped["hands"][other] = keep + hidden[: len(hand) - len(keep)]
        hidden = hidden[len(hand) - len(keep) :]
    swapped["pile"] = hidden
    return swapped


def _decision_points(seed, wanted):
    """Positions of a smart-bot match where some seat has a real choice (a discard, or a
    pick window while it holds a major)."""
    state = new_game(4, {}, seed)
    found = []
    while not state["finished"] and len(found) < wanted:
        seat = waiting_for(state)[0]
        if state["phase"] in ("discard", "pick_discard", "window") and state["move"] % 7 == 0:
            found.append((state, seat))
        state = apply(state, seat, ENGINE.bot_action(state, seat, "smart"), 0.0)
    return found


@pytest.mark.parametrize("seed", [3, 11])
def test_swapping_the_cards_a_seat_cannot_see_does_not_change_the_strong_bots_choice(seed):
    rng = random.Random(seed)
    for state, seat in _decision_points(seed, 4):
        swapped = _with_hidden_cards_swapped(state, seat, rng)
        assert swapped["hands"] != state["hands"] or swapped["pile"] != state["pile"]
        assert view(swapped, seat) == view(state, seat)
        assert ENGINE.bot_action(swapped, seat, "strong") == ENGINE.bot_action(
            state, seat, "strong"
        )


def test_the_strong_bot_is_a_level_of_the_game():
    assert "strong" in ENGINE.bot_levels()
    assert "strong" in ENGINE.thinking_levels


def test_the_strong_bot_dans_and_takes_a_winning_discard():
    state = act(table(4, [deal(4, {0: WAITING_ON_6}, pile="M6")]), 0, "draw")
    assert ENGINE.bot_action(state, 0, "strong") == {"type": "dan"}
    state = table(4, [deal(4, {0: "M6", 2: WAITING_ON_6}, pile="PK")])
    state = act(act(state, 0, "draw"), 0, "discard", "M6")
    assert ENGINE.bot_action(state, 2, "strong") == {"type": "pick_and_dan"}


def test_the_strong_bot_never_picks_without_a_major():
    state = table(4, [deal(4, {0: "M3"}, pile="PK")], dan_assist=False)
    state = act(act(state, 0, "draw"), 0, "discard", "M3")
    assert ENGINE.bot_action(state, 2, "strong") == {"type": "pass"}


def test_a_strong_seat_plays_a_whole_match_legally():
    state = new_game(2, {}, 7)
    while not state["finished"]:
        seat = waiting_for(state)[0]
        level = "strong" if seat == 0 else "smart"
        state = apply(state, seat, ENGINE.bot_action(state, seat, level), 0.0)
    assert len(state["games"]) >= 2
