"""Review: what moves a table when nobody clicks (bots, deadlines) never leaves it stuck."""

import pytest

from games import services
from games.models import ActionLog
from tests.web.toygame import ENGINE

pytestmark = pytest.mark.django_db


def bot_table(players, n=2):
    """A started toy table: players[0] in seat 0, bots in the others."""
    table = services.create_table(
        game_name="toygame", players=n, bot_level="easy", created_by=players[0]
    )
    return services.start(table, players[0])


def test_a_bot_whose_engine_call_raises_still_makes_a_legal_move(toygame, players, monkeypatch):
    game = bot_table(players)
    card = game.state["hands"][0][0]
    game = services.apply_action(game, players[0], {"type": "play", "card": card}, 0)
    bot_hand = list(game.state["hands"][1])

    def broken(state, seat, level):
        raise RuntimeError("the bot's search blew up")

    monkeypatch.setattr(ENGINE, "bot_action", broken)
    game = services.advance(game.pk, 1)
    assert game.version == 2
    move = ActionLog.objects.get(game=game, version=2)
    assert move.seat == 1 and move.action["card"] in bot_hand
    assert game.state["turn"] == 0  # the table goes on: the human is asked again


def test_a_bot_that_answers_an_illegal_action_still_makes_a_legal_move(
    toygame, players, monkeypatch
):
    game = bot_table(players)
    card = game.state["hands"][0][0]
    game = services.apply_action(game, players[0], {"type": "play", "card": card}, 0)
    monkeypatch.setattr(ENGINE, "bot_action", lambda *args: {"type": "play", "card": card})
    game = services.advance(game.pk, 1)
    assert game.version == 2 and ActionLog.objects.get(game=game, version=2).seat == 1
