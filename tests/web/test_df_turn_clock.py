"""The turn clock at a live table: shown on the seat and in the prompt, applied by the
server's own move when nobody clicks, on by default for league tables."""

import pytest

from dragonformula.rules.engine import ENGINE
from games.leagues.online import open_league_table
from games.presence import leavers
from games.tables.actions import opening, pace, playing, seating, starting
from games.tables.models import ActionLog, Player
from tests.support.leagues import make_league
from tests.web.tables import browser_of, seated_table

pytestmark = pytest.mark.django_db


def test_the_seat_on_turn_and_the_prompt_show_the_countdown():
    table, game, players = seated_table("dragonformula", ["Ann", "Ben"])
    starter = game.state["turn"]
    html = browser_of(players[1 - starter]).get(f"/dragonformula/{table.code}/").content.decode()
    assert html.count('class="seat-clock') == 1  # on the seat whose clock runs only
    assert 'id="clock"' in html and "data-remaining" in html
    mine = browser_of(players[starter]).get(f"/dragonformula/{table.code}/").content.decode()
    assert "30 s a turn · your time bank: 60 s" in mine


def test_when_nobody_plays_in_time_the_servers_own_move_plays_the_turn():
    table, game, players = seated_table("dragonformula", ["Ann", "Ben"])
    leavers.set_away_limit(table, leavers.MAX_AWAY_SECONDS)  # the tab open, the player gone
    seat = game.state["turn"]
    due = game.state["clock"]["deadline"]
    assert playing.advance(game.pk, game.version, now=due - 1).version == game.version
    game = playing.advance(game.pk, game.version, now=due)
    tick = ActionLog.objects.filter(game=game).latest("version")
    assert tick.seat is None and tick.action == {"type": "tick"}
    assert game.state["phase"] == "window" and game.state["window"]["discarder"] == seat
    assert len(game.state["discards"][seat]) == 1 and len(game.state["hands"][seat]) == 10


def test_league_tables_have_a_clock_and_casual_tables_may_turn_it_off():
    ann = Player.objects.create(display_name="Ann")
    league = make_league()
    assert open_league_table(league, players=4, created_by=ann).options["turn_seconds"] == 30
    casual = opening.create_table(
        game_name="dragonformula", players=2, options={"turn_seconds": 0}, created_by=ann
    )
    seating.sit(casual, Player.objects.create(display_name="Ben"))
    leavers.set_away_limit(casual, leavers.MAX_AWAY_SECONDS)
    game = starting.start(casual, ann)
    assert ENGINE.deadline(game.state) is None  # no turn is ever timed
    # The server's next move is only the away-from-the-table limit's.
    assert pace.next_wakeup(game, now=game.created_at + 600) == pytest.approx(3000.0)
