"""A table socket's statements on PostgreSQL (``games.tables.statements``): the seat read on
opening, the socket's row upserted, closed and its seat read, a seat's signs of presence
read together, each doing what the ORM did, as on SQLite: the same tests
(``tests/web/test_written_out_socket_statements_do_what_the_orm_did.py``), collected here."""

import pytest

from tests.web.test_written_out_socket_statements_do_what_the_orm_did import (  # noqa: F401
    test_a_closed_socket_says_its_seat_as_it_stands,
    test_a_game_read_by_its_number_is_the_orm_game_with_its_table,
    test_a_player_holding_two_seats_is_given_the_lowest_as_the_orm_orders_them,
    test_a_seats_signs_of_presence_are_what_the_orm_reads,
    test_a_table_is_found_by_its_code_as_the_orm_finds_it,
    test_an_opened_socket_is_stored_as_the_orm_stored_it,
    test_forgetting_closed_sockets_deletes_only_that_players_closed_rows_at_that_seat,
    test_the_bots_standing_in_are_read_with_their_players_as_the_orm_reads_them,
    test_the_opening_reads_the_players_seat_and_whether_earlier_sockets_closed,
    test_the_opening_sees_a_bot_holding_the_seat_only_in_the_running_game,
)

pytestmark = pytest.mark.django_db
