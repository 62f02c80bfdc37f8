"""Dragon Formula games from stacked decks: multipliers, picks, priority, endings, sets."""

from __future__ import annotations

import pytest

from dragonformula.rules.deal import elements_from, sorted_hand
from dragonformula.rules.engine import ENGINE
from dragonformula.rules.hands import best_hand
from games.engine import next_seat
from tests.game.df_table import (
    act,
    all_pass,
    cards,
    deal,
    draw_and_throw,
    next_game,
    play_out,
    table,
)

# Sephirot of 6 with three triples (200 for every element), waiting on a major derived from 6.
WAITING_ON_6 = "W6 C6 S6 W1 C1 S1 W2 C2 S2 M4"
WIN_ON_6 = cards(WAITING_ON_6) + ["M6"]


def plain_points(hand: list[str], element: str) -> int:
    result = best_hand(hand, element)
    assert result is not None
    return result.total


def win_of(state: dict) -> dict:
    last = state["last_game"]
    assert last is not None and last["result"] == "win", last
    return last


# --- Genius ---------------------------------------------------------------------


def test_dan_on_the_first_draw_is_genius_times_ten():
    state = table(4, [deal(4, {0: WAITING_ON_6}, pile="M6")])
    assert state["starter"] == 0 and state["elements"][0] == "fire"
    state = act(state, 0, "draw")
    assert {"type": "dan"} in ENGINE.legal_actions(state, 0)
    state = act(state, 0, "dan")
    win = win_of(state)
    assert win["winner"] == 0 and win["via"] == "dan"
    assert win["reading"]["multipliers"] == ["genius"]
    assert sorted(win["cards"]) == sorted(WIN_ON_6)
    assert state["set_points"] == [10 * plain_points(WIN_ON_6, "fire"), 0, 0, 0]
    state = next_game(state)
    assert state["starter"] == 1  # the next game is dealt, started by the next seat


def test_genius_survives_a_turn_skipped_by_another_seats_pick():
    # Seat 0 throws S3; seat 2 picks it (seat 1's turn is skipped) and throws M20.
    state = table(4, [deal(4, {0: "S3", 1: WAITING_ON_6, 2: "M20"}, pile="PK WK CK M6")])
    state = act(act(state, 0, "draw"), 0, "discard", "S3")
    state = act(act(state, 2, "pick"), 1, "pass")
    state = act(state, 3, "pass")
    state = all_pass(act(state, 2, "discard_major", "M20"))
    assert state["turn"] == 3
    state = draw_and_throw(draw_and_throw(state))
    assert state["turn"] == 1 and state["draws"][1] == 0
    state = next_game(act(act(state, 1, "draw"), 1, "dan"))
    assert win_of(state)["reading"]["multipliers"] == ["genius"]


def test_a_pick_lost_on_priority_does_not_rule_out_genius():
    # Seat 0 throws PQ: seats 1 and 2 both pick; seat 1 is nearer and takes it.
    state = table(4, [deal(4, {0: "PQ", 1: "M20", 2: WAITING_ON_6}, pile="PK M6")])
    state = act(act(state, 0, "draw"), 0, "discard", "PQ")
    state = act(act(act(state, 2, "pick"), 1, "pick"), 3, "pass")
    assert state["turn"] == 1 and state["phase"] == "pick_discard"
    state = all_pass(act(state, 1, "discard_major", "M20"))
    # Play resumes after the picker: seat 2 draws M6 and wins; its lost pick does not count.
    assert state["turn"] == 2
    state = next_game(act(act(state, 2, "draw"), 2, "dan"))
    win = win_of(state)
    assert win["winner"] == 2 and win["reading"]["multipliers"] == ["genius"]


def test_no_genius_for_the_picker_on_its_first_draw():
    state = table(
        4, [deal(4, {0: "S2", 1: "W6 C6 S6 W1 C1 S1 W2 C2 M4 M20"}, pile="PK WK CK SK M6")]
    )
    state = act(act(state, 0, "draw"), 0, "discard", "S2")
    state = all_pass(act(state, 1, "pick"))
    state = all_pass(act(state, 1, "discard_major", "M20"))
    while state["turn"] != 1:
        state = draw_and_throw(state)
    state = next_game(act(act(state, 1, "draw"), 1, "dan"))
    win = win_of(state)
    assert win["winner"] == 1 and win["reading"]["multipliers"] == []
    assert state["set_points"][1] == plain_points(WIN_ON_6, "water")


