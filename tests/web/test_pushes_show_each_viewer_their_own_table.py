"""A push renders the regions every viewer of a kind shares once per move (the trust panel),
yet every seat and spectator is shown exactly what a fresh page of theirs would show: a
seated player keeps their way to leave, a spectator never gets it, a seat a bot stands in
for is named to everyone."""

import pytest
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.utils import translation

from dragsaga.rules.engine import ENGINE as DS
from games import leavers, rendering, services, table_events
from tests.web.tables import seated_table

pytestmark = pytest.mark.django_db

LEAVE = "leave-form"


def announced_change(table, move, django_capture_on_commit_callbacks):
    """Make ``move`` and return the change id the table's sockets hear."""
    layer = get_channel_layer()
    channel = async_to_sync(layer.new_channel)()
    async_to_sync(layer.group_add)(table_events.group_name(table.pk), channel)
    with django_capture_on_commit_callbacks(execute=True):
        move()
    return async_to_sync(layer.receive)(channel)["change"]


def without_clock(regions):
    return {region: html for region, html in regions.items() if region != "clock"}


def fresh(table, viewer, language):
    with translation.override(language):
        return rendering.render_regions(table, viewer)


def test_every_viewer_is_pushed_what_a_fresh_render_shows_them(
    django_capture_on_commit_callbacks,
):
    table, game, players = seated_table("dragsaga", ["Ann", "Bo", "Cy", "Di"], seed=4)
    leavers.leave(table, players[3])  # a bot now plays Di's seat
    for _move in range(8):
        seat = DS.waiting_for(game.state)[0]
        if seat == 3:  # the bot's turn: the server moves

            def move(game=game):
                services.advance(game.pk, game.version)
        else:
            action = DS.bot_action(game.state, seat, "heuristic")

            def move(game=game, player=players[seat], action=action):
                services.apply_action(game, player, action, game.version)

        change = announced_change(table, move, django_capture_on_commit_callbacks)
        game.refresh_from_db()
        for language in ("ja", "en"):
            for viewer in [*players[:3], None]:
                pushed = rendering.pushed_regions(table.pk, change, viewer, language)
                expected = fresh(table, viewer, language)
                # The countdown says how long is left at the moment it was rendered.
                assert without_clock(pushed) == without_clock(expected)
                trust = pushed["table-trust"]
                assert (LEAVE in trust) == (viewer is not None)
                assert "stand-in" in trust and 'data-seat="3"' in trust


def test_a_spectator_pushed_first_does_not_give_the_seated_players_no_way_to_leave(
    django_capture_on_commit_callbacks,
):
    table, game, players = seated_table("dragsaga", ["Ann", "Bo", "Cy", "Di"], seed=4)
    seat = DS.waiting_for(game.state)[0]
    action = DS.bot_action(game.state, seat, "heuristic")
    change = announced_change(
        table,
        lambda: services.apply_action(game, players[seat], action, game.version),
        django_capture_on_commit_callbacks,
    )
    spectator = rendering.pushed_regions(table.pk, change, None, "en")["table-trust"]
    seated = rendering.pushed_regions(table.pk, change, players[0], "en")["table-trust"]
    assert LEAVE not in spectator and LEAVE in seated
