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