# --- Surprise -------------------------------------------------------------------


def test_pick_and_dan_before_ones_first_draw_is_surprise_times_five():
    state = table(4, [deal(4, {0: "M6", 2: WAITING_ON_6}, pile="PK")])
    state = act(act(state, 0, "draw"), 0, "discard", "M6")
    assert {"type": "pick_and_dan"} in ENGINE.legal_actions(state, 2)
    state = act(act(act(state, 1, "pass"), 2, "pick_and_dan"), 3, "pass")
    win = win_of(state)
    assert win["winner"] == 2 and win["via"] == "pick_and_dan"
    assert win["reading"]["multipliers"] == ["surprise"]
    assert state["set_points"][2] == 5 * plain_points(WIN_ON_6, "air")
    assert all("M6" not in pile for pile in state["discards"])


def test_surprise_even_after_an_earlier_plain_pick_of_ones_own():
    state = table(
        4,
        [deal(4, {0: "S2", 2: "W6 C6 S6 W1 C1 S1 W2 C2 M4 M20", 3: "M6"}, pile="PK WK")],
    )
    state = act(act(state, 0, "draw"), 0, "discard", "S2")
    state = act(act(act(state, 1, "pass"), 2, "pick"), 3, "pass")
    state = all_pass(act(state, 2, "discard_major", "M20"))
    assert state["turn"] == 3
    state = act(act(state, 3, "draw"), 3, "discard", "M6")
    state = act(act(act(state, 0, "pass"), 1, "pass"), 2, "pick_and_dan")
    win = win_of(state)
    assert win["winner"] == 2 and win["reading"]["multipliers"] == ["surprise"]


# --- Last Judgement and the end of the pile -------------------------------------


def _to_last_card(state: dict) -> dict:
    while len(state["pile"]) > 1:
        state = draw_and_throw(state)
    return state


def test_dan_on_the_last_card_of_the_pile_is_last_judgement():
    state = _to_last_card(table(4, [deal(4, {1: WAITING_ON_6}, bottom="M6")]))
    assert state["turn"] == 1  # 38 cards: the 38th draw is seat 1's
    state = next_game(act(act(state, 1, "draw"), 1, "dan"))
    win = win_of(state)
    assert win["reading"]["multipliers"] == ["last_judgement"]
    assert state["set_points"][1] == 2 * plain_points(WIN_ON_6, "water")


def test_pick_and_dan_on_the_last_drawers_discard_is_last_judgement():
    state = _to_last_card(table(4, [deal(4, {2: WAITING_ON_6}, bottom="M6")]))
    state = act(act(state, 1, "draw"), 1, "discard", "M6")
    state = act(act(act(state, 2, "pick_and_dan"), 3, "pass"), 0, "pass")
    win = win_of(state)
    assert win["winner"] == 2 and win["reading"]["multipliers"] == ["last_judgement"]


def test_no_last_judgement_on_a_pickers_major_discard_and_picks_go_on_after_the_pile():
    state = _to_last_card(table(4, [deal(4, {2: WAITING_ON_6, 3: "M6"}, bottom="SK")]))
    state = act(act(state, 1, "draw"), 1, "discard", "SK")
    assert state["pile"] == []
    state = act(act(act(state, 2, "pass"), 3, "pick"), 0, "pass")
    state = act(state, 3, "discard_major", "M6")
    state = act(act(act(state, 0, "pass"), 1, "pass"), 2, "pick_and_dan")
    win = win_of(state)
    assert win["winner"] == 2 and win["reading"]["multipliers"] == []


