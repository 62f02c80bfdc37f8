"""A DragSaga round, rule by rule, with every choice stacked (the rules page's round)."""

from __future__ import annotations

from dragsaga.rules import ENGINE
from tests.game.ds_helpers import (
    act,
    flipped,
    new_table,
    pass_round,
    place_all,
    refused,
    round_one,
    round_two,
)


def test_placing_is_secret_until_everyone_has_placed_in_any_order():
    state = new_table(3, start=0)
    state = act(state, 2, type="place", cards=["claw", "fang"], target=0)
    state = act(state, 0, type="place", cards=["charge", "sparks"], target=1)
    assert state["phase"] == "place"
    assert ENGINE.waiting_for(state) == [1]
    seen_by_1 = ENGINE.view(state, 1)
    assert [s["chosen"] for s in seen_by_1["seats"]] == [True, False, True]
    assert [s["target"] for s in seen_by_1["seats"]] == [None, None, None]
    assert all(s["placed"] == [] for s in seen_by_1["seats"])

    state = act(state, 1, type="place", cards=["wind_blade", "scale_shield"], target=2)
    assert state["phase"] == "turns"
    assert [s["target"] for s in state["seats"]] == [1, 2, 0]
    assert state["seats"][0]["placed"] == [
        {"card": "charge", "flipped": False},
        {"card": "sparks", "flipped": False},
    ]
    assert len(state["seats"][0]["hand"]) == 11
    assert state["turn"]["seat"] == 0


def test_round_one_targets_the_left_neighbour():
    state = new_table(4, start=2)
    refused(state, 1, "round_one_target", type="place", cards=["claw", "fang"], target=3)
    refused(state, 3, "round_one_target", type="place", cards=["claw", "fang"], target=1)
    state = act(state, 3, type="place", cards=["claw", "fang"])  # target may be left out
    state = act(state, 1, type="place", cards=["claw", "fang"], target=2)
    assert state["seats"][3]["choice"]["target"] == 0


def test_turns_go_clockwise_from_the_start_player():
    state = new_table(4, start=2)
    state = place_all(state, {seat: (["claw", "sparks"], None) for seat in range(4)})
    order = []
    while state["phase"] == "turns":
        order.append(state["turn"]["seat"])
        state = act(state, state["turn"]["seat"], type="pass")
    assert order == [2, 3, 0, 1]


def test_second_flip_is_refused_when_the_costs_exceed_six():
    state = round_one(
        3, {0: ["charge", "thunderbolt"], 1: ["claw", "sparks"], 2: ["charge", "fang"]}
    )
    state = act(state, 0, type="flip", card="charge")
    state = act(state, 1, type="no_guard")
    assert state["seats"][1]["damage"] == 4
    error = refused(state, 0, "flip_limit", type="flip", card="thunderbolt")
    assert "7" in error.message and "6" in error.message
    assert {"type": "flip", "card": "thunderbolt"} not in ENGINE.legal_actions(state, 0)
    state = act(state, 0, type="end_turn")
    state = act(state, 1, type="pass")

    # exactly 6 is allowed: Charge (4) then Fang (2)
    state = act(state, 2, type="flip", card="charge")
    state = act(state, 0, type="no_guard")
    state = act(state, 2, type="flip", card="fang")
    state = act(state, 0, type="no_guard")
    assert state["seats"][0]["damage"] == 6
    assert state["round"] == 2  # both face up: the turn ended, and with it the round
    assert state["seats"][2]["discard"][-2:] == ["charge", "fang"]


def test_a_guard_flipped_on_another_turn_counts_towards_the_flip_limit():
    state = round_one(
        3, {0: ["fang", "claw"], 1: ["dragonscale_ward", "charge"], 2: ["claw", "sparks"]}
    )
    state = act(state, 0, type="flip", card="fang")
    state = act(state, 1, type="guard", card="dragonscale_ward")
    assert state["seats"][1]["damage"] == 0
    state = act(state, 0, type="end_turn")
    refused(state, 1, "flip_limit", type="flip", card="charge")  # 3 + 4 > 6


def test_attacks_only_on_ones_own_turn_and_guards_only_on_others():
    state = round_one(
        3, {0: ["scale_shield", "fang"], 1: ["claw", "scale_shield"], 2: ["claw", "sparks"]}
    )
    refused(state, 1, "not_your_turn", type="flip", card="claw")
    refused(state, 0, "guard_on_own_turn", type="flip", card="scale_shield")
    refused(state, 1, "no_attack", type="guard", card="scale_shield")
    state = act(state, 0, type="flip", card="fang")
    refused(state, 1, "attack_on_others_turn", type="guard", card="claw")


