"""A change this process announced is remembered for the table's sockets (its game's state
and what was rendered from it) until 64 later changes push it out, or until nobody has
asked for it for ``snapshots.CHANGE_SECONDS``: a quiet club's last moves are not held with
their states for as long as nobody moves. A socket asking later still gets the table as
the change left it, read from the database (docs/performance.md, "Under abuse")."""

import uuid
import weakref

import pytest

from games.regions import snapshots
from games.tables import statements
from tests.support.clock import Clock, remember_changes_on
from tests.web.tables import seated_table

pytestmark = pytest.mark.django_db
QUIET = 60  # seconds in which nobody at the club moves


@pytest.fixture
def clock(monkeypatch):
    """The process's remembered changes, empty and on a clock of the test's."""
    stand_in = Clock()
    remember_changes_on(stand_in, monkeypatch)
    return stand_in


def test_a_change_is_kept_while_asked_for_and_forgotten_after_its_seconds(clock, no_collector):
    table, _game, _players = seated_table("dragonformula", ["Ann", "Bo"])
    game = statements.locked_game(code=table.code, game_name="dragonformula")  # as a move reads it
    version, change = game.version, uuid.uuid4().hex
    snapshots.remember(change, game)
    held = weakref.ref(snapshots.announced(game))

    for _socket in range(8):  # sockets hearing of it one after another, a second apart
        clock.now += 1
        assert snapshots.renders_without_queries(table.pk, change)

    clock.now += QUIET
    assert not snapshots.renders_without_queries(table.pk, change)
    del game
    assert held() is None  # its state and renders freed, without waiting for a collection

    late = snapshots.for_change(table.pk, change)  # a socket that hears of it only now
    assert (late.game.pk, late.game.version) == (_game.pk, version)


def test_a_quiet_spell_forgets_every_change_but_a_new_ones(clock):
    one, _g, _p = seated_table("dragonformula", ["Ann", "Bo"])
    two, _g2, _p2 = seated_table("dragonformula", ["Cy", "Di"])
    old = uuid.uuid4().hex
    snapshots.remember(old, statements.current_game(one.pk))

    clock.now += QUIET  # nobody moves, then someone at another table
    new = uuid.uuid4().hex
    snapshots.remember(new, statements.current_game(two.pk))

    assert snapshots.renders_without_queries(two.pk, new)
    assert not snapshots.renders_without_queries(one.pk, old)