def test_last_judgement_on_the_last_drawers_major_discard_after_a_pick_of_its_own():
    """RULES §1.5: any discard by the seat that drew the last card counts (最終プレイヤーの捨て札),
    also the major it discards after picking back later in the chain."""
    state = _to_last_card(table(4, [deal(4, {1: "M6", 2: "M9", 3: WAITING_ON_6}, bottom="SK")]))
    state = act(act(state, 1, "draw"), 1, "discard", "SK")
    assert state["pile"] == [] and state["last_drawer"] == 1
    state = act(act(act(state, 2, "pick"), 3, "pass"), 0, "pass")
    state = act(state, 2, "discard_major", "M9")  # another seat's major: no Last Judgement yet
    state = act(act(act(state, 3, "pass"), 0, "pass"), 1, "pick")
    state = act(state, 1, "discard_major", "M6")  # the last drawer's own discard again
    state = act(act(act(state, 2, "pass"), 3, "pick_and_dan"), 0, "pass")
    win = win_of(state)
    assert win["winner"] == 3 and win["reading"]["multipliers"] == ["last_judgement"]
    assert state["set_points"][3] == 2 * plain_points(WIN_ON_6, state["elements"][3])


def test_the_game_ends_without_a_winner_when_the_next_seat_cannot_draw():
    state = _to_last_card(table(4, [deal(4, {})]))
    state = act(state, 1, "draw")
    state = act(state, 1, "discard", state["hands"][1][-1])
    assert state["phase"] == "window"  # the last discard may still be picked
    state = all_pass(state)
    assert state["phase"] == "result"  # every hand is shown before the next deal
    assert state["last_game"]["hands"] == [sorted_hand(hand) for hand in state["hands"]]
    state = next_game(state)
    last = state["last_game"]
    assert last["result"] == "exhaust" and last["winner"] is None
    assert last["events"][-1] == {"type": "exhaust", "seat": 2}
    assert state["set_points"] == [0, 0, 0, 0]
    assert state["starter"] == 1 and state["games_counted"] == 1


# --- Picks ------------------------------------------------------------------------


def test_chained_picks_and_play_resumes_after_the_last_picker():
    state = table(4, [deal(4, {0: "M0 M21", 1: "M5"}, pile="PK")])
    state = act(act(state, 0, "draw"), 0, "discard", "PK")
    state = all_pass(act(state, 1, "pick"))
    assert state["hands"][1].count("PK") == 1 and state["turn"] == 1
    state = act(state, 1, "discard_major", "M5")
    # The original discarder picks the picker's major like anyone else.
    state = act(act(act(state, 2, "pass"), 3, "pass"), 0, "pick")
    state = act(state, 0, "discard_major", "M21")
    state = all_pass(state)
    assert state["phase"] == "draw" and state["turn"] == 1
    assert state["discards"] == [["M21"], [], [], []]
    assert [e["type"] for e in state["events"] if e["type"] in ("pick", "discard_major")] == [
        "pick",
        "discard_major",
        "pick",
        "discard_major",
    ]
    assert "M5" in state["hands"][0] and "M21" not in state["hands"][0]


@pytest.mark.parametrize("discarder", range(4))
@pytest.mark.parametrize("pickers", [(1, 2, 3), (1, 2), (1, 3), (2, 3)])
def test_the_nearest_declaring_seat_after_the_discarder_takes_the_card(discarder, pickers):
    seats = [next_seat(discarder, 4, step) for step in pickers]
    hands = {seat: f"M{10 + seat}" for seat in range(4)}
    state = table(4, [deal(4, hands, pile="PK")], fire_seats=[discarder])
    assert state["turn"] == discarder
    state = act(act(state, discarder, "draw"), discarder, "discard", "PK")
    for seat in reversed(range(4)):
        if seat != discarder:
            state = act(state, seat, "pick" if seat in seats else "pass")
    nearest = next_seat(discarder, 4, min(pickers))
    assert state["phase"] == "pick_discard" and state["turn"] == nearest
    assert "PK" in state["hands"][nearest]
    closed = [e for e in state["events"] if e["type"] == "window_closed"][-1]
    assert closed["taker"] == nearest


def test_a_nearer_plain_pick_beats_a_pick_and_dan():
    state = table(4, [deal(4, {0: "M6", 1: "M20", 2: WAITING_ON_6}, pile="PK")])
    state = act(act(state, 0, "draw"), 0, "discard", "M6")
    state = act(act(act(state, 2, "pick_and_dan"), 1, "pick"), 3, "pass")
    assert state["last_game"] is None
    assert state["turn"] == 1 and "M6" in state["hands"][1]


