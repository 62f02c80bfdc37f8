"""A refused action is logged by its type and the reason, never its fields: a DragSaga
placing refused with an extra field, a NaN, a trailing comma or a padded body named its
face-down cards in the operator's log before (``action rejected … "cards":["roar",…]``)."""

import json

import pytest

from games.registry import engine_for
from games.tables.actions import playing
from tests.web.tables import browser_of, htmx_post, seated_table
from tests.web.test_oplog_wiring import oplog  # noqa: F401 - the fixture

pytestmark = pytest.mark.django_db(transaction=True)


def placing_seat(table, game, players):
    """The game once every seat kept its dragon: seat 0 places, with its two cards."""
    engine = engine_for("dragsaga")
    for seat in engine.waiting_for(game.state):
        choice = engine.legal_actions(game.state, seat)[0]
        game = playing.apply_action(game, players[seat], choice, game.version)
    assert game.state["phase"] == "place"
    action = engine.bot_action(game.state, 0, "random")
    return game, action


def test_a_refused_placing_names_none_of_its_cards_whatever_it_carried(oplog):  # noqa: F811
    table, game, players = seated_table("dragsaga", ["Ann", "Ben", "Cho"])
    game, placing = placing_seat(table, game, players)
    cards = placing["cards"]
    placed = json.dumps(placing)
    refused_bodies = {
        "an extra field": json.dumps({**placing, "note": "x"}),
        "a NaN": placed[:-1] + ', "target": NaN}',
        "a trailing comma": placed[:-1] + ", }",
        "a padded body": json.dumps({**placing, "pad": "y" * 5000}),
        "a stale version": placed,
    }
    browser = browser_of(players[0])
    url = f"/dragsaga/{table.code}/act"
    for why, body in refused_bodies.items():
        version = game.version - 1 if why == "a stale version" else game.version
        response = htmx_post(browser, url, {"action": body, "version": version})
        assert 400 <= response.status_code < 500, why
    # A form post of the same placing, with a seat that is no number.
    response = htmx_post(
        browser, url, {"type": "place", "cards": cards, "target": "١", "version": game.version}
    )
    assert response.status_code == 400

    rejected = [line for line in oplog if line.startswith("action rejected")]
    assert len(rejected) == len(refused_bodies) + 1
    leaked = [line for line in rejected if any(card in line for card in cards)]
    assert not leaked
    for line in rejected:
        assert "note" not in line and "pad" not in line and "yyyy" not in line, line
        assert " type=place " in line or " type=not_an_action " in line, line
        assert " reason=" in line, line


def test_a_refused_action_of_a_type_the_game_has_not_is_logged_as_no_action(oplog):  # noqa: F811
    table, game, players = seated_table("dragonformula", ["Ann", "Ben"])
    browser = browser_of(players[0])
    body = json.dumps({"type": "W5 C5 S5 my whole hand", "version": game.version})
    response = htmx_post(
        browser, f"/dragonformula/{table.code}/act", {"action": body, "version": game.version}
    )
    assert response.status_code == 400
    [line] = [line for line in oplog if line.startswith("action rejected")]
    assert " type=not_an_action " in line and "W5" not in line
