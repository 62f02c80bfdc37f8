"""The end check, penalties, the winner and its tie-breaks (the rules page's end of game)."""

from __future__ import annotations

from dragsaga.rules import ENGINE
from games.engine import State
from tests.game.ds_helpers import act, new_table, pass_round, place_all

LAST_THREE = ["roar", "dragon_breath", "divine_storm"]  # left after five rounds of passing


def five_passing_rounds(players: int) -> State:
    state = new_table(players, start=0)
    for _ in range(5):
        state = pass_round(state)
    assert state["round"] == 6
    assert all(s["hand"] == LAST_THREE for s in state["seats"])
    return state


def play_turns(state: State, flips: dict[int, str]) -> State:
    """Each seat flips its card in ``flips`` (hit players do not guard) or passes."""
    while state["phase"] == "turns":
        if state["guard"] is not None:
            state = act(state, ENGINE.waiting_for(state)[0], type="no_guard")
            continue
        seat = state["turn"]["seat"]
        if seat in flips and state["turn"]["flips"] == 0:
            state = act(state, seat, type="flip", card=flips[seat])
        else:
            kind = "end_turn" if state["turn"]["flips"] else "pass"
            state = act(state, seat, type=kind)
    return state


def test_the_game_goes_on_while_every_hand_holds_two_cards():
    state = five_passing_rounds(2)
    state = place_all(
        state, {0: (["roar", "dragon_breath"], None), 1: (["roar", "dragon_breath"], None)}
    )
    state = play_turns(state, {0: "roar", 1: "roar"})
    assert [len(s["hand"]) for s in state["seats"]] == [2, 2]
    assert not state["finished"]
    assert state["phase"] == "place" and state["round"] == 7
    assert ENGINE.outcome(state) is None


def test_the_end_check_stops_the_game_when_a_hand_holds_one_card():
    state = five_passing_rounds(2)
    state = place_all(
        state, {0: (["roar", "dragon_breath"], None), 1: (["roar", "dragon_breath"], None)}
    )
    state = play_turns(state, {0: "roar"})  # seat 1 passes: both placed cards discarded
    assert state["seats"][1]["hand"] == ["divine_storm"]
    assert state["finished"] and state["phase"] == "finished"
    assert ENGINE.waiting_for(state) == [] and ENGINE.deadline(state) is None
    assert any(e["type"] == "end_check" and e["seats"] == [1] for e in state["log"])

    result = ENGINE.outcome(state)
    rows = {row["seat"]: row for row in result["placings"]}
    # seat 0: no damage, Dragon Breath (5) + Divine Storm (6) left: penalty 11 // 2 = 5
    assert (rows[0]["damage"], rows[0]["penalty"], rows[0]["final_damage"]) == (0, 5, 5)
    # seat 1: Roar's 2 damage, Divine Storm (6) left: penalty 3
    assert (rows[1]["damage"], rows[1]["penalty"], rows[1]["final_damage"]) == (2, 3, 5)
    # tied on 5: the fewer cards in hand wins
    assert result["winners"] == [1]
    assert (rows[1]["rank"], rows[1]["victory_points"]) == (1, 3.0)
    assert (rows[0]["rank"], rows[0]["victory_points"]) == (2, 2.0)


def test_final_ranking_fewer_cards_then_shared_places():
    state = five_passing_rounds(4)
    for seat, damage in enumerate([5, 5, 4, 4]):
        state["seats"][seat]["damage"] = damage
    state = place_all(
        state,
        {
            0: (["roar", "dragon_breath"], 1),  # flips Roar: others take 2
            1: (["roar", "dragon_breath"], 2),  # passes: keeps Divine Storm (penalty 3)
            2: (["dragon_breath", "divine_storm"], 3),  # passes: keeps Roar (penalty 2)
            3: (["roar", "divine_storm"], 0),  # passes: keeps Dragon Breath (penalty 2)
        },
    )
    state = play_turns(state, {0: "roar"})
    assert state["finished"]
    result = ENGINE.outcome(state)
    summary = [
        (row["seat"], row["final_damage"], row["hand_count"], row["rank"], row["victory_points"])
        for row in result["placings"]
    ]
    assert summary == [
        (2, 8, 1, 1, 2.5),
        (3, 8, 1, 1, 2.5),
        (1, 10, 1, 3, 1.0),
        (0, 10, 2, 4, 0.0),
    ]
    assert result["winners"] == [2, 3]


def test_the_seed_is_shown_only_after_the_end():
    state = five_passing_rounds(2)
    assert "seed" not in ENGINE.view(state, 0)
    assert "seed" not in ENGINE.view(state, None)
    state = place_all(
        state, {0: (["roar", "dragon_breath"], None), 1: (["roar", "dragon_breath"], None)}
    )
    state = play_turns(state, {0: "roar"})
    assert ENGINE.view(state, None)["seed"] == state["seed"]
    assert ENGINE.view(state, 1)["result"]["winners"] == [1]