def test_pick_and_dan_by_a_seat_holding_no_major():
    state = table(4, [deal(4, {0: "CP", 2: "C1 C2 C3 C4 C5 C6 C7 C8 C9 C10"}, pile="PK")])
    state = act(act(state, 0, "draw"), 0, "discard", "CP")
    assert ENGINE.legal_actions(state, 2) == [
        {"type": "pick"},
        {"type": "pick_and_dan"},
        {"type": "pass"},
        {"type": "auto_pass", "on": True},
    ]
    with pytest.raises(Exception, match="no major arcana"):
        act(state, 2, "pick")
    state = act(act(act(state, 1, "pass"), 2, "pick_and_dan"), 3, "pass")
    win = win_of(state)
    assert win["winner"] == 2 and win["reading"]["hand"] == "elemental_series"
    assert state["set_points"][2] == 5 * 1000  # surprise: seat 2 had not drawn yet


@pytest.mark.parametrize("assisted", [True, False])
def test_pick_and_dan_on_a_discard_that_does_not_win_is_refused_on_every_table(assisted):
    state = table(4, [deal(4, {0: "M20", 2: WAITING_ON_6}, pile="PK")], dan_assist=assisted)
    state = act(act(state, 0, "draw"), 0, "discard", "M20")
    assert {"type": "pick_and_dan"} not in ENGINE.legal_actions(state, 2)
    with pytest.raises(Exception, match="does not complete") as refused:
        act(state, 2, "pick_and_dan")
    assert refused.value.code == "discard_does_not_win"


# --- Dan on strict and assisted tables ------------------------------------------------


def test_false_dan_on_a_strict_table_costs_500_and_the_game_is_replayed():
    state = table(4, [deal(4, {})], dan_assist=False)
    first_hands = [list(hand) for hand in state["hands"]]
    state = act(state, 0, "draw")
    assert {"type": "dan"} in ENGINE.legal_actions(state, 0)
    state = next_game(act(state, 0, "dan"))
    last = state["last_game"]
    assert last["result"] == "false_dan" and last["offender"] == 0
    assert state["set_points"] == [-500, 0, 0, 0] and state["total_points"][0] == -500
    assert state["starter"] == 0 and state["games_counted"] == 0
    assert state["games"][-1]["counted"] is False
    assert state["phase"] == "draw" and state["turn"] == 0
    assert state["hands"] != first_hands  # a fresh deal
    for _ in range(4):
        state = play_out(state)
    assert state["finished"]
    assert [g["starter"] for g in state["games"]] == [0, 0, 1, 2, 3]
    assert [g["counted"] for g in state["games"]] == [False, True, True, True, True]
    placings = {p["seat"]: (p["rank"], p["victory_points"]) for p in state["sets"][0]["placings"]}
    assert placings == {1: (1, 2.0), 2: (1, 2.0), 3: (1, 2.0), 0: (4, 0.0)}


def test_an_assisted_table_offers_dan_only_on_a_winning_hand():
    state = table(4, [deal(4, {0: WAITING_ON_6, 1: "W7 C7 S7 W8 C8 S8 W9 C9 S9 M5"}, pile="M6 PK")])
    state = act(state, 0, "draw")
    assert {"type": "dan"} in ENGINE.legal_actions(state, 0)
    state = all_pass(act(state, 0, "discard", "M6"))
    state = act(state, 1, "draw")
    assert {"type": "dan"} not in ENGINE.legal_actions(state, 1)
    with pytest.raises(Exception, match="does not win") as refused:
        act(state, 1, "dan")
    assert refused.value.code == "hand_does_not_win"


# --- Sets and the match -----------------------------------------------------------------


