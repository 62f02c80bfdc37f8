"""A DragSaga seat's panel is remembered in parts (header, stats, play), each once per look
and language, and shared by the viewers (and seats) it looks the same to: every viewer's seats are what a rendering with nothing
remembered would show them, all through a game, and a player's own face-down cards are
shown in their own panel alone."""

import re

import pytest
from django.template.loader import render_to_string
from django.utils import translation

from dragsaga.rules.engine import ENGINE
from dragsaga.templatetags.ds_seats import _header, _play, _stats, article, ds_seat
from games.regions import rendering
from games.tables.actions import playing
from tests.web.tables import everyone_connected, seated_table

pytestmark = pytest.mark.django_db
NAMES = ["Ann", "Bo", "Cy", "Di"]
PARTS = (_header, _stats, _play)


def forget_panels() -> None:
    for part in PARTS:
        part.cache_clear()


ARTICLE = re.compile(r'<article class="ds-seat pos-(\w+)[^"]*" data-seat="(\d)".*?</article>', re.S)


def seats(table, viewer) -> str:
    context = rendering.table_context(table, viewer)
    context["oob"] = True
    return render_to_string("dragsaga/partials/seats.html", context)


def own_placed_in(html: str) -> dict[str, list[str]]:
    """The positions of the panels that show face-down cards' faces, with those cards."""
    return {
        position: re.findall(
            r'<span class="own-placed"><span class="ds-card[^"]*" data-card="([^"]+)"',
            panel.group(0),
        )
        for panel in ARTICLE.finditer(html)
        for position in [panel.group(1)]
        if "own-placed" in panel.group(0)
    }


def from_nothing(s, view, ds) -> str:
    """The panel rendered from the presenter's seat and the whole context, nothing remembered."""
    context = {"s": s, "view": view, "ds": ds}
    return f"{article(s)}{render_to_string('dragsaga/partials/seat.html', context)}\n  </article>"


@pytest.mark.parametrize("language", ["ja", "en"])
def test_every_viewer_sees_the_seats_a_rendering_from_nothing_shows_them(language):
    table, game, players = seated_table("dragsaga", NAMES, seed=4)
    forget_panels()
    compared = face_down_seen = 0
    with translation.override(language):
        for _move in range(45):
            for viewer in [*players, None]:
                context = rendering.table_context(table, viewer)
                view, ds = context["view"], context["ds"]
                for s in ds["seats"]:
                    assert ds_seat(s, view["phase"], ds["guard"]) == from_nothing(s, view, ds)
                    compared += 1
                number = None if viewer is None else players.index(viewer)
                hidden = [
                    p["card"]
                    for p in (game.state["seats"][number]["placed"] if viewer else [])
                    if not p["flipped"]
                ]
                # Only the viewer's own panel ("you") shows face-down faces: exactly theirs.
                shown = own_placed_in(seats(table, viewer))
                assert shown == ({"you": hidden} if hidden else {})
                face_down_seen += bool(hidden)
            # Panels the others already rendered are reused from here on.
            seat = ENGINE.waiting_for(game.state)[0]
            action = ENGINE.bot_action(game.state, seat, "heuristic")
            game = playing.apply_action(game, players[seat], action, game.version)
    assert compared == 45 * 5 * 4 and face_down_seen > 20
    for part in PARTS:
        info = part.cache_info()
        assert info.hits > 2 * info.misses, f"most {part.__name__} parts are looks already rendered"


def test_a_seat_panel_is_rendered_once_for_the_viewers_it_looks_the_same_to():
    table, game, players = seated_table("dragsaga", NAMES, seed=4)
    while game.state["phase"] != "turns":  # everyone has placed two cards face down
        seat = ENGINE.waiting_for(game.state)[0]
        action = ENGINE.bot_action(game.state, seat, "heuristic")
        game = playing.apply_action(game, players[seat], action, game.version)
    everyone_connected(table, players)  # each at the table (to its own player a seat is always)
    forget_panels()
    for viewer in [*players, None]:
        seats(table, viewer)
    # 5 viewers x 4 seats: each seat's header once, wherever it sits from them; its placed
    # cards as its player sees them (their faces), and as everyone else does (backs).
    assert _header.cache_info().misses == 4
    assert _play.cache_info().misses == 4 + 4
    stats = {(s["damage"], len(s["hand"]), len(s["discard"])) for s in game.state["seats"]}
    assert _stats.cache_info().misses == len(stats)


def test_backs_and_flipped_cards_remembered_in_one_language_are_not_shown_in_the_other():
    table, game, players = seated_table("dragsaga", NAMES, seed=4)
    flipped = '<span class="flipped-card"'
    while not (game.state["phase"] == "turns" and game.state["guard"]):  # a flip awaits guards
        seat = ENGINE.waiting_for(game.state)[0]
        action = ENGINE.bot_action(game.state, seat, "heuristic")
        game = playing.apply_action(game, players[seat], action, game.version)
    with translation.override("ja"):
        ja = seats(table, players[0])
    with translation.override("en"):
        en = seats(table, players[0])
    assert flipped in ja and flipped in en
    assert 'title="裏向き"' in ja and 'title="face down"' not in ja
    assert 'title="face down"' in en and 'title="裏向き"' not in en
    assert "防御を待っています" in ja and "waiting for guards" in en
