"""A table's rendered regions are remembered while its viewers ask for them, and let go a
minute after the last ask: a table that moved on or went quiet no longer holds its regions
until 2,048 newer ones push them out. A push after a change is let go with its change, a
few seconds after the last socket asked for it (docs/performance.md, "Under abuse")."""

import re
import uuid

import pytest
from django.utils import translation

from games.regions import looks, rendering, snapshots
from games.tables import statements
from tests.support.clock import Clock, remember_changes_on
from tests.web.tables import seated_table

pytestmark = pytest.mark.django_db


@pytest.fixture
def clock(monkeypatch):
    """The remembered regions and pushes, empty and on a clock of the test's (the changes
    too, so that a push asked for again is not merely its change read anew)."""
    stand_in = Clock()
    for cache in (looks.region, rendering.pushed_regions):
        cache.cache_clear()
        monkeypatch.setattr(cache.entries, "clock", stand_in)
    remember_changes_on(stand_in, monkeypatch)
    yield stand_in
    for cache in (looks.region, rendering.pushed_regions):
        cache.cache_clear()


def shown(table, player):
    """What ``player`` is shown at ``table``, the move timer's running seconds left out."""
    with translation.override("en"):
        regions = rendering.render_regions(table, player)
    return {name: re.sub(r'data-remaining="[^"]*"', "", html) for name, html in regions.items()}


def test_a_table_asked_for_keeps_its_regions_and_a_quiet_one_lets_them_go(clock):
    quiet, _game, quiet_players = seated_table("dragonformula", ["Ann", "Bo"])
    busy, _game2, busy_players = seated_table("dragsaga", ["Cy", "Di"])
    first = {player.pk: shown(quiet, player) for player in quiet_players}
    held_by_quiet = looks.region.cache_info().currsize
    assert held_by_quiet > 0

    for _move in range(10):  # the busy table's viewers ask every few seconds
        clock.now += 6
        for player in busy_players:
            shown(busy, player)
    assert looks.region.cache_info().currsize > held_by_quiet  # the quiet one's still held
    hits = looks.region.cache_info().hits
    for player in busy_players:
        shown(busy, player)
    assert looks.region.cache_info().hits > hits  # what is asked for is found again

    alone = looks.region.cache_info().currsize - held_by_quiet
    clock.now += looks.REGION_SECONDS / 2
    for player in busy_players:
        shown(busy, player)
    # A minute and more since the quiet table was last shown: only the busy one's are left.
    assert looks.region.cache_info().currsize == alone

    # Coming back to the quiet table shows it as it was, rendered anew.
    misses = looks.region.cache_info().misses
    assert {player.pk: shown(quiet, player) for player in quiet_players} == first
    assert looks.region.cache_info().misses > misses


def test_a_push_is_let_go_with_its_change(clock):
    table, _game, players = seated_table("dragonformula", ["Ann", "Bo"])
    change = uuid.uuid4().hex
    snapshots.remember(change, statements.locked_game(code=table.code, game_name="dragonformula"))

    def pushed(player):
        return rendering.pushed_regions(table.pk, change, player, "en", rendering.EVERY_REGION)

    sent = pushed(players[0])
    clock.now += 1
    assert pushed(players[0]) is sent  # a second socket of the same viewer: the same render
    assert rendering.pushed_regions.cache_info().currsize == 1

    clock.now += snapshots.CHANGE_SECONDS + 1
    pushed(players[1])  # another viewer, later: the first viewer's push is let go
    assert rendering.pushed_regions.cache_info().currsize == 1
    again = pushed(players[0])
    assert again is not sent and again == sent  # rendered anew, the same regions
