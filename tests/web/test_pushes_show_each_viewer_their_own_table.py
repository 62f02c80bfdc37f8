"""A push renders the regions every viewer of a kind shares once per move (the trust panel,
and each game's own: the countdown, the scores, DragSaga's log, Dragon Formula's pile),
yet every seat and spectator is shown exactly what a fresh page of theirs would show: a
seated player keeps their way to leave, a spectator never gets it, a seat a bot stands in
for is named to everyone, and what differs between seats is never one of the shared."""

import time
from contextlib import contextmanager
from unittest.mock import patch

import pytest
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.utils import translation

from dragsaga.rules.engine import ENGINE as DS
from games.presence import leavers
from games.regions import rendering
from games.registry import engine_for, game_kind
from games.tables import events as table_events
from games.tables.actions import playing
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


def fresh(table, viewer, language):
    with translation.override(language):
        return rendering.render_regions(table, viewer)


@contextmanager
def stopped_clock():
    """The countdown says how long is left at the moment it is rendered: stop the clock
    while a move's pushes and fresh renders are compared."""
    now = time.time()
    with patch.object(rendering.time, "time", lambda: now):
        yield


GAMES = {
    # name: (options, bot level, seat a bot stands in for)
    "dragsaga": ({}, "heuristic", 3),
    "dragonformula": ({"turn_seconds": 30}, "smart", 2),
}


@pytest.mark.parametrize("name", GAMES)
def test_every_viewer_is_pushed_what_a_fresh_render_shows_them(
    name, django_capture_on_commit_callbacks
):
    options, level, away = GAMES[name]
    engine = engine_for(name)
    table, game, players = seated_table(name, ["Ann", "Bo", "Cy", "Di"], seed=4, options=options)
    shared = rendering.shared_regions(game_kind(name)) - {"table-trust"}
    assert shared, "the game shares regions besides the trust panel"
    leavers.leave(table, players[away])  # a bot now plays this seat
    differed = set()
    for _move in range(12):
        seat = engine.waiting_for(game.state)[0]
        if seat == away:  # the bot's turn: the server moves

            def move(game=game):
                playing.advance(game.pk, game.version)
        else:
            action = engine.bot_action(game.state, seat, level)

            def move(game=game, player=players[seat], action=action):
                playing.apply_action(game, player, action, game.version)

        change = announced_change(table, move, django_capture_on_commit_callbacks)
        game.refresh_from_db()
        for language in ("ja", "en"):
            pushes = []
            with stopped_clock():
                for viewer in [*players[:away], *players[away + 1 :], None]:
                    pushed = rendering.pushed_regions(
                        table.pk, change, viewer, language, rendering.EVERY_REGION
                    )
                    assert pushed == fresh(table, viewer, language)
                    pushes.append(pushed)
                    trust = pushed["table-trust"]
                    assert (LEAVE in trust) == (viewer is not None)
                    assert "stand-in" in trust and f'data-seat="{away}"' in trust
            seated = pushes[:-1]
            differed |= {r for r in seated[0] if any(p[r] != seated[0][r] for p in seated)}
    # The regions that do differ between seats (what each is dealt and asked) were seen to.
    assert {"hand", "prompt", "seats"} <= differed


def test_a_spectator_pushed_first_does_not_give_the_seated_players_no_way_to_leave(
    django_capture_on_commit_callbacks,
):
    table, game, players = seated_table("dragsaga", ["Ann", "Bo", "Cy", "Di"], seed=4)
    seat = DS.waiting_for(game.state)[0]
    action = DS.bot_action(game.state, seat, "heuristic")
    change = announced_change(
        table,
        lambda: playing.apply_action(game, players[seat], action, game.version),
        django_capture_on_commit_callbacks,
    )
    spectator = rendering.pushed_regions(table.pk, change, None, "en", rendering.EVERY_REGION)[
        "table-trust"
    ]
    seated = rendering.pushed_regions(table.pk, change, players[0], "en", rendering.EVERY_REGION)[
        "table-trust"
    ]
    assert LEAVE not in spectator and LEAVE in seated
