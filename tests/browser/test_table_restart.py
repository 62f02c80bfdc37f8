"""A server restart: the table continues from the database exactly, and the page never reloads."""

import time

from django.db import connection

from games.registry import engine_for
from games.tables import selectors
from games.tables.actions import opening, starting
from games.tables.models import Game, Player
from tests.browser.tables import (
    mark_page,
    never_reloaded,
    sign_in_as,
    take_dragsaga_step,
    version,
    wait_for_new_version,
)
from tests.support.servers import daphne, free_port


def test_a_restarted_server_picks_up_the_table_where_it_stood(
    browser, transactional_db, artifacts_dir
):
    env = {}
    if connection.vendor == "sqlite":
        env["DATABASE_URL"] = f"sqlite:///{connection.settings_dict['NAME']}"
    ann = Player.objects.create(display_name="Ann")
    table = opening.create_table(
        game_name="dragsaga", players=3, bot_level="random", created_by=ann
    )
    game = starting.start(table, ann, seed=99)
    engine = engine_for("dragsaga")
    port = free_port()

    # The first server's bots are slow on purpose: it stops while they still have to move.
    # It is killed, as in a crash: a server stopped gracefully tells the other serving
    # processes at once (``leavers.process_stopping``), and the test run's own live server
    # would then take the table over and move its bots before the restart.
    with daphne(port=port, env={**env, "TABLE_BOT_DELAY": "600"}) as url:
        context = browser.new_context(base_url=url, locale="en-US")
        page = context.new_page()
        page.set_default_timeout(15_000)
        sign_in_as(page, ann)
        page.goto(f"/dragsaga/{table.code}/")
        mark_page(page)
        page.wait_for_selector("#prompt .card-button")
        assert take_dragsaga_step(page)  # Ann keeps a divine dragon
        page.wait_for_selector("#prompt:has-text('Waiting for the others')")
        url.process.kill()
        url.process.wait()
    game = Game.objects.get(pk=game.pk)
    assert game.version == 1
    assert engine.waiting_for(game.state) == [1, 2]  # the bots' turn, never taken
    assert game.state == selectors.replayed_state(game)
    stopped_at = game.state

    # The second server resumes the table: the bots move, the open page reconnects.
    with daphne(port=port, env={**env, "TABLE_BOT_DELAY": "0.3"}):
        page.wait_for_selector("#place-form", timeout=30_000)
        game = Game.objects.get(pk=game.pk)
        assert game.state["phase"] == "place"
        first = game.log.order_by("version").first()
        assert (first.version, first.seat) == (1, 0)
        assert selectors.replayed_state(game) == game.state
        resumed = engine.apply(stopped_at, 1, game.log.get(version=2).action, 0)
        assert resumed["seats"][1]["choice"] is not None  # version 2 continued from version 1
        seen = version(page)
        assert take_dragsaga_step(page)  # Ann places two cards after the restart
        wait_for_new_version(page, seen)
        page.wait_for_function(
            "() => document.querySelectorAll('.ds-seat .ready').length === 0", timeout=30_000
        )
        assert never_reloaded(page)
        page.screenshot(path=artifacts_dir / "dragsaga_after_restart.png", full_page=True)
        context.close()
    game = Game.objects.get(pk=game.pk)
    assert game.state["phase"] == "turns"
    assert game.state == selectors.replayed_state(game)


def test_a_page_is_live_again_within_seconds_of_its_server_coming_back(browser, transactional_db):
    env = {}
    if connection.vendor == "sqlite":
        env["DATABASE_URL"] = f"sqlite:///{connection.settings_dict['NAME']}"
    ann = Player.objects.create(display_name="Ann")
    table = opening.create_table(game_name="dragsaga", players=2, created_by=ann)
    port = free_port()
    with daphne(port=port, env=env) as url:
        context = browser.new_context(base_url=url, locale="en-US")
        page = context.new_page()
        sign_in_as(page, ann)
        page.goto(f"/dragsaga/{table.code}/")
        page.wait_for_selector("body:not(.offline) .connection .online-text", state="visible")
        # The page's tries are counted as it makes them (the delay it asks for before each).
        page.evaluate(
            """() => { const delay = htmx.config.wsReconnectDelay; window.reconnectTries = 0;
            htmx.config.wsReconnectDelay = (retries) => {
              window.reconnectTries = Math.max(window.reconnectTries, retries); return delay(retries);
            }; }"""
        )
    page.wait_for_selector("body.offline .connection .offline-text", state="visible")
    # Down for five tries: by then htmx's own doubling back-off would wait 8-16 s for the next.
    page.wait_for_function("() => window.reconnectTries >= 4", timeout=30_000)
    with daphne(port=port, env=env):
        back = time.monotonic()
        page.wait_for_selector("body:not(.offline)", state="attached", timeout=15_000)
        waited = time.monotonic() - back
        assert waited < 6.5, f"offline for {waited:.1f} s after the server came back"
        # However many tries it has made, the page never waits more than 5 s for the next.
        delays = page.evaluate("[...Array(30).keys()].map(htmx.config.wsReconnectDelay)")
    context.close()
    assert max(delays) <= 5000
