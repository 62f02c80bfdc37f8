"""Dragon Formula's standings table is remembered once per standings and language, and
shared by every table and move it looks the same to, yet each table shows its own players
and points (0.5 victory points are not 0, nor 1.0 points 1), in the viewer's language."""

import re

import pytest
from django.template.loader import render_to_string
from django.utils import translation

from dragonformula.templatetags.tarot import _standings, df_standings
from games.regions import rendering
from games.tables.actions import opening, playing, seating, starting
from games.tables.models import Game, Player, Table
from tests.game.df_table import deal

pytestmark = pytest.mark.django_db

WAITING_ON_6 = "W6 C6 S6 W1 C1 S1 W2 C2 S2 M4"


def won_by_cho(names):
    """A table whose first game Cho wins by Pick-and-Dan on Ben's discard of the Tower."""
    players = [Player.objects.create(display_name=name) for name in names]
    table = opening.create_table(game_name="dragonformula", players=4, created_by=players[0])
    for player in players[1:]:
        seating.sit(table, player)
    deals = [deal(4, {0: "M3 WK", 1: "M7", 2: WAITING_ON_6}, pile="PK M6")]
    Table.objects.filter(pk=table.pk).update(stacking={"deals": deals, "fire_seats": [0]})
    table.refresh_from_db()
    game = starting.start(table, players[0], seed=3)
    ann, ben, cho, dai = players
    for player, action in [
        (ann, {"type": "draw"}),
        (ann, {"type": "discard", "card": "WK"}),
        *((p, {"type": "pass"}) for p in (ben, cho, dai)),
        (ben, {"type": "draw"}),
        (ben, {"type": "discard", "card": "M6"}),
        (cho, {"type": "pick_and_dan"}),
        (dai, {"type": "pass"}),
        (ann, {"type": "pass"}),
    ]:
        game = playing.apply_action(game, player, action, game.version)
    return table, game, players


def rows(html):
    return re.findall(r"<tr><td>(.*?)</td><td>(.*?)</td><td>(.*?)</td><td>(.*?)</td></tr>", html)


@pytest.mark.parametrize("language", ["ja", "en"])
def test_each_table_shows_its_own_standings_as_rendered_from_nothing(language):
    _standings.cache_clear()
    won = won_by_cho(["Ann", "Ben", "Cho", "Dai"])
    fresh = won_by_cho(["Eve", "Fay", "Gus", "Hal"])
    Game.objects.filter(pk=fresh[1].pk).update(state={**fresh[1].state, "set_points": [0] * 4})
    halves = won_by_cho(["Ivy", "Jo", "Kit", "Lu"])
    state = halves[1].state
    state["victory_points"] = [0.5, 1, 1.0, 0]  # what a tie's split and a whole point look like
    Game.objects.filter(pk=halves[1].pk).update(state=state)
    shown = {}
    with translation.override(language):
        for _round in range(2):  # the second time round, every table's standings are remembered
            for table, _game, players in (won, fresh, halves):
                for viewer in [*players, None]:
                    df = rendering.table_context(table, viewer)["df"]
                    from_nothing = render_to_string(
                        "dragonformula/partials/_standings.html", {"standings": df["standings"]}
                    )
                    assert df_standings(df["standings"]) == from_nothing
                    shown[table.code] = rows(from_nothing)
    assert _standings.cache_info().hits > _standings.cache_info().misses
    assert [r[0] for r in shown[won[0].code]] == ["Ann", "Ben", "Cho", "Dai"]
    assert [r[0] for r in shown[fresh[0].code]] == ["Eve", "Fay", "Gus", "Hal"]
    assert shown[won[0].code] != shown[fresh[0].code]
    assert [r[3] for r in shown[halves[0].code]] == ["0.5", "1", "1.0", "0"]
    assert ("Victory points" in from_nothing) == (language == "en")
