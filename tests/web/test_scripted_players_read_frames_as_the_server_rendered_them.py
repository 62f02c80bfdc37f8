"""The scripted players of ``bench/load.py`` and the integration tests read a frame as a
browser's htmx swaps it: one region per top-level element with an id, each whole, and
the version it carries. They read it with a string scan (they parse every frame of
hundreds of sockets, on the machine whose server they measure), so it is held here to
what the server really renders: every region of every viewer, both games, both
languages, a game long, including the regions that nest elements of their own tag."""

import pytest
from django.utils import translation

from games.regions import rendering
from games.registry import engine_for
from games.tables.actions import playing
from tests.integration.players import offered_actions, regions_of, version_of
from tests.web.tables import seated_table

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("game_name", "level"), [("dragonformula", "smart"), ("dragsaga", "heuristic")]
)
def test_every_frame_splits_into_the_regions_rendered(game_name, level):
    table, game, players = seated_table(game_name, ["Ann", "Bo", "Cy", "Di"], seed=5)
    engine = engine_for(game_name)
    viewers = [*players, None]
    offers_seen = 0
    for _move in range(40):
        for language in ("ja", "en"):
            with translation.override(language):
                for viewer in viewers:
                    rendered = rendering.render_regions(table, viewer)
                    frame = "".join(rendered.values())
                    # Each region is its element (its template's last newline aside).
                    assert regions_of(frame) == {k: html.strip() for k, html in rendered.items()}
                    assert version_of(frame) == game.version
                    offers_seen += len(offered_actions(rendered["prompt"] + rendered["hand"]))
        if game.is_finished:
            break
        seat = engine.waiting_for(game.state)[0]
        action = engine.bot_action(game.state, seat, level)
        game = playing.apply_action(game, players[seat], action, game.version)
        table.refresh_from_db()
    assert offers_seen > 0  # the prompts and hands were read for their buttons too


def test_a_frame_of_nested_and_void_elements_splits_at_its_top_level():
    frame = (
        '<section id="a" class="x"><section><p>in</p></section><br></section>\n'
        '<span id="seen" hidden><input type="hidden" id="table-version" value="12"></span>'
        '<input id="lone" value="1"><div>no id</div><section id="b"></section>'
    )
    assert regions_of(frame) == {
        "a": '<section id="a" class="x"><section><p>in</p></section><br></section>',
        "seen": '<span id="seen" hidden><input type="hidden" id="table-version" value="12"></span>',
        "lone": '<input id="lone" value="1">',
        "b": '<section id="b"></section>',
    }
    assert version_of(frame) == 12
