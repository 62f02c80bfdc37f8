"""A game the server has pushed and since forgotten (its change pushed out of the recent
changes by other tables' moves) is freed the moment the last reference to it goes: its
state, table, away limit, shuffle commitment and the regions rendered for its viewers are
no reference cycle waiting for the garbage collector's next full walk, which in the serving
process comes once a minute (``config/memory.py``). An operator sees it as memory that
comes back after a busy spell (docs/performance.md, "Under abuse")."""

import uuid
import weakref

import pytest
from django.utils import translation

from games.presence.models import AwayLimit
from games.regions import rendering, snapshots
from games.tables import statements
from tests.web.tables import seated_table

pytestmark = pytest.mark.django_db


def push(game) -> str:
    """Announce ``game`` as a move does (its snapshot remembered under a new change) and
    render what its players and a spectator are pushed; the change."""
    change = uuid.uuid4().hex
    snapshots.remember(change, game)
    for viewer in [
        *(seat.player for seat in snapshots.for_change(game.table_id, change).seats),
        None,
    ]:
        with translation.override("ja"):
            rendering.pushed_regions(game.table_id, change, viewer, "ja", rendering.EVERY_REGION)
    return change


def forget_all_but(other_game) -> None:
    """Other changes, as many as the process remembers, push every older one out."""
    snapshot = snapshots.for_change(other_game.table_id, push(other_game))
    for _ in range(snapshots.REMEMBERED_CHANGES + rendering.REMEMBERED_PUSHES):
        change = uuid.uuid4().hex
        snapshots.remember_again(change, snapshot)
        rendering.pushed_regions(other_game.table_id, change, None, "ja", rendering.EVERY_REGION)


def test_a_pushed_game_is_freed_without_a_collection_once_it_is_forgotten(no_collector):
    table, _game, _players = seated_table("dragonformula", ["Ann", "Bo"])
    AwayLimit.objects.create(table=table, seconds=45)
    other, _other_game, _ = seated_table("dragonformula", ["Cy", "Di"])

    game = statements.locked_game(code=table.code, game_name="dragonformula")  # as a move reads it
    assert game.shuffle_commitment is not None and game.table.away_limit.seconds == 45
    push(game)
    assert snapshots.announced(game) is not None  # the move's answer renders from it
    held = {
        "game": weakref.ref(game),
        "its table": weakref.ref(game.table),
        "its away limit": weakref.ref(game.table.away_limit),
        "its shuffle commitment": weakref.ref(game.shuffle_commitment),
        "its snapshot": weakref.ref(snapshots.announced(game)),
    }

    forget_all_but(statements.current_game(other.pk))
    del game

    assert [name for name, ref in held.items() if ref() is not None] == []
