"""While a game is played, the replay's steps must not give away a secret by how they are
grouped: a run of passes is one step once the game is over, but while it is played the
others' pick-window answers (pass or pick, both secret until the window closes) are each a
step of their own, so two passes look exactly like a pass and a pick."""

from __future__ import annotations

import html
import re

import pytest

from games.trust.replays import replay_of
from tests.web.tables import browser_of
from tests.web.test_replays_show_only_what_the_viewer_saw import play_until, with_one_player

pytestmark = pytest.mark.django_db

SECRET = "acts (not shown while the game is played)"


def board_lines(client, game, steps):
    """Each step's line (who, what) and the step count the board shows, as the viewer reads them."""
    url = f"/games/{game.pk}/replay/"
    for step in steps:
        page = client.get(url, {"step": step}, headers={"HX-Request": "true"}).content.decode()
        said = html.unescape(
            re.sub(
                r"<[^>]+>",
                " ",
                re.search(r'<p class="replay-action">(.*?)</p>', page, re.S).group(1),
            )
        )
        yield step, " ".join(said.split()), re.search(r'max="(\d+)"', page).group(1)


def test_the_others_passes_in_a_pick_window_are_not_one_step_while_the_game_is_played():
    game, guest = with_one_player("dragonformula", 4, "smart")
    game = play_until(game, guest, 60, "smart")
    assert not game.is_finished
    log = replay_of(game).log
    runs = [
        number
        for number in range(2, len(log) + 1)
        if log[number - 2].action["type"] == log[number - 1].action["type"] == "pass"
        and 0 not in (log[number - 2].seat, log[number - 1].seat)
    ]
    assert runs, "two other seats passed one after the other"
    for client in (browser_of(guest), browser_of(None)):
        maxima = set()
        for _step, line, last in board_lines(client, game, runs):
            maxima.add(last)
            assert SECRET in line, line
            assert line.count("Seat ") == 1, line  # one seat's secret answer per step
        # One board for the viewer, whichever step they open.
        assert len(maxima) == 1