def test_a_guard_blocks_only_its_kind():
    state = round_one(
        3, {0: ["fang", "wind_blade"], 1: ["scale_shield", "claw"], 2: ["claw", "sparks"]}
    )
    state = act(state, 0, type="flip", card="wind_blade")  # ranged
    refused(state, 1, "guard_does_not_block", type="guard", card="scale_shield")
    assert ENGINE.legal_actions(state, 1) == [{"type": "no_guard"}]
    state = act(state, 1, type="no_guard")
    assert state["seats"][1]["damage"] == 2

    state = act(state, 0, type="flip", card="fang")  # melee: 2 + 2 <= 6
    assert {"type": "guard", "card": "scale_shield"} in ENGINE.legal_actions(state, 1)
    state = act(state, 1, type="guard", card="scale_shield")
    assert state["seats"][1]["damage"] == 2
    assert flipped(state, 1) == ["scale_shield"]
    blocked = [e for e in state["log"] if e["type"] == "damage"][-1]
    assert blocked["damage"] == [{"seat": 1, "amount": 0, "blocked_by": "scale_shield"}]


def test_an_all_attack_where_one_player_guards_and_another_does_not():
    state = round_one(
        4,
        {
            0: ["roar", "claw"],
            1: ["wing_shield", "claw"],
            2: ["claw", "sparks"],
            3: ["scale_shield", "fang"],
        },
    )
    state = act(state, 0, type="flip", card="roar")  # ranged, every other player takes 2
    assert sorted(ENGINE.waiting_for(state)) == [1, 2, 3]
    state = act(state, 3, type="no_guard")
    state = act(state, 1, type="guard", card="wing_shield")
    assert [s["damage"] for s in state["seats"]] == [0, 0, 0, 0]  # revealed only when all answered
    state = act(state, 2, type="no_guard")
    assert [s["damage"] for s in state["seats"]] == [0, 0, 2, 2]
    assert state["guard"] is None


def test_a_hit_player_answers_with_at_most_one_guard():
    state = round_one(
        3, {0: ["claw", "fang"], 1: ["scale_shield", "dragonscale_ward"], 2: ["claw", "sparks"]}
    )
    state = act(state, 0, type="flip", card="claw")
    state = act(state, 1, type="guard", card="scale_shield")
    refused(state, 1, "no_attack", type="guard", card="dragonscale_ward")


def test_the_last_player_pays_a_hand_card_to_change_target():
    state = round_two()
    assert state["round"] == 2 and state["start_player"] == 1
    state = act(state, 1, type="pass")
    refused(state, 2, "not_last_player", type="change_target", discard="charge", target=1)
    state = act(state, 2, type="pass")
    hand_before = list(state["seats"][0]["hand"])
    refused(state, 0, "card_not_in_hand", type="change_target", discard="fang", target=2)
    refused(state, 0, "same_target", type="change_target", discard="charge", target=1)
    state = act(state, 0, type="change_target", discard="charge", target=2)
    assert state["seats"][0]["hand"] == [c for c in hand_before if c != "charge"]
    assert state["seats"][0]["discard"][-1] == "charge"
    assert state["seats"][0]["target"] == 2
    refused(state, 0, "target_changed", type="change_target", discard="roar", target=1)
    state = act(state, 0, type="flip", card="fang")
    state = act(state, 2, type="no_guard")
    assert state["seats"][2]["damage"] == 2
    assert state["seats"][1]["damage"] == 0


def test_no_target_change_in_round_one_after_a_flip_or_with_two_players():
    state = new_table(3, start=1)  # last player: seat 0
    state = place_all(state, {seat: (["claw", "sparks"], None) for seat in range(3)})
    state = act(state, 1, type="pass")
    state = act(state, 2, type="pass")
    refused(state, 0, "round_one_target", type="change_target", discard="charge", target=2)

    state = round_two()
    state = act(state, 1, type="pass")
    state = act(state, 2, type="pass")
    state = act(state, 0, type="flip", card="fang")
    state = act(state, 1, type="no_guard")
    refused(state, 0, "already_flipped", type="change_target", discard="charge", target=2)

    duel = round_two(players=2)
    duel = act(duel, 1, type="pass")
    refused(duel, 0, "same_target", type="change_target", discard="charge", target=1)
    assert not [a for a in ENGINE.legal_actions(duel, 0) if a["type"] == "change_target"]


