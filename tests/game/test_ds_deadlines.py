"""Idle seats never hang a table: a tick after a deadline applies the stated default."""

from __future__ import annotations

from dragsaga.rules import ENGINE
from tests.game.ds_helpers import (
    NOW,
    act,
    new_table,
    refused,
    round_one,
    seed_with_start,
)


def tick(state, at):
    return ENGINE.apply(state, None, {"type": "tick"}, at)


def test_idle_seats_keep_the_first_divine_dragon_of_the_set():
    state = ENGINE.new_game(3, {"place_seconds": 30}, seed=4, now=NOW)
    assert ENGINE.deadline(state) == NOW + 30
    state = act(state, 1, type="choose_dragon", card="divine_aegis")
    refused(state, None, "nothing_due", type="tick")  # at NOW: not yet due
    state = tick(state, NOW + 30)
    assert state["phase"] == "place"
    assert ["divine_blaze" in s["hand"] for s in state["seats"]] == [True, False, True]
    assert "divine_aegis" in state["seats"][1]["hand"]
    timeouts = [e["seat"] for e in state["log"] if e["type"] == "timeout"]
    assert timeouts == [0, 2]
    assert ENGINE.deadline(state) == NOW + 60  # the placing clock starts at the tick


def test_an_idle_seat_places_its_two_cheapest_cards_at_its_left_neighbour():
    state = new_table(4, start=0, place_seconds=30)
    state = act(state, 0, type="place", cards=["charge", "roar"])
    state = tick(state, NOW + 45)
    assert state["phase"] == "turns"
    for seat in (1, 2, 3):
        assert [p["card"] for p in state["seats"][seat]["placed"]] == ["claw", "sparks"]
        assert state["seats"][seat]["target"] == (seat + 1) % 4
    assert [p["card"] for p in state["seats"][0]["placed"]] == ["charge", "roar"]
    assert ENGINE.deadline(state) == NOW + 45 + 90  # the first turn's clock


def test_an_idle_hit_player_does_not_guard():
    state = round_one(
        3,
        {0: ["fang", "claw"], 1: ["scale_shield", "claw"], 2: ["claw", "sparks"]},
        guard_seconds=10,
    )
    state = act(state, 0, type="flip", card="fang", now=NOW + 5)
    assert ENGINE.deadline(state) == NOW + 15
    refused(state, None, "nothing_due", type="tick")
    state = tick(state, NOW + 15)
    assert state["seats"][1]["damage"] == 2
    assert state["guard"] is None and state["turn"]["seat"] == 0


def test_an_idle_turn_ends_as_a_pass_or_after_the_flip():
    state = round_one(
        3, {0: ["fang", "charge"], 1: ["claw", "sparks"], 2: ["claw", "sparks"]}, turn_seconds=60
    )
    state = act(state, 0, type="flip", card="fang", now=NOW + 1)
    state = act(state, 1, type="no_guard", now=NOW + 2)
    state = tick(state, NOW + 62)  # seat 0 flipped: its turn simply ends
    assert state["turn"]["seat"] == 1
    state = tick(state, NOW + 200)  # seat 1 idle: a pass
    assert state["turn"]["seat"] == 2
    assert [e["type"] for e in state["log"] if e.get("seat") == 1][-2:] == ["timeout", "pass"]


def test_a_table_of_idle_seats_still_reaches_the_end():
    state = ENGINE.new_game(4, {}, seed=seed_with_start(4, 1), now=NOW)
    at = NOW
    for _ in range(500):
        if state["finished"]:
            break
        at = ENGINE.deadline(state)
        state = tick(state, at)
    assert state["finished"]
    assert ENGINE.outcome(state)["winners"]


def test_no_deadline_when_the_table_sets_zero_seconds():
    state = new_table(2, start=0, place_seconds=0, turn_seconds=0, guard_seconds=0)
    assert ENGINE.deadline(state) is None
    refused(state, None, "nothing_due", type="tick")
