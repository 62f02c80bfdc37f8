"""Recording results: set points, ranks and shared victory points (RULES §1.5 rules 9-10, §2.4)."""

from decimal import Decimal

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dragonformula import scoring as df_scoring
from dragonformula import sheets
from dragonformula.models import Penalty, SetLine
from dragonformula.scoring import GameEntry, PenaltyEntry
from games.engine import victory_point_table
from tests.support.leagues import (
    NO_WINNER,
    make_league,
    make_members,
    new_match,
    record_dragsaga,
    record_set,
    seats,
    won,
)

pytestmark = pytest.mark.django_db


def next_starter(set_result) -> str:
    """Who the set's page says starts the next game."""
    return sheets.filled_set(sheets.set_sheet(set_result))["starter"].name


def lines_by_name(set_result) -> dict[str, SetLine]:
    return {line.member.name: line for line in set_result.lines.select_related("member")}


def vp(line) -> float:
    return float(line.victory_points)


def test_four_players_two_tied_firsts_share_three_and_two():
    league = make_league()
    members = make_members(league, "Aki", "Ben", "Chie", "Dai")
    result = record_set(league, members, [won(0), won(1), NO_WINNER, NO_WINNER])
    lines = lines_by_name(result)
    assert [lines[n].points for n in ("Aki", "Ben", "Chie", "Dai")] == [100, 100, 0, 0]
    assert [lines[n].rank for n in ("Aki", "Ben", "Chie", "Dai")] == [1, 1, 3, 3]
    assert [vp(lines[n]) for n in ("Aki", "Ben", "Chie", "Dai")] == [2.5, 2.5, 0.5, 0.5]
    assert result.complete


def test_four_players_three_tied_for_second_share_two_one_and_nothing():
    league = make_league()
    members = make_members(league, "Aki", "Ben", "Chie", "Dai")
    result = record_set(league, members, [won(0, "center_pillar"), NO_WINNER, NO_WINNER, NO_WINNER])
    lines = lines_by_name(result)
    assert lines["Aki"].points == 1500
    assert [lines[n].rank for n in ("Aki", "Ben", "Chie", "Dai")] == [1, 2, 2, 2]
    assert [vp(lines[n]) for n in ("Aki", "Ben", "Chie", "Dai")] == [3.0, 1.0, 1.0, 1.0]


def test_three_players_all_tied_share_three_two_one():
    league = make_league()
    members = make_members(league, "Aki", "Ben", "Chie")
    result = record_set(league, members, [NO_WINNER, NO_WINNER, NO_WINNER])
    assert sorted(vp(line) for line in result.lines.all()) == [2.0, 2.0, 2.0]
    assert {line.rank for line in result.lines.all()} == {1}


def test_three_players_tied_last_share_two_and_one():
    league = make_league()
    members = make_members(league, "Aki", "Ben", "Chie")
    result = record_set(league, members, [won(2, "constellation"), NO_WINNER, NO_WINNER])
    lines = lines_by_name(result)
    assert (lines["Chie"].rank, vp(lines["Chie"])) == (1, 3.0)
    assert (lines["Aki"].rank, vp(lines["Aki"])) == (2, 1.5)
    assert (lines["Ben"].rank, vp(lines["Ben"])) == (2, 1.5)


def test_two_players_tied_share_two_and_a_half_each():
    league = make_league()
    members = make_members(league, "Aki", "Ben")
    result = record_set(league, members, [won(0), won(1)])
    assert [vp(line) for line in result.lines.all()] == [2.5, 2.5]
    other = record_set(league, members, [won(0), NO_WINNER])
    assert [(line.rank, vp(line)) for line in other.lines.all()] == [(1, 3.0), (2, 2.0)]


def test_chosen_hand_with_bonuses_and_multipliers_multiply():
    league = make_league()
    members = make_members(league, "Aki", "Ben")
    result = record_set(
        league,
        members,
        [
            won(0, "sephirot_5", "triangle", "my_series", multipliers=("genius", "last_judgement")),
            NO_WINNER,
        ],
    )
    game = result.games.get(number=1)
    assert game.points == (100 + 300 + 100) * 10 * 2
    assert lines_by_name(result)["Aki"].points == 10000


