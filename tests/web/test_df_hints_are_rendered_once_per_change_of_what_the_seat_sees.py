"""A seat's hints are rendered once per change of what they say, not for every push: most
moves (another seat's draw, the others' answers to a pick window) change nothing a seat's
hints read, and its hints region is then taken as already rendered, yet is always what
rendering it from the whole table shows."""

import pytest
from django.template.loader import render_to_string
from django.test.signals import template_rendered

from games.regions import looks, rendering
from games.registry import engine_for, game_kind
from games.tables.actions import playing
from tests.web.tables import seated_table

pytestmark = pytest.mark.django_db

HINTS = "dragonformula/partials/hints.html"


def test_a_seats_hints_are_rendered_again_only_when_they_change():
    engine = engine_for("dragonformula")
    looks.region.cache_clear()
    table, game, players = seated_table("dragonformula", ["Ann", "Ben", "Cho", "Dai"], seed=5)
    renders = []

    def rendered(sender, template, **kwargs):
        if template.name == HINTS:
            renders.append(template.name)

    template_rendered.connect(rendered)
    try:
        shown, pushes = set(), 0
        for _move in range(60):
            for viewer in players:
                html = rendering.render_regions(table, viewer)["hints"]
                shown.add(html)
                pushes += 1
            if game.is_finished:
                break
            seat = engine.waiting_for(game.state)[0]
            action = engine.bot_action(game.state, seat, "smart")
            game = playing.apply_action(game, players[seat], action, game.version)
    finally:
        template_rendered.disconnect(rendered)
    assert all('id="hints"' in html for html in shown)
    assert len(renders) == len(shown), "one rendering for each different hints region"
    assert len(renders) < pushes / 2, (len(renders), pushes)
    # And it is what the seat's hints from the whole table read (the last position).
    for viewer in players:
        context = rendering.table_context(table, viewer)
        context.update(oob=True, message="")
        templates = dict(rendering.regions(game_kind("dragonformula")))
        expected = render_to_string(templates["hints"], context)
        assert rendering.render_regions(table, viewer)["hints"] == expected
