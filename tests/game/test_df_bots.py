"""What the Dragon Formula bots do at the moments a player would watch for."""

from __future__ import annotations

import pytest

from dragonformula.rules.engine import ENGINE
from tests.game.df_table import act, deal, table

WAITING_ON_6 = "W6 C6 S6 W1 C1 S1 W2 C2 S2 M4"


@pytest.mark.parametrize("level", ["random", "smart"])
def test_bots_never_pick_without_a_major_nor_call_a_false_dan(level):
    state = table(4, [deal(4, {0: "M3"}, pile="PK")], dan_assist=False)
    state = act(state, 0, "draw")
    for move in range(30):
        state["move"] = move  # other tie-breaks, same position
        assert ENGINE.bot_action(state, 0, level)["type"] == "discard"
    state = act(state, 0, "discard", "M3")
    for move in range(30):
        state["move"] = move
        assert ENGINE.bot_action(state, 2, level) == {"type": "pass"}


def test_the_smart_bot_dans_whenever_it_can():
    state = act(table(4, [deal(4, {0: WAITING_ON_6}, pile="M6")]), 0, "draw")
    assert ENGINE.bot_action(state, 0, "smart") == {"type": "dan"}


def test_the_smart_bot_picks_and_dans_a_winning_discard():
    state = table(4, [deal(4, {0: "M6", 2: WAITING_ON_6}, pile="PK")])
    state = act(act(state, 0, "draw"), 0, "discard", "M6")
    assert ENGINE.bot_action(state, 2, "smart") == {"type": "pick_and_dan"}


def test_the_smart_bot_picks_a_card_its_hand_wants_and_keeps_its_reading():
    # Seat 1 holds the 6s and 1s and the majors of 6, and lacks the third 2.
    state = table(4, [deal(4, {0: "S2", 1: "W6 C6 S6 W1 C1 S1 W2 C2 M4 M20"}, pile="PK")])
    state = act(act(state, 0, "draw"), 0, "discard", "S2")
    assert ENGINE.bot_action(state, 1, "smart") == {"type": "pick"}
    state = act(act(act(state, 1, "pick"), 2, "pass"), 3, "pass")
    assert ENGINE.bot_action(state, 1, "smart") == {"type": "discard_major", "card": "M20"}


def test_the_smart_bot_throws_a_card_no_reading_needs():
    state = table(4, [deal(4, {0: "W6 C6 S6 W1 C1 S1 W2 C2 M4 M6"}, pile="PK")])
    state = act(state, 0, "draw")
    assert ENGINE.bot_action(state, 0, "smart") == {"type": "discard", "card": "PK"}


def test_unknown_bot_levels_are_refused():
    state = ENGINE.new_game(2, {}, 1)
    with pytest.raises(ValueError, match="random, smart"):
        ENGINE.bot_action(state, state["turn"], "expert")
