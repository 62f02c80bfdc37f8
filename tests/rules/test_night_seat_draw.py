"""The club night seat draw: everyone seated once, table sizes, elements, no needless repeats,
the same seed giving the same draw (games.nights.seating is pure Python)."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from dragonformula.rules import ELEMENTS
from games.nights.seating import draw_round, repeat_pairs, table_sizes
from games.trust.fairness import commit, commitment_matches, new_salt


def names(count: int) -> list[str]:
    return [f"m{i}" for i in range(count)]


def expected_sizes(count: int) -> list[int]:
    """Tables of 4, and of 3 only as many as the count demands (5 players: 3 and 2)."""
    if count == 5:
        return [3, 2]
    threes = {0: 0, 3: 1, 2: 2, 1: 3}[count % 4]
    return [4] * ((count - 3 * threes) // 4) + [3] * threes


def play_night(players: list[str], rounds: int, seed: int) -> list[list[list[str]]]:
    history: list[list[str]] = []
    night = []
    for number in range(rounds):
        draw = draw_round(players, history, seed + number)
        tables = [list(t.players) for t in draw.tables]
        night.append(tables)
        history += tables
    return night


@pytest.mark.parametrize("count", range(4, 41))
def test_every_player_sits_once_per_round_at_tables_of_four_or_three(count):
    players = names(count)
    history: list[list[str]] = []
    for number in range(3):
        draw = draw_round(players, history, 1000 * count + number, elements=ELEMENTS)
        seated = [p for table in draw.tables for p in table.players]
        assert sorted(seated) == sorted(players)
        assert [len(t.players) for t in draw.tables] == expected_sizes(count)
        assert [t.number for t in draw.tables] == list(range(1, len(draw.tables) + 1))
        history += [list(t.players) for t in draw.tables]


def test_table_sizes_follow_the_count():
    assert table_sizes(8) == [4, 4]
    assert table_sizes(9) == [3, 3, 3]
    assert table_sizes(10) == [4, 3, 3]
    assert table_sizes(11) == [4, 4, 3]
    assert table_sizes(5) == [3, 2]
    assert table_sizes(2) == [2]
    with pytest.raises(ValueError):
        table_sizes(1)


@pytest.mark.parametrize("count", [4, 7, 9, 12, 13, 23])
def test_each_table_has_a_fire_seat_and_the_elements_go_clockwise(count):
    draw = draw_round(names(count), [], 7, elements=ELEMENTS)
    for table in draw.tables:
        size = len(table.players)
        fire = table.elements.index("fire")
        clockwise = [table.elements[(fire + k) % size] for k in range(size)]
        assert clockwise == list(ELEMENTS[:size])


def test_the_fire_seat_is_drawn_not_always_the_first():
    fire_seats = {
        draw_round(names(8), [], seed, elements=ELEMENTS).tables[0].elements.index("fire")
        for seed in range(30)
    }
    assert len(fire_seats) > 1


def test_the_same_seed_gives_the_same_draw_whatever_the_order_of_check_in():
    players = names(17)
    history = [list(t.players) for t in draw_round(players, [], 3).tables]
    first = draw_round(players, history, 99, elements=ELEMENTS)
    shuffled = list(players)
    random.Random(5).shuffle(shuffled)
    again = draw_round(shuffled, list(reversed(history)), 99, elements=ELEMENTS)
    assert first == again
    others = {draw_round(players, history, seed).tables for seed in range(100, 105)}
    assert len(others) > 1


def test_a_player_is_drawn_only_once():
    with pytest.raises(ValueError):
        draw_round(["a", "b", "c", "a"], [], 1)


def greedy_baseline(players, history, sizes, rng):
    """Each player in a random order to the open table where they met the fewest people."""
    met = {}
    for table in history:
        for pair in combinations(sorted(table), 2):
            met[pair] = met.get(pair, 0) + 1
    order = list(players)
    rng.shuffle(order)
    tables = [[] for _ in sizes]
    for player in order:
        open_tables = [t for t, size in enumerate(sizes) if len(tables[t]) < size]
        tables[
            min(
                open_tables,
                key=lambda t: sum(met.get(tuple(sorted((player, o))), 0) for o in tables[t]),
            )
        ].append(player)
    return tables


@pytest.mark.parametrize("count", [8, 12, 13, 16, 21, 24, 30, 40])
def test_repeat_pairs_are_no_worse_than_a_greedy_draw_of_the_same_round(count):
    players = names(count)
    history: list[list[str]] = []
    rng = random.Random(count)
    for number in range(6):
        draw = draw_round(players, history, number)
        for _ in range(5):
            greedy = greedy_baseline(players, history, table_sizes(count), rng)
            assert draw.repeat_pairs <= repeat_pairs(greedy, history), (count, number)
        history += [list(t.players) for t in draw.tables]


def test_no_one_meets_again_when_it_is_avoidable():
    """24 players at six tables of 4 over 5 rounds, and 40 over 6: nobody meets twice."""
    for count, rounds in ((24, 5), (40, 6)):
        night = play_night(names(count), rounds, seed=11)
        pairs = [frozenset(p) for tables in night for t in tables for p in combinations(t, 2)]
        assert len(pairs) == len(set(pairs)), count


def test_twelve_players_meet_again_no_more_than_tables_of_four_force():
    """Round 2's tables each take four of round 1's three tables' players: one repeat each."""
    players = names(12)
    history: list[list[str]] = []
    repeats = []
    for number in range(3):
        draw = draw_round(players, history, 40 + number)
        repeats.append(draw.repeat_pairs)
        history += [list(t.players) for t in draw.tables]
    assert repeats == [0, 3, 3]


def test_the_repeat_count_is_the_pairs_that_met_before():
    history = [["a", "b", "c", "d"], ["e", "f", "g", "h"]]
    assert repeat_pairs([["a", "b", "e", "f"], ["c", "g", "d", "h"]], history) == 4
    assert repeat_pairs([["a", "e", "c", "g"]], history) == 2


def test_a_committed_seed_gives_back_its_draw():
    seed, salt = 123456789, new_salt()
    published = commit(salt, seed)
    players = names(10)
    made = draw_round(players, [], seed, elements=ELEMENTS)
    assert commitment_matches(salt, seed, published)
    assert not commitment_matches(salt, seed + 1, published)
    assert draw_round(players, [], seed, elements=ELEMENTS) == made
