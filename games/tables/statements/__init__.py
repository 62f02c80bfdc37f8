"""The hand-written statements of the table's hot path: a move's lock and writes, the
asking player, a table read for its sockets.

The ORM compiles a statement again each time it runs it; for the move's lock (the game
with its table, its away limit and its shuffle commitment, four tables' columns) and the
asking player, read on every request and move, the compiling costs more than the running.
So these few statements are written out once per database vendor, from the models' own
columns, and their rows are turned back into model instances with the ORM's own converters
(``from_db_value``, the backend's datetime and JSON converters): what a caller gets is what
the ORM's query would have given it (``tests/web/test_written_out_statements_read_what_the_orm_reads.py``,
and on PostgreSQL ``tests/integration/test_postgres.py``). They reach below the ORM's
documented API and were written against Django 5.2
(``tests/web/test_written_out_statements_stand_on_django_5_2.py`` trips at an upgrade;
what they save a move is in docs/performance.md). A socket's opening and closing, and every
other read and write, stay with the ORM.
"""

from games.tables.statements.columns import Columns, bare_column, column, table_name
from games.tables.statements.moves import (
    MOVE_FIELDS,
    current_game,
    game,
    locked_game,
    player,
    record_move,
    seats_with_presence,
)
from games.tables.statements.sockets import (
    ClosedSocket,
    Signs,
    active_stand_ins,
    close_connection,
    forget_closed_connections,
    game_stand_ins,
    open_connection,
    seat_on_opening,
    signs_of_presence,
    table_by_code,
)

__all__ = [
    "MOVE_FIELDS",
    "ClosedSocket",
    "Columns",
    "Signs",
    "active_stand_ins",
    "game_stand_ins",
    "bare_column",
    "close_connection",
    "column",
    "current_game",
    "forget_closed_connections",
    "game",
    "locked_game",
    "open_connection",
    "player",
    "record_move",
    "seat_on_opening",
    "seats_with_presence",
    "signs_of_presence",
    "table_by_code",
    "table_name",
]
