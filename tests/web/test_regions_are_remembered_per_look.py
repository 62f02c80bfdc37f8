"""A viewer's hand and prompt, the scores (and Dragon Formula's pile, and its result screen
while none is up) are rendered once per look and language and shared by the viewers and
moves they look the same to, yet every viewer is always shown what rendering the region from the whole table shows
them: their own hand and no other seat's, their own prompt, a spectator's as a spectator,
in their language."""

import re

import pytest
from django.template.loader import render_to_string
from django.utils import translation

from dragsaga.templatetags import dragsaga_words
from games.regions import looks, rendering
from games.registry import engine_for, game_kind
from games.tables.actions import playing
from tests.web.tables import seated_table

pytestmark = pytest.mark.django_db

NAMES = ["Ann", "Bø <b>", "Cho", "Dai"]
GAMES = {
    # name: (bot level, options, the regions remembered per look)
    "dragonformula": (
        "smart",
        {"turn_seconds": 30},
        ("hand", "prompt", "result-screen", "pile", "scores", "hints"),
    ),
    "dragsaga": ("heuristic", {}, ("hand", "prompt", "scores")),
}
HELD = {  # a seat's hand in its own view
    "dragonformula": lambda view: view["hand"],
    "dragsaga": lambda view: view["you"]["hand"],
}


def from_nothing(table, viewer, remembered) -> dict[str, str]:
    """The regions rendered from the whole table as it stands, as a push sends them."""
    context = rendering.table_context(table, viewer)
    context.update(oob=True, message="")
    templates = dict(rendering.regions(game_kind(table.game_name)))
    return {region: render_to_string(templates[region], context) for region in remembered}


def with_looks(table, viewer, remembered) -> set[str]:
    """The regions of ``remembered`` that have a look as the table stands (the others, e.g.
    the prompt at the game's end with its rematch form, are rendered from the context; Dragon
    Formula's prompt is worded around its body, which is remembered per look by its tag)."""
    context = rendering.table_context(table, viewer)
    context.update(oob=True, message="")
    look_of = context["kind"].presenters.REGION_LOOKS
    return {
        region
        for region in remembered
        if region in look_of and look_of[region](context) is not None
    }


@pytest.mark.parametrize("language", ["ja", "en"])
@pytest.mark.parametrize("name", GAMES)
def test_every_viewer_is_shown_what_a_rendering_from_nothing_shows(name, language):
    level, options, remembered = GAMES[name]
    engine = engine_for(name)
    looks.region.cache_clear()
    table, game, players = seated_table(name, NAMES, seed=5, options=options)
    viewers = [*players, None]
    shown = set()
    with translation.override(language):
        for _move in range(120):
            hands = []
            for viewer in viewers:
                pushed = rendering.render_regions(table, viewer)
                expected = from_nothing(table, viewer, remembered)
                for region in remembered:
                    assert pushed[region] == expected[region], (region, viewer)
                shown.update(pushed[region] for region in with_looks(table, viewer, remembered))
                hands.append(re.findall(r'data-card="([^"]+)"', pushed["hand"]))
            # Each seat is shown the cards it holds; a spectator is shown none.
            held = [list(HELD[name](engine.view(game.state, seat))) for seat in range(4)]
            assert hands == [*held, []]
            if game.is_finished:
                break
            seat = engine.waiting_for(game.state)[0]
            action = engine.bot_action(game.state, seat, level)
            game = playing.apply_action(game, players[seat], action, game.version)
    info = looks.region.cache_info()
    assert info.hits > info.misses, "regions already rendered are reused"
    # No look was shown as two different regions (each region shown from a look has its own).
    assert info.currsize >= len(shown) > len(viewers) * len(remembered)


@pytest.mark.parametrize("name", GAMES)
def test_a_remembered_region_is_not_shown_in_the_other_language(name):
    _level, options, remembered = GAMES[name]
    table, _game, players = seated_table(name, NAMES, seed=5, options=options)
    looks.region.cache_clear()
    with translation.override("ja"):
        ja = rendering.render_regions(table, players[0])
    with translation.override("en"):
        en = rendering.render_regions(table, players[0])
    assert all(ja[region] != en[region] for region in ("hand", "prompt"))
    assert looks.region.cache_info().hits == 0


@pytest.mark.parametrize("name", GAMES)
def test_a_refusal_is_shown_to_its_viewer_alone(name):
    _level, options, _remembered = GAMES[name]
    table, _game, players = seated_table(name, NAMES, seed=5, options=options)
    with translation.override("en"):
        refused = rendering.render_regions(table, players[0], message="Not your turn <now>")
        plain = rendering.render_regions(table, players[0])
    assert "Not your turn &lt;now&gt;" in refused["prompt"]
    assert "Not your turn" not in plain["prompt"]


@pytest.mark.parametrize("language", ["ja", "en"])
def test_a_dragsaga_flip_budget_is_remembered_per_look_and_shown_to_its_seat_alone(language):
    """The prompt's dearest part, the cards a seat cannot flip now and why, is remembered
    apart: every seat's is what a rendering from nothing shows it."""
    level, options, _remembered = GAMES["dragsaga"]
    engine = engine_for("dragsaga")
    table, game, players = seated_table("dragsaga", NAMES, seed=5, options=options)
    dragsaga_words._flip_budget.cache_clear()
    budgets = reused = 0
    with translation.override(language):
        for _move in range(120):
            viewers = [*players, None]
            looks.region.cache_clear()  # the prompts rendered anew, their budgets not
            # As pushed: the budgets the earlier moves left behind.
            remembered = [rendering.render_regions(table, viewer)["prompt"] for viewer in viewers]
            reused += dragsaga_words._flip_budget.cache_info().hits
            dragsaga_words._flip_budget.cache_clear()
            for viewer, html in zip(viewers, remembered, strict=True):
                assert html == from_nothing(table, viewer, ("prompt",))["prompt"]
                budgets += "flip-budget" in html
            if game.is_finished:
                break
            seat = engine.waiting_for(game.state)[0]
            action = engine.bot_action(game.state, seat, level)
            game = playing.apply_action(game, players[seat], action, game.version)
    assert budgets > 50 and reused > 0
