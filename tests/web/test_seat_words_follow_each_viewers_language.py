"""A seat's element (Dragon Formula) or dragon colour (DragSaga) is named in each viewer's
language: a Japanese and an English viewer pushed the same move, one after the other and
back, each read their own words on every seat panel, and DragSaga's open attack over the
seats in their own language."""

import re

import pytest
from django.utils import translation

from games.regions import rendering, snapshots
from games.registry import engine_for
from games.tables.actions import playing
from tests.web.tables import seated_table

pytestmark = pytest.mark.django_db

WORDS = {
    "dragonformula": {
        "ja": {"fire": "火", "water": "水", "air": "風", "earth": "地"},
        "en": {"fire": "Fire", "water": "Water", "air": "Air", "earth": "Earth"},
    },
    "dragsaga": {
        "ja": {"red": "赤", "blue": "青", "green": "緑", "yellow": "黄", "black": "黒"},
        "en": {
            "red": "red",
            "blue": "blue",
            "green": "green",
            "yellow": "yellow",
            "black": "black",
        },
    },
}
PANEL = {  # a seat panel's own key (its element or dragon) and the word it shows for it
    "dragonformula": re.compile(
        r'<article class="df-seat pos-\w+ element-(\w+)[^>]*>.*?'
        r'<span class="element" title="([^"]*)">.*?</svg>\s*([^<]*)</span>',
        re.S,
    ),
    "dragsaga": re.compile(
        r'<article class="ds-seat pos-\w+ dragon-(\w+)[^>]*>.*?'
        r'<span class="colour-name">([^<]*)</span>',
        re.S,
    ),
}


@pytest.mark.parametrize("name", WORDS)
def test_each_viewer_reads_the_seats_words_in_their_own_language(name):
    table, _game, players = seated_table(name, ["Ann", "Bo", "Cy", "Di"], seed=5)
    snapshot = snapshots.read(table)
    for language in ("ja", "en", "ja", "en"):
        with translation.override(language):
            for viewer in players:
                seats = rendering.render_regions(
                    table, viewer, snapshot=snapshot, shared=snapshot.shared_regions(language)
                )["seats"]
                panels = PANEL[name].findall(seats)
                assert len(panels) == 4
                for key, *words in panels:
                    assert set(words) == {WORDS[name][language][key]}, (language, key, words)


def test_an_open_attack_is_told_over_the_seats_in_each_viewers_language():
    engine = engine_for("dragsaga")
    table, game, players = seated_table("dragsaga", ["Ann", "Bo <b>", "Cy", "Di"], seed=5)
    told = 0
    for _move in range(200):
        if game.is_finished or told >= 3:
            break
        guard = game.state.get("guard")
        if guard is not None:
            attacker = ["Ann", "Bo &lt;b&gt;", "Cy", "Di"][guard["attacker"]]
            snapshot = snapshots.read(table)
            for language in ("ja", "en", "ja"):
                with translation.override(language):
                    seats = rendering.render_regions(
                        table, players[0], snapshot=snapshot, shared={}
                    )["seats"]
                window = re.search(r'<p class="guard-window">(.*?) <span class="ds-card', seats)
                assert window, seats
                if language == "ja":
                    assert window[1].startswith(f"{attacker} が ") and window[1].endswith("を攻撃:")
                else:
                    assert window[1].startswith(f"{attacker} attacks ") and "<b>" not in window[1]
            told += 1
        seat = engine.waiting_for(game.state)[0]
        action = engine.bot_action(game.state, seat, "heuristic")
        game = playing.apply_action(game, players[seat], action, game.version)
    assert told >= 3
