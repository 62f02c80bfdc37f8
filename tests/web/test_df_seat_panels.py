"""A seat's panel is rendered once per look and language (shared by the viewers it looks the
same to, wherever it sits from them), and is always what a fresh rendering of that seat
would be, for every viewer, all through a game."""

import re

import pytest
from django.template.loader import render_to_string
from django.utils import translation

from dragonformula.rules.engine import ENGINE
from dragonformula.templatetags.df_seats import _content, article, df_seat
from games.regions import rendering
from games.tables.actions import playing
from tests.web.tables import seated_table


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["ja", "en"])
def test_every_seat_panel_is_what_a_fresh_rendering_shows(language):
    table, game, players = seated_table("dragonformula", ["Ann", "Bo", "Cy", "Di"], seed=5)
    _content.cache_clear()
    compared = lives = 0
    with translation.override(language):
        for _move in range(60):
            for viewer in [*players, None]:
                df = rendering.table_context(table, viewer)["df"]
                summaries = [*df["others"], df.get("you") or df.get("spectating_seat")]
                for summary in filter(None, summaries):
                    content = render_to_string("dragonformula/partials/seat.html", {"s": summary})
                    panel = df_seat(summary)
                    assert panel.startswith(f"{article(summary)}{content}  <div ")
                    # Its row of discards (joined from its cards) is the seat's, oldest first,
                    # named for screen readers in the page's language.
                    named = 'class="discards" role="group" aria-label="{}">'
                    assert named.format(translation.gettext("discards")) in panel
                    row = panel.split('class="discards"', 1)[1]
                    number = summary["seat"]
                    assert re.findall(r'data-card="(\w+)"', row) == game.state["discards"][number]
                    live = [d["code"] for d in summary["discards"] if d["live"]]
                    assert (
                        re.findall(r'class="discard live"><span [^>]*data-card="(\w+)"', row)
                        == live
                    )
                    compared += 1
                    lives += len(live)
            seat = ENGINE.waiting_for(game.state)[0]
            action = ENGINE.bot_action(game.state, seat, "smart")
            game = playing.apply_action(game, players[seat], action, game.version)
    assert compared == 60 * 5 * 4 and lives > 20
    info = _content.cache_info()
    assert info.hits > info.misses, "most panels are looks already rendered"


@pytest.mark.django_db
def test_a_seat_panel_follows_the_language():
    table, _game, players = seated_table("dragonformula", ["Ann", "Bo", "Cy", "Di"])
    with translation.override("ja"):
        you = rendering.table_context(table, players[0])["df"]["you"]
        ja = df_seat(you)
    with translation.override("en"):
        en = df_seat(you)
    assert ja != en and "pts" in en
