"""A player's history page: their games, places, scores, best hands, replays, and the games a
bot finished for them."""

import re

import pytest

from games.presence import leavers
from games.registry import engine_for
from games.tables.actions import opening, seating, starting
from games.tables.actions import playing as table_playing
from games.tables.models import Game
from games.trust import history
from tests.web.tables import browser_of
from tests.web.trust_helpers import finish, text_of

pytestmark = pytest.mark.django_db

DF = engine_for("dragonformula")
SEAT_ZERO_WINS = 1  # a seed whose smart-bot match has Dragon Formula wins for seat 0


def ann_against_a_bot(ann, seed=SEAT_ZERO_WINS):
    table = opening.create_table(
        game_name="dragonformula", players=2, bot_level="smart", created_by=ann
    )
    return table, starting.start(table, ann, seed=seed)


def play_as(game, player, seat):
    """``player`` clicks what the smart bot would; the server moves the other seat."""
    while not game.is_finished:
        if seat in DF.waiting_for(game.state):
            action = DF.bot_action(game.state, seat, "smart")
            game = table_playing.apply_action(game, player, action, game.version)
        else:
            game = table_playing.advance(game.pk, game.version) or Game.objects.get(pk=game.pk)
    return game


def test_the_history_lists_the_game_with_place_score_best_hand_and_replay(client, players):
    ann = players[0]
    table, game = ann_against_a_bot(ann)
    game = play_as(game, ann, 0)
    wins = [g for g in game.state["games"] if g["result"] == "win" and g["seat"] == 0]
    assert wins, "the seed should give seat 0 a win"
    best = max(wins, key=lambda g: g["points"])

    response = client.get(f"/players/{ann.pk}/")

    page, text = response.content.decode(), text_of(response)
    assert response.status_code == 200
    row = re.search(rf'<tr class="history-game" data-game="{game.pk}">(.*?)</tr>', page, re.S)
    assert row is not None
    placing = next(p for p in game.outcome["placings"] if p["seat"] == 0)
    cells = [
        re.sub(r"<[^>]+>", "", c).strip() for c in re.findall(r"<td[^>]*>(.*?)</td>", row[1], re.S)
    ]
    assert cells[1] == "Dragon Formula" and cells[2] == table.code and cells[3] == "1"
    assert cells[4] == str(placing["rank"])
    assert cells[5].startswith(f"{placing['points']} points")
    assert f'data-hand="{best["hand"]}"' in row[1] and f"{best['points']} points" in cells[6]
    assert f'href="/games/{game.pk}/replay/"' in row[1]
    assert "finished by a bot" not in text
    # The finished table links to its players' histories.
    table_page = client.get(f"/dragonformula/{table.code}/").content.decode()
    assert f'href="/players/{ann.pk}/"' in table_page


def test_a_game_a_bot_finished_is_marked_and_a_running_game_has_no_replay(players):
    ann, ben = players[0], players[1]
    table = opening.create_table(game_name="dragsaga", players=2, created_by=ann)
    seating.sit(table, ben)
    game = starting.start(table, ann)
    leavers.leave(table, ben)

    running = history.games_of(ben)
    assert [(p.game, p.seat, p.is_finished) for p in running] == [(game, 1, False)]

    leavers.leave(table, ann)
    game = finish(game)
    (played,) = history.games_of(ben)
    assert played.finished_by_bot and played.placing["seat"] == 1
    assert [p.finished_by_bot for p in history.games_of(ann)] == [True]


def test_the_history_page_says_which_games_a_bot_finished(client, players):
    ann, ben = players[0], players[1]
    table = opening.create_table(game_name="dragsaga", players=2, created_by=ann)
    seating.sit(table, ben)
    game = starting.start(table, ann)
    response = client.get(f"/players/{ben.pk}/")
    assert "playing" in text_of(response)
    assert 'class="replay-link"' not in response.content.decode()

    leavers.leave(table, ben)
    leavers.leave(table, ann)
    finish(game)
    page = text_of(client.get(f"/players/{ben.pk}/"))
    assert "(finished by a bot)" in page


def test_my_history_needs_a_player(client, players):
    assert client.get("/me/").url == "/"
    client = browser_of(players[2], csrf=False)
    assert client.get("/me/").url == f"/players/{players[2].pk}/"
    assert client.get("/players/999999/").status_code == 404
