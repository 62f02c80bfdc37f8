"""When a deadline passes and a bot is next, the bot does not answer in the same instant:
the server's move that applied the deadline stops there, and the bot moves at its own
pace after (what players see: the table pauses on the timed-out turn, then the bot plays)."""

import pytest

from games.tables.actions import opening, playing, starting
from games.tables.models import ActionLog

pytestmark = pytest.mark.django_db


def test_a_bot_next_after_a_passed_deadline_moves_on_the_next_call(highcard, players):
    table = opening.create_table(
        game_name="highcard", players=2, bot_level="easy", created_by=players[0]
    )
    game = starting.start(table, players[0])
    late = game.state["deadline"] + 1
    game = playing.advance(game.pk, 0, now=late)  # the human's turn timed out
    assert game.version == 1
    assert list(ActionLog.objects.filter(game=game).values_list("seat", flat=True)) == [None]
    assert game.state["turn"] == 1  # the bot is next, and has not played yet
    game = playing.advance(game.pk, 1, now=late + 1)
    assert game.version == 2 and ActionLog.objects.get(game=game, version=2).seat == 1
