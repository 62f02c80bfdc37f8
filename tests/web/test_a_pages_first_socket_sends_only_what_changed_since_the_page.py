"""A table page's socket, as it opens, is sent only what differs from what the page was
loaded with (and the what-was-seen region, so the page hears its socket is live): the
regions are not swapped again for the same HTML, and what the player did in between stays
(a refusal in the prompt). A socket that opens again, or names another page's token, a
made-up or malformed one, is sent every region, as any socket was before."""

import json
import re

import pytest
from channels.db import database_sync_to_async

from games.regions import page_load
from games.tables.actions import playing
from tests.web.sockets import in_own_loop, open_socket
from tests.web.tables import browser_of, htmx_post, seated_table, shows_code, without_hints

pytestmark = pytest.mark.django_db(transaction=True)

NAMES = ["Ann", "Ben"]


@database_sync_to_async
def load_page(table, player) -> str:
    """The player's table page, loaded as a browser loads it; its socket's query string."""
    page = browser_of(player).get(f"/{table.game_name}/{table.code}/")
    assert page.status_code == 200
    address = re.search(r'ws-connect="([^"]+)"', page.content.decode()).group(1)
    assert address.startswith(f"/ws/table/{table.code}/?")
    return address.split("?", 1)[1]


async def first_frame(table, player, query: str) -> str:
    socket = await open_socket(table.code, player, query)
    frame = await socket.receive_from(timeout=5)
    await socket.disconnect()
    return frame


def regions_in(frame: str) -> set[str]:
    return set(re.findall(r'<\w+ id="([\w-]+)"[^>]*hx-swap-oob', frame))


@in_own_loop
async def test_the_first_socket_of_a_page_brings_only_what_changed_and_a_second_everything():
    table, game, players = await database_sync_to_async(seated_table)("dragonformula", NAMES)
    ann = players[0]
    query = await load_page(table, ann)
    assert query.startswith("page=")

    first = await first_frame(table, ann, query)
    assert "seen" in regions_in(first)  # the page hears its socket is live
    assert {"hand", "prompt", "seats", "pile", "log"}.isdisjoint(regions_in(first)), regions_in(
        first
    )
    assert f'name="version" value="{game.version}"' in first

    # The same page's socket opening again (a dropped connection) is sent the whole table.
    again = await first_frame(table, ann, query)
    assert {"seen", "hand", "prompt", "seats", "pile", "log"} <= regions_in(again)
    assert all(shows_code(again, card) for card in game.state["hands"][0])


@in_own_loop
async def test_a_refusal_answered_before_the_socket_opens_stays_in_the_prompt():
    table, game, players = await database_sync_to_async(seated_table)("dragonformula", NAMES)
    waiting = players[1 - game.state["turn"]]  # not their turn: a draw is refused
    query = await load_page(table, waiting)

    @database_sync_to_async
    def draw_out_of_turn():
        browser = browser_of(waiting)
        action = {"action": json.dumps({"type": "draw"}), "version": game.version}
        return htmx_post(browser, f"/{table.game_name}/{table.code}/act", action)

    refused = await draw_out_of_turn()
    assert 'id="prompt"' in refused.content.decode()
    first = await first_frame(table, waiting, query)
    assert "prompt" not in regions_in(first)  # so the page's refusal is not swapped away


@in_own_loop
async def test_a_move_made_between_the_page_and_its_socket_is_in_the_first_frame():
    table, game, players = await database_sync_to_async(seated_table)("dragonformula", NAMES)
    mover = players[game.state["turn"]]
    watcher = players[1 - game.state["turn"]]
    query = await load_page(table, watcher)

    moved = await database_sync_to_async(playing.apply_action)(
        game, mover, {"type": "draw"}, game.version
    )
    first = await first_frame(table, watcher, query)
    assert f'name="version" value="{moved.version}"' in first
    assert {"seen", "seats", "log"} <= regions_in(first)
    # The mover's new card is theirs alone, on the watcher's first frame as anywhere.
    drawn = set(moved.state["hands"][game.state["turn"]]) - set(
        game.state["hands"][game.state["turn"]]
    )
    assert drawn and not any(shows_code(without_hints(first), card) for card in drawn)


@in_own_loop
async def test_another_pages_or_a_made_up_token_is_sent_every_region():
    table, game, players = await database_sync_to_async(seated_table)("dragonformula", NAMES)
    ann, ben = players
    bens_query = await load_page(table, ben)
    for query in [
        bens_query,  # Ben's page's token on Ann's socket
        "page=" + "0" * 32,
        "page=ZZ",
        "page=" + "a" * 5_000,
        "page[]=1&page=%00",
    ]:
        frame = await first_frame(table, ann, query)
        assert {"seen", "hand", "prompt", "seats"} <= regions_in(frame), query[:80]
        assert all(shows_code(frame, card) for card in game.state["hands"][0])
        assert not any(shows_code(without_hints(frame), card) for card in game.state["hands"][1])
    # Ben's token was not taken by Ann's socket: his own page's socket still finds it.
    bens = await first_frame(table, ben, bens_query)
    assert "hand" not in regions_in(bens)


def test_a_region_that_differs_only_in_its_countdowns_seconds_is_shown_already():
    """The page counts its countdowns down itself from its load: a second gone by between
    the page and its socket does not send the clock, or a seat's panel, again."""
    clock = '<div id="clock"><span class="countdown" data-remaining="{}"><span class="seconds">{}</span> s</span></div>'
    page = {
        "seen": '<span id="seen"><input name="version" value="3"></span>',
        "clock": clock.format("89.9", 90),
        "prompt": '<section id="prompt">Draw a card</section>',
    }
    token = page_load.note(7, 11, page)
    shown = page_load.take(f"page={token}".encode(), 7, 11)
    a_second_later = {**page, "clock": clock.format("88.7", 89)}
    assert page_load.unseen(a_second_later, shown) == [page["seen"]]
    moved = {**a_second_later, "prompt": '<section id="prompt">Discard a card</section>'}
    assert page_load.unseen(moved, shown) == [page["seen"], moved["prompt"]]
    assert page_load.take(f"page={token}".encode(), 7, 11) is None  # taken once
