"""A DragSaga prompt is remembered once per look and language, and shared by the viewers
and moves it looks the same to, yet every viewer is always shown what a rendering from
nothing shows them: their own cards to place and targets, the attack they are asked to
guard against, their buttons and flip budget, in their language."""

import re

import pytest
from django.template.loader import render_to_string
from django.utils import translation

from dragsaga.rules.engine import ENGINE
from dragsaga.templatetags.dragsaga_words import _prompt, ds_prompt
from games import rendering, services
from tests.web.tables import seated_table

pytestmark = pytest.mark.django_db
NAMES = ["Ann", "Bø <b>", "Cy", "Di"]


def shown(table, players) -> list[str]:
    """Every viewer's prompt, checked against the prompt rendered from nothing."""
    prompts = []
    for viewer in [*players, None]:
        context = rendering.table_context(table, viewer)
        if context["finished"]:
            continue
        fresh = render_to_string("dragsaga/partials/_prompt_body.html", context)
        assert ds_prompt(context) == fresh
        prompts.append(fresh)
    return prompts


@pytest.mark.parametrize("language", ["ja", "en"])
def test_every_viewer_s_prompt_is_what_a_rendering_from_nothing_shows(language):
    _prompt.cache_clear()
    seen = []
    with translation.override(language):
        for seed in (4, 5):
            table, game, players = seated_table("dragsaga", NAMES, seed=seed)
            for _move in range(70):
                seen += shown(table, players)
                if game.is_finished:
                    break
                seat = ENGINE.waiting_for(game.state)[0]
                action = ENGINE.bot_action(game.state, seat, "heuristic")
                game = services.apply_action(game, players[seat], action, game.version)
    text = "".join(seen)
    for part in (
        'class="card-button"',  # a divine dragon to keep
        'id="place-form"',
        'name="target"',
        'name="action"',
        'class="flip-budget"',
        'class="cannot-flip"',
        'class="big primary"',  # guard with a card
    ):
        assert part in text, part
    info = _prompt.cache_info()
    assert info.hits > info.misses / 2, "prompts already rendered are reused"


def test_seats_that_have_placed_share_a_prompt_and_the_last_keeps_its_own_form():
    table, game, players = seated_table("dragsaga", NAMES, seed=4)
    placed = 0
    while not (game.state["phase"] == "place" and placed == 3):
        seat = ENGINE.waiting_for(game.state)[0]
        action = ENGINE.bot_action(game.state, seat, "heuristic")
        game = services.apply_action(game, players[seat], action, game.version)
        placed = sum(s["choice"] is not None for s in game.state["seats"])
    last = next(n for n, s in enumerate(game.state["seats"]) if s["choice"] is None)
    _prompt.cache_clear()
    with translation.override("en"):
        prompts = shown(table, players)
    waiting = [p for n, p in enumerate(prompts[:4]) if n != last]
    assert all(p == waiting[0] and "Placed. Waiting" in p for p in waiting)
    assert 'id="place-form"' in prompts[last] and "watching" in prompts[4]
    # The last seat's targets are the others, never itself.
    assert str(last) not in re.findall(r'name="target" value="(\d)"', prompts[last])
    assert _prompt.cache_info().hits == 2 and _prompt.cache_info().misses == 3


def test_a_remembered_prompt_is_not_shown_in_the_other_language():
    table, _game, players = seated_table("dragsaga", NAMES, seed=4)
    _prompt.cache_clear()
    with translation.override("ja"):
        ja = shown(table, players)
    with translation.override("en"):
        en = shown(table, players)
    assert all(a != b for a, b in zip(ja, en, strict=True))
