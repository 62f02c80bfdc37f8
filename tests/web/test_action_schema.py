"""Every game has a strict action schema: a forged action (NaN, Infinity, a huge number, an
unknown field, a value of the wrong kind) is "not an action of this game" (400, in the
player's language) and nothing is stored, logged or shown in the replay."""

import json

import pytest

from dragonformula.rules.schema import ACTIONS as DF_ACTIONS
from dragsaga.rules.schema import ACTIONS as DS_ACTIONS
from games.engine import BOOL, IllegalAction, check_action
from games.registry import GAMES
from games.tables.actions import playing
from games.tables.actions.refused import IllegalMove
from games.tables.models import ActionLog, Game
from tests.web.tables import browser_of, htmx_post, seated_table

pytestmark = pytest.mark.django_db

FORGED_DF = [
    '{"type":"draw","x":NaN}',
    '{"type":"draw","x":Infinity}',
    '{"type":"discard","card":NaN}',
    '{"type":"discard","card":-Infinity}',
    '{"type":"discard","card":99999999999999999999}',
    '{"type":"discard","card":1e400}',
    '{"type":"discard","card":true}',
    '{"type":"discard","card":["W3"]}',
    '{"type":"discard","card":"' + "W" * 1000 + '"}',
    '{"type":"discard"}',
    '{"type":"draw","note":"hello"}',
    '{"type":"fly"}',
    '{"type":7}',
]


@pytest.fixture
def df():
    return seated_table("dragonformula", ["Ann", "Ben"])


@pytest.mark.parametrize("raw", FORGED_DF)
def test_a_forged_dragon_formula_action_is_refused_and_nothing_is_stored(df, raw):
    table, game, players = df
    browser = browser_of(players[game.state["turn"]])
    response = htmx_post(
        browser, f"/dragonformula/{table.code}/act", {"action": raw, "version": "0"}
    )
    assert response.status_code == 400
    assert "not an action of this game" in response.content.decode()
    assert not ActionLog.objects.exists()
    assert Game.objects.get(pk=game.pk).version == 0


def test_the_refusal_is_in_japanese_for_a_japanese_page(df, settings):
    settings.LANGUAGE_CODE = "ja"
    table, game, players = df
    browser = browser_of(players[game.state["turn"]])
    raw = '{"type":"draw","x":NaN}'
    response = htmx_post(
        browser, f"/dragonformula/{table.code}/act", {"action": raw, "version": "0"}
    )
    assert response.status_code == 400
    body = response.content.decode()
    assert "not an action of this game" not in body
    assert "このゲームの行動ではありません" in body


def test_a_real_action_with_its_fields_still_plays(df):
    table, game, players = df
    browser = browser_of(players[game.state["turn"]])
    raw = json.dumps({"type": "draw"})
    response = htmx_post(
        browser, f"/dragonformula/{table.code}/act", {"action": raw, "version": "0"}
    )
    assert response.status_code == 200
    assert Game.objects.get(pk=game.pk).version == 1


FORGED_DS_FORMS = [
    {"type": "place", "cards": ["a", "b"], "target": "99999999999999999999"},
    {"type": "place", "cards": ["a", "b"], "target": "-1"},
    {"type": "place", "cards": ["x" * 100, "b"]},
    {"type": "change_target", "discard": "a", "target": "1e5"},
    {"type": "sing"},
]


@pytest.mark.parametrize("data", FORGED_DS_FORMS)
def test_a_forged_dragsaga_form_is_refused_and_nothing_is_stored(data):
    table, game, players = seated_table("dragsaga", ["Ann", "Ben", "Cho"])
    response = htmx_post(
        browser_of(players[0]), f"/dragsaga/{table.code}/act", {**data, "version": "0"}
    )
    assert response.status_code == 400
    assert "not an action of this game" in response.content.decode()
    assert not ActionLog.objects.filter(game=game).exists()


def test_every_legal_action_the_rules_offer_fits_the_games_schema():
    """The schema and the rules agree: what ``legal_actions`` offers is never refused as
    malformed (else a real player's click would be)."""
    for name, kind in GAMES.items():
        if name not in ("dragonformula", "dragsaga"):
            continue
        engine = kind.engine
        state = engine.new_game(engine.max_players, {}, seed=3, now=0.0)
        offered = 0
        for _step in range(60):
            seats = engine.waiting_for(state)
            if not seats:
                break
            seat = seats[0]
            for action in engine.legal_actions(state, seat):
                kind.checked_action(action)
                offered += 1
            state = engine.apply(state, seat, engine.bot_action(state, seat, "random"), 1.0)
        assert offered > 0


@pytest.mark.parametrize("schema", [DF_ACTIONS, DS_ACTIONS])
def test_the_schema_refuses_a_value_of_the_wrong_kind_in_every_field(schema):
    for action_type, fields in schema.items():
        for field, kind in fields.items():
            wrong = "yes" if kind.rstrip("?") == BOOL else True
            with pytest.raises(IllegalAction) as refused:
                check_action(schema, {"type": action_type, field: wrong})
            assert refused.value.code == "not_an_action"


def test_the_services_refuse_a_forged_action_whatever_path_it_came_by(df):
    table, game, players = df
    with pytest.raises(IllegalMove, match="not an action"):
        playing.apply_action(game, players[game.state["turn"]], {"type": "draw", "x": 1}, 0)
    assert not ActionLog.objects.exists()
