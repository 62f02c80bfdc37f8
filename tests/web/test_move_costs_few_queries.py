"""A move costs the database a handful of statements, however many seats the table has:
the row lock, the seats with their presence, one insert into the action log, one update
of the game (and the transaction's BEGIN and COMMIT). An operator would notice the
opposite as tables that lag once a club night fills the room."""

import json

import pytest

from dragonformula.rules.engine import ENGINE as DF
from games.tables.actions import opening, playing, starting
from games.tables.models import Seat
from tests.web.tables import browser_of, everyone_connected, htmx_post, seated_table

pytestmark = pytest.mark.django_db


def test_a_move_at_a_full_table_costs_at_most_six_queries(
    django_assert_max_num_queries, django_capture_on_commit_callbacks
):
    table, game, players = seated_table("dragonformula", ["Ann", "Bo", "Cy", "Di"])
    everyone_connected(table, players)
    for _move in range(6):
        seat = DF.waiting_for(game.state)[0]
        action = DF.bot_action(game.state, seat, "smart")
        # The after-commit work (snapshot for the sockets, the push, the next timer) too.
        with django_assert_max_num_queries(6), django_capture_on_commit_callbacks(execute=True):
            game = playing.apply_action(game, players[seat], action, game.version)
    assert game.version == 6


def test_a_seat_without_a_socket_costs_queries_only_for_that_seat(
    django_assert_max_num_queries, django_capture_on_commit_callbacks
):
    table, game, players = seated_table("dragonformula", ["Ann", "Bo", "Cy", "Di"])
    everyone_connected(table, players[:3])  # Di's page is closed
    seat = DF.waiting_for(game.state)[0]
    # Whether Di is due for a bot: her last action, retake and socket (one statement), and
    # the table's away limit, read with the game.
    with django_assert_max_num_queries(7), django_capture_on_commit_callbacks(execute=True):
        playing.apply_action(game, players[seat], {"type": "draw"}, game.version)


@pytest.mark.django_db(transaction=True)  # the move's after-commit work runs at its commit
def test_the_whole_request_of_a_move_costs_at_most_seven_queries(django_assert_max_num_queries):
    table, game, players = seated_table("dragonformula", ["Ann", "Bo", "Cy", "Di"])
    everyone_connected(table, players)
    seat = DF.waiting_for(game.state)[0]
    browser = browser_of(players[seat])
    browser.get("/")  # the CSRF cookie, as the table page sets it
    # The player (the session is in the cache since the page); then the move (BEGIN, the
    # lock that finds the table's game by its code, seats, insert, update, COMMIT); the
    # answer is rendered from what the move read.
    with django_assert_max_num_queries(7):
        answer = htmx_post(
            browser,
            f"/dragonformula/{table.code}/act",
            {"action": json.dumps({"type": "draw"}), "version": game.version},
        )
    assert answer.status_code == 200


def test_a_bot_move_costs_at_most_six_queries_however_many_bots_answer(
    players, django_assert_max_num_queries, django_capture_on_commit_callbacks
):
    table = opening.create_table(game_name="dragsaga", players=4, bot_level="heuristic")
    game = starting.start(table, None, seed=5)
    assert Seat.objects.filter(table=table, bot_level="heuristic").count() == 4
    together = 0
    for _move in range(8):
        with django_assert_max_num_queries(6), django_capture_on_commit_callbacks(execute=True):
            moved = playing.advance(game.pk, game.version)
        assert moved.version > game.version
        together = max(together, moved.version - game.version)
        game = moved
    assert together == 4  # the four bots chose their dragons together: one insert