def test_a_whole_set_of_four_games_with_tied_victory_points():
    deals = [deal(4, {0: WAITING_ON_6}, pile="M6"), deal(4, {1: WAITING_ON_6}, pile="M6")]
    state = table(4, deals)
    state = next_game(act(act(state, 0, "draw"), 0, "dan"))
    assert state["starter"] == 1
    state = next_game(act(act(state, 1, "draw"), 1, "dan"))
    assert state["starter"] == 2
    state = play_out(state)
    assert state["starter"] == 3
    state = play_out(state)
    assert state["finished"] and ENGINE.waiting_for(state) == []
    assert [g["starter"] for g in state["games"]] == [0, 1, 2, 3]
    assert [g["result"] for g in state["games"]] == ["win", "win", "exhaust", "exhaust"]
    genius = 10 * plain_points(WIN_ON_6, "fire")
    assert state["sets"][0]["points"] == [genius, genius, 0, 0]
    placings = {p["seat"]: (p["rank"], p["victory_points"]) for p in state["sets"][0]["placings"]}
    assert placings == {0: (1, 2.5), 1: (1, 2.5), 2: (3, 0.5), 3: (3, 0.5)}
    outcome = ENGINE.outcome(state)
    assert outcome["winners"] == [0, 1]
    assert outcome["victory_points"] == [2.5, 2.5, 0.5, 0.5]


@pytest.mark.parametrize(("players", "victory"), [(3, [3.0, 1.5, 1.5]), (2, [3.0, 2.0])])
def test_smaller_tables_share_their_own_victory_points(players, victory):
    state = table(players, [deal(players, {0: WAITING_ON_6}, pile="M6")])
    assert state["elements"] == list(("fire", "water", "air")[:players])
    state = next_game(act(act(state, 0, "draw"), 0, "dan"))
    for _ in range(players - 1):
        state = play_out(state)
    assert state["finished"]
    assert ENGINE.outcome(state)["victory_points"] == victory


def test_a_two_set_match_reassigns_elements_and_restarts_points():
    state = table(4, [deal(4, {0: WAITING_ON_6}, pile="M6")], fire_seats=[0, 2], sets=2)
    state = next_game(act(act(state, 0, "draw"), 0, "dan"))
    for _ in range(3):
        state = play_out(state)
    assert not state["finished"]
    assert state["set_index"] == 1 and state["set_points"] == [0, 0, 0, 0]
    assert state["elements"] == elements_from(2, 4) == ["air", "earth", "fire", "water"]
    assert state["starter"] == 2 and state["victory_points"] == [3.0, 1.0, 1.0, 1.0]
    starters = []
    for _ in range(4):
        starters.append(state["starter"])
        state = play_out(state)
    assert starters == [2, 3, 0, 1]
    assert state["finished"]
    assert [s["elements"] for s in state["sets"]] == [elements_from(0, 4), elements_from(2, 4)]
    outcome = ENGINE.outcome(state)
    assert outcome["victory_points"] == [4.5, 2.5, 2.5, 2.5]
    assert {p["seat"]: p["rank"] for p in outcome["placings"]} == {0: 1, 1: 2, 2: 2, 3: 2}
    assert outcome["winners"] == [0]


def test_match_ties_on_victory_points_are_broken_by_total_points():
    # Set 1: seat 0 wins on its second draw (200); set 2: seat 1 wins with Genius (2000).
    first = deal(2, {0: WAITING_ON_6}, pile="PK WK M6")
    second = deal(2, {1: WAITING_ON_6}, pile="M6")
    state = table(2, [first, deal(2, {}), second], fire_seats=[0, 1], sets=2)
    state = draw_and_throw(draw_and_throw(state))
    state = next_game(act(act(state, 0, "draw"), 0, "dan"))
    state = play_out(state)
    assert state["victory_points"] == [3.0, 2.0]
    assert state["starter"] == 1 and state["elements"] == ["water", "fire"]
    state = next_game(act(act(state, 1, "draw"), 1, "dan"))
    state = play_out(state)
    outcome = ENGINE.outcome(state)
    assert outcome["victory_points"] == [5.0, 5.0]
    assert outcome["points"] == [
        plain_points(WIN_ON_6, "fire"),
        10 * plain_points(WIN_ON_6, "fire"),
    ]
    assert outcome["winners"] == [1]
    assert {p["seat"]: p["rank"] for p in outcome["placings"]} == {1: 1, 0: 2}
