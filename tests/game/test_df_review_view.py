"""Review findings on what a seat sees of a Dragon Formula table."""

from __future__ import annotations

import pytest

from dragonformula.rules.engine import ENGINE
from tests.game.df_table import deal, play_out, table


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_finished_match_shows_the_last_game_of_the_set_not_one_more(players):
    state = table(players, [deal(players, {})])
    numbers = []
    while not state["finished"]:
        numbers.append(ENGINE.view(state, 0)["game_in_set"])
        state = play_out(state)
    assert numbers == list(range(1, players + 1))
    seen = ENGINE.view(state, 0)
    assert seen["finished"] and seen["game_in_set"] == players


@pytest.mark.parametrize("seed", [3, 8, 13])
def test_swapping_a_hidden_card_of_another_seat_with_the_pile_changes_nothing_a_seat_sees(seed):
    """Non-interference: what seat B holds and the pile order never reach seat A's view."""
    import copy
    import random

    players = 2 + seed % 3
    state = ENGINE.new_game(players, {"dan_assist": seed % 2 == 0}, seed)
    rng = random.Random(seed)
    checked = 0
    for step in range(1, 300):
        if state["finished"]:
            break
        seat = rng.choice(ENGINE.waiting_for(state))
        state = ENGINE.apply(state, seat, ENGINE.bot_action(state, seat, "smart"), 0.0)
        if step % 7 or not state["pile"]:
            continue
        for viewer in [None, *range(players)]:
            for other in range(players):
                hidden = [
                    i
                    for i, code in enumerate(state["hands"][other])
                    if code not in state["picked_cards"][other]
                ]
                if other == viewer or not hidden:
                    continue
                twin = copy.deepcopy(state)
                i, j = rng.choice(hidden), rng.randrange(len(twin["pile"]))
                hand, pile = twin["hands"][other], twin["pile"]
                hand[i], pile[j] = pile[j], hand[i]
                pile.reverse()
                assert ENGINE.view(twin, viewer) == ENGINE.view(state, viewer)
                checked += 1
    assert checked > 20
