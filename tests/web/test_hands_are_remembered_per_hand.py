"""A seat's hand is made of what is remembered through the others' moves (a DragSaga hand
once per hand: its cards, what each can do, the language; a Dragon Formula hand joined from
its cards, each once per card, what it can do and the kind of discard): every viewer's hand
region shows exactly the cards that seat holds, never another seat's, and is what rendering
it from nothing shows."""

import re

import pytest
from django.template.loader import render_to_string
from django.utils import translation

from dragonformula.rules.deal import sorted_hand
from dragonformula.templatetags import tarot
from dragsaga.templatetags import dragsaga_words
from games.regions import rendering
from games.registry import engine_for
from games.tables.actions import playing
from tests.web.tables import seated_table

pytestmark = pytest.mark.django_db
NAMES = ["Ann", "Ben", "Cho", "Dai"]
GAMES = {
    # name: (bot level, the remembered hands (and their cards), a seat's hand in the
    # engine's state as shown)
    "dragonformula": (
        "smart",
        (tarot._hand_card,),
        lambda state, seat: sorted_hand(state["hands"][seat]),
    ),
    "dragsaga": (
        "heuristic",
        (dragsaga_words._hand,),
        lambda state, seat: state["seats"][seat]["hand"],
    ),
}


def forget(remembered) -> None:
    for cache in remembered:
        cache.cache_clear()


def hand_html(table, viewer) -> str:
    context = rendering.table_context(table, viewer)
    context["oob"] = True
    return render_to_string(f"{table.game_name}/partials/hand.html", context)


@pytest.mark.parametrize("name", GAMES)
def test_every_seat_is_shown_its_own_hand_and_no_other(name):
    level, remembered_hands, held = GAMES[name]
    engine = engine_for(name)
    discards_offered = reused = 0
    for language in ("ja", "en"):
        table, game, players = seated_table(name, NAMES, seed=6)
        forget(remembered_hands)
        for _move in range(30):
            with translation.override(language):
                viewers = [*players, None]
                # As pushed: the hands the earlier moves and the other viewers left behind.
                remembered = [hand_html(table, viewer) for viewer in viewers]
                reused += remembered_hands[0].cache_info().hits
                forget(remembered_hands)
                for viewer, html in zip(viewers, remembered, strict=True):
                    assert html == hand_html(table, viewer)  # from nothing
                    shown = re.findall(r'data-card="([^"]+)"', html)
                    seat = None if viewer is None else players.index(viewer)
                    assert shown == ([] if seat is None else list(held(game.state, seat)))
                    discards_offered += html.count('name="action"')
            seat = engine.waiting_for(game.state)[0]
            action = engine.bot_action(game.state, seat, level)
            game = playing.apply_action(game, players[seat], action, game.version)
    if name == "dragonformula":  # the seat on turn is offered its discards as buttons
        assert discards_offered > 30
    assert reused > 30 * 2  # most hands stay as they were through a move


@pytest.mark.parametrize("name", GAMES)
def test_a_remembered_hand_is_shown_in_the_viewer_s_language(name):
    table, _game, players = seated_table(name, NAMES, seed=6)
    with translation.override("ja"):
        ja = hand_html(table, players[0])
    with translation.override("en"):
        en = hand_html(table, players[0])
    # The cards themselves (what is remembered, after the region's title) are worded anew.
    cards = re.compile(r'<(?:form|div class="cards").*', re.S)
    assert cards.search(ja).group(0) != cards.search(en).group(0)
