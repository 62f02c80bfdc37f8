"""A DragSaga game dealt as given (the guided first game's short deal, puzzles): the seats
hold the cards named, the start player is the one named, and hands the set cannot deal
are refused."""

import pytest

from dragsaga.rules import ENGINE
from dragsaga.rules.table import stacked_game

DIVINE = ["divine_blaze", "divine_storm", "divine_aegis"]


def test_the_seats_hold_the_cards_named_and_the_named_seat_starts():
    state = stacked_game(2, {}, 7, [["fang", "claw", *DIVINE], ["sparks", *DIVINE]], 1)
    assert state["seats"][0]["hand"] == ["claw", "fang", *DIVINE]  # kept in the set's order
    assert state["seats"][1]["hand"] == ["sparks", *DIVINE]
    assert state["start_player"] == 1 and state["log"][0]["start_player"] == 1
    for seat in (0, 1):
        state = ENGINE.apply(state, seat, {"type": "choose_dragon", "card": "divine_aegis"}, 0)
    assert state["phase"] == "place"
    assert ENGINE.view(state, 0)["seats"][1]["hand_count"] == 2


@pytest.mark.parametrize(
    ("hands", "start"),
    [
        ([["fang", *DIVINE]], 0),  # one hand for two seats
        ([["fang", *DIVINE], ["fang", "divine_blaze"]], 0),  # without its divine dragons
        ([["fang", "fang", *DIVINE], ["claw", *DIVINE]], 0),  # a card twice
        ([["dragon_tooth", *DIVINE], ["claw", *DIVINE]], 0),  # a card the set lacks
        ([["fang", *DIVINE], ["claw", *DIVINE]], 2),  # no third seat to start
    ],
)
def test_hands_the_set_cannot_deal_are_refused(hands, start):
    with pytest.raises(ValueError):
        stacked_game(2, {}, 7, hands, start)