def test_penalties_subtract_and_intentional_is_ten_times():
    league = make_league()
    members = make_members(league, "Aki", "Ben", "Chie", "Dai")
    wrong_order = GameEntry(
        winner=0,
        hand="sephirot_1",
        penalties=(PenaltyEntry(1, "wrong_order"), PenaltyEntry(2, "too_many_cards", True)),
    )
    cheat = GameEntry(winner=None, win="none", penalties=(PenaltyEntry(3, "cheating"),))
    result = record_set(league, members, [wrong_order, cheat, NO_WINNER, NO_WINNER])
    lines = lines_by_name(result)
    assert lines["Aki"].points == 100
    assert lines["Ben"].points == -100
    assert lines["Chie"].points == -1000
    assert lines["Dai"].points == -10000
    assert [lines[n].rank for n in ("Aki", "Ben", "Chie", "Dai")] == [1, 2, 3, 4]
    assert Penalty.objects.get(member__name="Chie").points == -1000


def test_false_dan_costs_500_and_the_game_is_replayed():
    league = make_league()
    members = make_members(league, "Aki", "Ben")
    result = df_scoring.start_set(new_match(league), seats(members))
    assert next_starter(result) == "Aki"  # the Fire seat starts
    df_scoring.record_game(
        result, GameEntry(winner=None, win="none", penalties=(PenaltyEntry(1, "false_dan"),))
    )
    assert next_starter(result) == "Aki"  # the starter does not move
    df_scoring.record_game(result, won(0))
    result.refresh_from_db()
    assert not result.complete
    assert next_starter(result) == "Ben"
    df_scoring.record_game(result, NO_WINNER)
    result.refresh_from_db()
    assert result.complete
    lines = lines_by_name(result)
    assert (lines["Aki"].points, lines["Ben"].points) == (100, -500)
    assert result.games.count() == 3


def test_intentional_false_dan_costs_5000():
    assert df_scoring.penalty_points("false_dan", intentional=True) == -5000
    assert df_scoring.penalty_points("cheating") == -10000
    with pytest.raises(ValueError, match="no intentional"):
        df_scoring.penalty_points("cheating", intentional=True)


def test_a_complete_set_takes_no_more_games_and_stores_nothing():
    league = make_league()
    members = make_members(league, "Aki", "Ben")
    result = record_set(league, members, [won(0), NO_WINNER])
    with pytest.raises(ValueError, match="complete"):
        df_scoring.record_game(result, won(1))
    assert result.games.count() == 2


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        (GameEntry(winner=5, hand="sephirot_1"), "no seat 5"),
        (GameEntry(winner=0), "either as 11 cards or as a hand"),
        (GameEntry(winner=0, hand="sephirot_1", multipliers=("surprise",)), "Pick-and-Dan"),
        (GameEntry(winner=0, win="pick_and_dan", hand="x", multipliers=("genius",)), "Dan"),
        (GameEntry(winner=0, hand="center_pillar", bonuses=("material",)), "sephirot hands only"),
        (GameEntry(winner=0, hand="sephirot_4", bonuses=("triangle", "three_triples")), "replaces"),
        (GameEntry(winner=0, hand="no_such_hand"), "Unknown hand"),
        (
            GameEntry(winner=0, hand="sephirot_1", penalties=(PenaltyEntry(1, "false_dan"),)),
            "false Dan",
        ),
    ],
)
def test_bad_games_are_refused_with_a_message_and_change_nothing(entry, message):
    league = make_league()
    members = make_members(league, "Aki", "Ben")
    result = df_scoring.start_set(new_match(league), seats(members))
    with pytest.raises(ValueError, match=message):
        df_scoring.record_game(result, entry)
    assert result.games.count() == 0
    assert {line.points for line in result.lines.all()} == {0}


