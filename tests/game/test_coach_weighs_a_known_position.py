"""The coach's figures on small positions whose right answer is known."""

from __future__ import annotations

from dragonformula.rules import coach
from dragsaga.rules import ENGINE as DRAGSAGA
from dragsaga.rules import coach as ds_coach
from tests.game.df_table import act, deal, table
from tests.game.ds_helpers import act as ds_act
from tests.game.ds_helpers import round_one

WAITING_ON_6 = "W6 C6 S6 W1 C1 S1 W2 C2 S2 M4"


def test_throwing_the_head_of_a_waiting_hand_costs_and_the_coach_keeps_it():
    # Seat 0 waits on a major of 6 and draws the Page of Pentacles, which no reading needs.
    state = act(table(4, [deal(4, {0: WAITING_ON_6}, pile="PP")]), 0, "draw")
    word = coach.weigh(state, 0, {"type": "discard", "card": "W6"}, samples=300)
    assert word["coach"] == {"type": "discard", "card": "PP"}
    assert word["coach_chance"] > word["chance"] + 0.1


def test_the_coachs_own_choice_costs_nothing():
    state = act(table(4, [deal(4, {0: WAITING_ON_6}, pile="PP")]), 0, "draw")
    word = coach.weigh(state, 0, {"type": "discard", "card": "PP"}, samples=100)
    assert word["coach"] == {"type": "discard", "card": "PP"}
    assert word["chance"] == word["coach_chance"] > 0


def test_a_move_with_no_choice_is_not_weighed():
    state = table(4, [deal(4, {0: WAITING_ON_6}, pile="PP")])
    assert coach.weigh(state, 0, {"type": "draw"}) is None


def test_guarding_a_blockable_attack_beats_taking_it():
    # Seat 0 attacks seat 1 with the Fang (2 damage); seat 1 holds a Scale Shield that blocks it.
    state = round_one(3, {0: ["fang", "claw"], 1: ["scale_shield", "claw"], 2: ["claw", "sparks"]})
    state = ds_act(state, 0, type="flip", card="fang")
    word = ds_coach.weigh(state, 1, {"type": "no_guard"}, samples=30)
    assert word["coach"] == {"type": "guard", "card": "scale_shield"}
    assert word["coach_chance"] >= word["chance"]
    assert DRAGSAGA.review(state, 1, {"type": "no_guard"})["coach"] == word["coach"]


def test_a_placing_is_weighed_whichever_order_its_cards_were_sent_in():
    state = DRAGSAGA.new_game(2, {}, 4)
    for seat in (0, 1):
        state = DRAGSAGA.apply(state, seat, DRAGSAGA.bot_action(state, seat, "heuristic"), 0.0)
    hand = state["seats"][0]["hand"]
    sent = {"type": "place", "cards": [hand[3], hand[0]]}  # the table's form leaves out the target
    word = ds_coach.weigh(state, 0, sent, samples=5)
    assert word is not None and 0 <= word["chance"] <= 1
