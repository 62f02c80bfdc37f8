"""What each seat sees of a Dragon Formula table, and the pick window's clock."""

from __future__ import annotations

import copy
import random

import pytest

from dragonformula.rules.engine import ENGINE
from tests.game.df_table import act, cards, deal, next_game, play_out, table, unchanged_by

WAITING_ON_6 = "W6 C6 S6 W1 C1 S1 W2 C2 S2 M4"


def _table():
    return table(4, [deal(4, {0: "M3 WK", 1: "M7", 2: WAITING_ON_6}, pile="PK M6")])


def test_own_hand_sorted_by_suit_then_majors_and_no_other_hand():
    state = _table()
    seen = ENGINE.view(state, 2)
    assert seen["hand"] == cards("W1 W2 W6 C1 C2 C6 S1 S2 S6 M4")
    assert seen["hand_sizes"] == [10, 10, 10, 10]
    assert seen["pile_size"] == 38 and "pile" not in seen
    assert seen["seed"] is None
    assert seen["elements"] == ["fire", "water", "air", "earth"] and seen["starter"] == 0
    assert ENGINE.view(state, None)["hand"] == []


def test_the_drawn_card_shows_only_in_the_drawers_own_log():
    state = act(_table(), 0, "draw")
    mine = ENGINE.view(state, 0)["events"][-1]
    theirs = ENGINE.view(state, 1)["events"][-1]
    assert mine == {"type": "draw", "seat": 0, "card": "PK", "pile": 37}
    assert theirs == {"type": "draw", "seat": 0, "pile": 37}
    own = ENGINE.view(state, 0)
    assert own["legal_actions"][: len(own["hand"])] == [
        {"type": "discard", "card": card} for card in own["hand"]
    ]
    assert "PK" in own["hand"] and own["hand"][-2:] == ["PK", "M3"]
    assert ENGINE.view(state, 1)["legal_actions"] == [{"type": "auto_pass", "on": True}]


def test_every_seat_gets_the_same_pick_window_and_answers_stay_secret():
    state = act(act(_table(), 0, "draw"), 0, "discard", "WK")
    windows = [ENGINE.view(state, seat)["window"] for seat in (1, 2, 3)]
    assert windows[0] == windows[1] == windows[2]
    assert windows[0] == {
        "discarder": 0,
        "card": "WK",
        "deadline": 8.0,
        "asked": [1, 2, 3],
        "answered": [],
        "your_answer": None,
    }
    # Seat 3 holds no major, yet is offered the same buttons as seat 1.
    assert (
        ENGINE.legal_actions(state, 3)
        == ENGINE.legal_actions(state, 1)
        == [
            {"type": "pick"},
            {"type": "pass"},
            {"type": "auto_pass", "on": True},
        ]
    )
    assert ENGINE.waiting_for(state) == [1, 2, 3]
    state = act(state, 1, "pick")
    for seat in (0, 2, 3, None):
        seen = ENGINE.view(state, seat)
        assert seen["window"]["answered"] == [1] and seen["window"]["your_answer"] is None
        assert "pick" not in str(seen["events"])
    assert ENGINE.view(state, 1)["window"]["your_answer"] == "pick"
    assert ENGINE.view(state, 0)["live"] == {"seat": 0, "card": "WK"}


def test_the_window_closes_at_its_deadline_with_the_silent_seats_passing():
    state = act(act(_table(), 0, "draw"), 0, "discard", "WK", now=100.0)
    assert ENGINE.deadline(state) == 108.0
    state = act(state, 2, "pass", now=101.0)
    assert unchanged_by(state, None, {"type": "tick"}, now=107.9) == "nothing_due"
    state = ENGINE.apply(state, None, {"type": "tick"}, 108.0)
    assert state["phase"] == "draw" and state["turn"] == 1
    assert state["events"][-1]["answers"] == [None, "pass", "pass", "pass"]
    assert ENGINE.deadline(state) == 108.0 + 30 + 60  # now seat 1's turn clock runs


def test_pick_seconds_sets_the_deadline():
    state = table(4, [deal(4, {})], pick_seconds=20)
    state = act(act(state, 0, "draw"), 0, "discard", state["hands"][0][0], now=5.0)
    assert ENGINE.view(state, 1)["window"]["deadline"] == 25.0


def test_after_a_win_everyone_sees_the_reading_and_the_winners_cards():
    state = act(act(_table(), 0, "draw"), 0, "discard", "WK")
    state = act(act(state, 1, "pass"), 2, "pass")
    state = act(state, 3, "pass")
    state = act(act(state, 1, "draw"), 1, "discard", "M6")
    state = act(state, 2, "pick_and_dan")
    state = act(act(state, 3, "pass"), 0, "pass")
    for seat in range(4):
        last = ENGINE.view(state, seat)["last_game"]
        assert last["winner"] == 2 and last["via"] == "pick_and_dan"
        assert last["cards"] == cards("W1 W2 W6 C1 C2 C6 S1 S2 S6 M4 M6")
        assert last["reading"]["hand"] == "sephirot_6"
        assert last["reading"]["head"] == ["W6", "C6", "S6"]
        win = [e for e in last["events"] if e["type"] == "win"][0]
        assert win["points"] == last["points"] == ENGINE.view(state, seat)["set_points"][2]
    # Once everyone is ready, the next game is dealt, started by the next seat.
    state = next_game(state)
    assert ENGINE.view(state, 0)["events"][0] == {
        "type": "game_start",
        "set": 1,
        "game": 2,
        "starter": 1,
    }


def test_the_seed_is_shown_once_the_match_is_over():
    from tests.game.df_table import play_out

    state = table(2, [deal(2, {})])
    state = play_out(play_out(state))
    seen = ENGINE.view(state, 0)
    assert seen["finished"] and seen["seed"] == 7
    assert seen["outcome"]["winners"] == [0, 1]


def test_bot_levels_and_engine_identity():
    assert ENGINE.name == "dragonformula"
    assert (ENGINE.min_players, ENGINE.max_players) == (2, 4)
    assert list(ENGINE.bot_levels()) == ["random", "smart", "strong"]


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