def test_elements_must_run_clockwise_from_fire():
    league = make_league()
    members = make_members(league, "Aki", "Ben", "Chie")
    from dragonformula.scoring import SeatEntry

    good = [
        SeatEntry(members[0], "air"),
        SeatEntry(members[1], "fire"),
        SeatEntry(members[2], "water"),
    ]
    assert df_scoring.start_set(new_match(league), good).lines.count() == 3
    bad = [
        SeatEntry(members[0], "fire"),
        SeatEntry(members[1], "air"),
        SeatEntry(members[2], "water"),
    ]
    with pytest.raises(ValueError, match="clockwise"):
        df_scoring.start_set(new_match(league), bad)


def test_dragsaga_penalty_is_half_the_leftover_cost_rounded_down_and_places_by_final_damage():
    league = make_league("dragsaga")
    aki, ben, chie, dai = make_members(league, "Aki", "Ben", "Chie", "Dai")
    result = record_dragsaga(
        league,
        [(aki, 5, 7, 2), (ben, 6, 3, 2), (chie, 4, 9, 3), (dai, 2, 1, 1)],
    )
    lines = {line.member.name: line for line in result.lines.all()}
    assert [lines[n].penalty for n in ("Aki", "Ben", "Chie", "Dai")] == [3, 1, 4, 0]
    assert [lines[n].final_damage for n in ("Aki", "Ben", "Chie", "Dai")] == [8, 7, 8, 2]
    # Aki and Chie tie on 8: Aki has fewer cards left, so Aki places higher.
    assert [lines[n].rank for n in ("Dai", "Ben", "Aki", "Chie")] == [1, 2, 3, 4]
    assert [lines[n].victory_points for n in ("Dai", "Ben", "Aki", "Chie")] == [
        Decimal("3"),
        Decimal("2"),
        Decimal("1"),
        Decimal("0"),
    ]


def test_dragsaga_full_tie_shares_the_places():
    league = make_league("dragsaga")
    aki, ben, chie = make_members(league, "Aki", "Ben", "Chie")
    result = record_dragsaga(league, [(aki, 4, 4, 2), (ben, 4, 5, 2), (chie, 9, 0, 0)])
    lines = {line.member.name: line for line in result.lines.all()}
    assert (lines["Aki"].rank, lines["Ben"].rank, lines["Chie"].rank) == (1, 1, 3)
    assert (vp(lines["Aki"]), vp(lines["Ben"]), vp(lines["Chie"])) == (2.5, 2.5, 1.0)


def test_dragsaga_refuses_a_cost_its_cards_cannot_have():
    league = make_league("dragsaga")
    aki, ben = make_members(league, "Aki", "Ben")
    with pytest.raises(ValueError, match="2 cards left in hand cost 2 to 12"):
        record_dragsaga(league, [(aki, 4, 13, 2), (ben, 3, 1, 1)])
    assert not league.matches.filter(dragsaga_games__isnull=False).exists()


def test_a_league_only_takes_its_own_game():
    league = make_league("dragsaga")
    members = make_members(league, "Aki", "Ben")
    with pytest.raises(ValueError, match="DragSaga"):
        df_scoring.start_set(new_match(league), seats(members))


HANDS = ["sephirot_1", "sephirot_6", "center_pillar", "constellation", "wisdom_of_kings"]


@settings(
    max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    players=st.integers(2, 4),
    outcomes=st.lists(st.sampled_from([None, *HANDS]), min_size=4, max_size=4),
    winners=st.lists(st.integers(0, 3), min_size=4, max_size=4),
)
def test_any_set_shares_out_exactly_the_tables_victory_points(players, outcomes, winners):
    league = make_league()
    members = make_members(league, *["Aki", "Ben", "Chie", "Dai"][:players])
    games = [
        NO_WINNER if hand is None else won(winner % players, hand)
        for hand, winner in zip(outcomes[:players], winners, strict=False)
    ]
    lines = list(record_set(league, members, games).lines.all())
    assert sum(line.victory_points for line in lines) == sum(
        Decimal(str(v)) for v in victory_point_table(players)
    )
    for line in lines:  # competition numbering: 1 + the number of players strictly ahead
        assert line.rank == 1 + sum(other.points > line.points for other in lines)
        tied = [other for other in lines if other.points == line.points]
        assert all(other.victory_points == line.victory_points for other in tied)
