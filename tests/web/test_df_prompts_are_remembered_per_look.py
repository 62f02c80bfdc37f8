"""A Dragon Formula prompt is remembered once per look and language, and shared by the
viewers and moves it looks the same to, yet every viewer is always shown what a rendering
from nothing shows them: their own buttons and pick window, their clock and switch, the
game's end, in their language."""

import time

import pytest
from django.template.loader import render_to_string
from django.utils import translation

from dragonformula.rules.engine import ENGINE
from dragonformula.templatetags.tarot import _prompt, df_prompt
from games.presence import leavers
from games.presence.models import StandIn
from games.regions import rendering
from games.tables.actions import opening, playing, seating, stand_ins, starting
from games.tables.models import Game, Player, Seat, Table
from tests.game.df_table import deal

pytestmark = pytest.mark.django_db

NAMES = ["Ann", "Bø <b>", "Cho", "Dai"]
WAITING_ON_6 = "W6 C6 S6 W1 C1 S1 W2 C2 S2 M4"


def stacked_table():
    """Ann holds the King of Wands; Ben's discard of the Tower completes Cho's hand."""
    players = [Player.objects.create(display_name=name) for name in NAMES]
    table = opening.create_table(
        game_name="dragonformula",
        players=4,
        options={"sets": 1, "turn_seconds": 30},
        created_by=players[0],
    )
    for player in players[1:]:
        seating.sit(table, player)
    deals = [deal(4, {0: "M3 WK", 1: "M7", 2: WAITING_ON_6}, pile="PK M6")] * 4
    Table.objects.filter(pk=table.pk).update(stacking={"deals": deals, "fire_seats": [0]})
    table.refresh_from_db()
    return table, starting.start(table, players[0], seed=3), players


def shown(table, players) -> list[str]:
    """Every viewer's prompt, checked against the prompt rendered from nothing."""
    prompts = []
    for viewer in [*players, None]:
        context = rendering.table_context(table, viewer)
        fresh = render_to_string("dragonformula/partials/_prompt_body.html", context)
        assert df_prompt(context) == fresh
        prompts.append(fresh)
    return prompts


@pytest.mark.parametrize("language", ["ja", "en"])
def test_every_viewer_s_prompt_is_what_a_rendering_from_nothing_shows(language):
    _prompt.cache_clear()
    table, game, players = stacked_table()
    ann, ben, cho, dai = players
    seen = []
    script = [
        (ann, {"type": "auto_pass", "on": True}),  # Ann's switch: on, shown to her alone
        (ann, {"type": "draw"}),
        (ann, {"type": "discard", "card": "WK"}),
        (ben, {"type": "pass"}),  # Ben has answered; Cho and Dai are deciding
        (cho, {"type": "pass"}),
        (dai, {"type": "pass"}),
        (ben, {"type": "draw"}),
        (ben, {"type": "discard", "card": "M6"}),
        (cho, {"type": "pick_and_dan"}),
        (dai, {"type": "pass"}),  # Ann passes automatically: the game is over
    ]
    with translation.override(language):
        seen += shown(table, players)
        for player, action in script:
            game = playing.apply_action(game, player, action, game.version)
            seen += shown(table, players)
        assert game.state["phase"] == "result"
        # Dai was out of time twice: a bot plays for Dai, who may come back.
        dai_seat = Seat.objects.get(table=table, player=dai)
        stand_ins.take_over(game, dai_seat, StandIn.Reason.OUT_OF_TIME, time.time())
        seen += shown(table, players)
        leavers.retake(table, dai)
        game = Game.objects.get(pk=game.pk)
        for _move in range(12):  # "Next game" for all, then the next game's first turns
            seat = ENGINE.waiting_for(game.state)[0]
            action = ENGINE.bot_action(game.state, seat, "smart")
            game = playing.apply_action(game, players[seat], action, game.version)
            seen += shown(table, players)
    text = "".join(seen)
    for part in (
        'aria-pressed="true"',
        'aria-pressed="false"',
        "own-discard",
        "pick-window",
        'data-action="pick"',
        'data-action="pick_and_dan"',
        'data-action="next_game"',
        'data-action="draw"',
        "away-notice",
        "clock-note",
        "data-cancel-selection",
        'class="hint"',
    ):
        assert part in text, part
    # A seat's prompt through the others' turns, and the seats asked alike, share one.
    info = _prompt.cache_info()
    assert info.hits > info.misses / 2, "prompts already rendered are reused"


def test_seats_asked_alike_share_a_prompt_and_each_keeps_its_own_answer():
    table, game, (ann, ben, cho, dai) = stacked_table()
    game = playing.apply_action(game, ann, {"type": "draw"}, game.version)
    game = playing.apply_action(game, ann, {"type": "discard", "card": "WK"}, game.version)
    game = playing.apply_action(game, ben, {"type": "pass"}, game.version)
    _prompt.cache_clear()
    with translation.override("en"):
        seen = shown(table, [ann, ben, cho, dai])
    prompts = dict(zip(["ann", "ben", "cho", "dai", None], seen, strict=True))
    assert "You discarded" in prompts["ann"]
    assert "you answered" in prompts["ben"] and 'data-action="pick"' not in prompts["ben"]
    assert prompts["cho"] == prompts["dai"] and "Pick?" in prompts["cho"]
    assert 'data-action="pick"' in prompts["cho"] and "watching" in prompts[None]
    assert _prompt.cache_info().hits == 1  # Dai's is Cho's


def test_a_remembered_prompt_is_not_shown_in_the_other_language():
    table, _game, players = stacked_table()
    _prompt.cache_clear()
    with translation.override("ja"):
        ja = shown(table, players)
    with translation.override("en"):
        en = shown(table, players)
    assert "Your turn — draw" in en[0] and "Your turn — draw" not in ja[0]
