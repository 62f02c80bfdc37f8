"""A seat's own setting ("pass automatically") is shown to that seat alone while a Dragon
Formula game is played: the live table never tells the others it was changed, and an early
automatic pass looks like an answer still to come. So a running game's replay does not make
a step of another seat changing it, nor name that seat at all for it."""

from __future__ import annotations

import html
import re

import pytest

from games.registry import engine_for
from games.tables.actions import opening, playing, seating, starting
from games.tables.models import Game, Player
from games.trust.replays import replay_of
from tests.web.tables import browser_of

pytestmark = pytest.mark.django_db


def board_line(client, game, **query):
    url = f"/games/{game.pk}/replay/"
    page = client.get(url, query, headers={"HX-Request": "true"}).content.decode()
    said = re.search(r'<p class="replay-action">(.*?)</p>', page, re.S).group(1)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", said)).split())


def test_another_seat_turning_automatic_passing_on_is_no_step_of_the_others_board():
    hana, kai = (
        Player.objects.create(display_name="Hana"),
        Player.objects.create(display_name="Kai"),
    )
    table = opening.create_table(
        game_name="dragonformula", players=4, bot_level="smart", created_by=hana
    )
    seating.sit(table, kai, 1)
    game = starting.start(table, hana, seed=3)
    game = playing.apply_action(game, kai, {"type": "auto_pass", "on": True}, game.version)
    game = playing.advance(game.pk, game.version) or Game.objects.get(pk=game.pk)
    if 0 in engine_for("dragonformula").waiting_for(game.state):  # Hana deals herself
        game = playing.apply_action(game, hana, {"type": "draw"}, game.version)
    game = Game.objects.get(pk=game.pk)
    assert not game.is_finished
    log = replay_of(game).log
    assert [entry.action["type"] for entry in log[:2]] == ["auto_pass", "draw"]
    first = f"Seat {log[1].seat + 1} · "

    for viewer in (browser_of(hana), browser_of(None)):
        assert board_line(viewer, game, step=1) == "The deal."
        assert board_line(viewer, game, turn=1).startswith(first)
        assert "Kai" not in board_line(viewer, game, turn=1)
    # Kai's own board says what he did.
    assert "turns automatic passing on" in board_line(browser_of(kai), game, turn=1)