def test_clean_up_passing_and_flipping_nothing_discards_both_placed_cards():
    state = new_table(3, start=0)
    state = place_all(
        state,
        {
            0: (["claw", "charge"], 1),  # flips Claw, keeps Charge face down
            1: (["scale_shield", "thunderbolt"], 2),  # guards on seat 0's turn, then passes
            2: (["sparks", "roar"], 0),  # passes, flips nothing all round
        },
    )
    state = act(state, 0, type="flip", card="claw")
    state = act(state, 1, type="guard", card="scale_shield")
    state = act(state, 0, type="end_turn")
    state = act(state, 1, type="pass")
    state = act(state, 2, type="pass")

    seats = state["seats"]
    assert "charge" in seats[0]["hand"] and seats[0]["discard"][-1] == "claw"
    assert "thunderbolt" in seats[1]["hand"] and seats[1]["discard"][-1] == "scale_shield"
    assert seats[2]["discard"][-2:] == ["sparks", "roar"]
    assert "sparks" not in seats[2]["hand"] and "roar" not in seats[2]["hand"]
    assert [len(s["hand"]) for s in seats] == [12, 12, 11]
    clean_up = next(e for e in reversed(state["log"]) if e["type"] == "clean_up")
    assert clean_up["discarded_both"] == [2]


def test_the_start_player_moves_left_each_round():
    state = new_table(4, start=3)
    starts = []
    for _ in range(3):
        starts.append(state["start_player"])
        state = pass_round(state)
    assert starts == [3, 0, 1]


def test_a_turn_ends_by_itself_once_both_placed_cards_are_face_up():
    state = new_table(2, start=0)
    state = place_all(state, {0: (["claw", "fang"], None), 1: (["sparks", "wind_blade"], None)})
    state = act(state, 0, type="flip", card="claw")
    state = act(state, 1, type="no_guard")
    state = act(state, 0, type="flip", card="fang")
    state = act(state, 1, type="no_guard")
    assert state["turn"]["seat"] == 1
    assert state["seats"][1]["damage"] == 3


def test_a_hit_player_with_no_flip_left_is_not_asked():
    state = new_table(3, start=1)
    state = place_all(
        state,
        {
            0: (["claw", "fang"], 1),
            1: (["divine_storm", "claw"], 2),  # Divine Storm (6): no second flip is possible
            2: (["charge", "sparks"], 0),
        },
    )
    state = act(state, 1, type="flip", card="divine_storm")
    state = act(state, 2, type="no_guard")
    assert state["seats"][2]["damage"] == 7
    state = act(state, 1, type="end_turn")
    state = act(state, 2, type="flip", card="charge")  # hits seat 0, who may still answer
    assert ENGINE.waiting_for(state) == [0]
    state = act(state, 0, type="no_guard")
    state = act(state, 2, type="end_turn")
    state = act(state, 0, type="flip", card="claw")  # hits seat 1: 6 + any cost > 6
    assert state["guard"] is None
    assert state["seats"][1]["damage"] == 1


def test_a_player_who_guarded_with_both_cards_still_takes_a_turn():
    """The round's last player (seat 0; round 2, start player 1) flipped both placed
    cards as guards on seat 1's turn: their turn does not end by itself, so they may
    still pay a card to change target (a guard flipped earlier does not prevent it)."""
    state = pass_round(new_table(3, start=0))
    state = place_all(
        state,
        {
            0: (["wing_shield", "dragonscale_ward"], 1),
            1: (["sparks", "wind_blade"], 0),
            2: (["sparks", "fang"], 0),
        },
    )
    state = act(state, 1, type="flip", card="sparks")
    state = act(state, 0, type="guard", card="wing_shield")
    state = act(state, 1, type="flip", card="wind_blade")  # 1 + 2 <= 6
    state = act(state, 0, type="guard", card="dragonscale_ward")  # 2 + 3 <= 6
    state = act(state, 2, type="pass")
    assert state["turn"]["seat"] == 0 and flipped(state, 0) == ["wing_shield", "dragonscale_ward"]
    legal = ENGINE.legal_actions(state, 0)
    assert legal[-1] == {"type": "pass"}
    assert {"type": "change_target", "discard": "charge", "target": 2} in legal
    state = act(state, 0, type="change_target", discard="charge", target=2)
    state = act(state, 0, type="pass")
    assert state["round"] == 3
    assert state["seats"][0]["discard"][-3:] == ["charge", "wing_shield", "dragonscale_ward"]
