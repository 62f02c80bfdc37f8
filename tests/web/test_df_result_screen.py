"""Between games and at the end: the result screen every seat sees, "Next game", the
match's final placings and a rematch of the same people in the same seats."""

import json

import pytest

from games.tables.actions import opening, playing, seating, starting
from games.tables.models import Game, Player, Seat, Table
from tests.game.df_table import deal
from tests.web.tables import browser_of, htmx_post, shows_code
from tests.web.trust_helpers import finish

pytestmark = pytest.mark.django_db

WAITING_ON_6 = "W6 C6 S6 W1 C1 S1 W2 C2 S2 M4"
NAMES = ["Ann", "Ben", "Cho", "Dai"]


def _table(sets=1, deals=None):
    players = [Player.objects.create(display_name=name) for name in NAMES]
    table = opening.create_table(
        game_name="dragonformula", players=4, options={"sets": sets}, created_by=players[0]
    )
    for player in players[1:]:
        seating.sit(table, player)
    deals = deals or [deal(4, {0: "M3 WK", 1: "M7", 2: WAITING_ON_6}, pile="PK M6")]
    Table.objects.filter(pk=table.pk).update(stacking={"deals": deals, "fire_seats": [0]})
    table.refresh_from_db()
    return table, starting.start(table, players[0], seed=3), players


def _act(game, player, kind, **extra):
    return playing.apply_action(game, player, {"type": kind, **extra}, game.version)


def _pick_and_dan_by_cho():
    table, game, (ann, ben, cho, dai) = _table()
    game = _act(_act(game, ann, "draw"), ann, "discard", card="WK")
    for player in (ben, cho, dai):
        game = _act(game, player, "pass")
    game = _act(_act(game, ben, "draw"), ben, "discard", card="M6")
    game = _act(game, cho, "pick_and_dan")
    game = _act(_act(game, dai, "pass"), ann, "pass")
    return table, game, (ann, ben, cho, dai)


def _page(table, player):
    return browser_of(player).get(f"/dragonformula/{table.code}/").content.decode()


def test_every_seat_sees_how_the_game_was_won_and_every_hand():
    table, game, players = _pick_and_dan_by_cho()
    hands = game.state["last_game"]["hands"]
    for player in players:
        html = _page(table, player)
        assert 'id="result-screen"' in html and "Cho wins" in html
        assert "Pick-and-Dan on Ben's discard" in html
        assert html.count("winning-mark") == 1 and "winning card:" in html
        assert all(shows_code(html, card) for hand in hands for card in hand)
        assert 'data-action="next_game"' in html and "Waiting for: Ann, Ben, Cho, Dai" in html
        assert "Game 1" in html  # the set's table


def test_the_next_game_waits_for_every_human_to_press_next_game():
    table, game, (ann, ben, cho, dai) = _pick_and_dan_by_cho()
    for player in (ann, ben, cho):
        response = htmx_post(
            browser_of(player),
            f"/dragonformula/{table.code}/act",
            {"action": json.dumps({"type": "next_game"}), "version": game.version},
        )
        assert response.status_code == 200
        game.refresh_from_db()
    assert game.state["phase"] == "result"
    assert "Waiting for: Dai" in _page(table, ann)
    assert playing.advance(game.pk, game.version, now=game.state["result"]["deadline"] - 1)
    game.refresh_from_db()
    assert game.state["phase"] == "result"  # nothing due before the 30 s are up
    game = _act(game, dai, "next_game")
    assert game.state["phase"] == "draw"
    assert 'class="overlay result"' not in _page(table, ann)


def test_after_thirty_seconds_the_next_game_is_dealt_anyway():
    table, game, players = _pick_and_dan_by_cho()
    game = playing.tick(game, now=game.state["result"]["deadline"])
    assert game.state["phase"] == "draw" and game.state["starter"] == 1


def _finished():
    """A one-set match of four pile run-outs (every game ends with no winner)."""
    table, game, players = _table(deals=[deal(4, {})])
    for _game in range(4):
        while game.state["phase"] not in ("result", "over"):
            seat = game.state["turn"]
            game = _act(game, players[seat], "draw")
            game = _act(game, players[seat], "discard", card=game.state["hands"][seat][-1])
            while game.state["phase"] == "window":
                waiting = [
                    s
                    for s, a in enumerate(game.state["window"]["answers"])
                    if a is None and s != game.state["window"]["discarder"]
                ]
                game = _act(game, players[waiting[0]], "pass")
        for player in players if game.state["phase"] == "result" else []:
            game = _act(game, player, "next_game")
    assert game.is_finished
    return Table.objects.get(pk=table.pk), game, players


def test_the_match_end_shows_the_placings_and_a_rematch_keeps_the_seats():
    table, game, players = _finished()
    html = _page(table, players[0])
    assert "The match is over" in html and "Games won" in html
    assert 'data-action="rematch"' in html and "Back to the lobby" in html
    response = browser_of(players[2], csrf=False).post(f"/rematch/{table.code}/")
    new = Table.objects.exclude(pk=table.pk).get()
    assert response.status_code == 302 and response.url == f"/dragonformula/{new.code}/"
    assert [s.player for s in new.seats.order_by("number")] == players
    assert new.options == table.options and new.status == Table.Status.OPEN
    again = browser_of(players[1], csrf=False).post(f"/rematch/{table.code}/")
    assert again.url == response.url and Table.objects.count() == 2  # one rematch for all
    assert "Go to the rematch" in _page(table, players[0])


def test_a_rematch_is_only_for_the_tables_players_once_it_is_over():
    table, game, players = _pick_and_dan_by_cho()
    early = browser_of(players[0], csrf=False).post(f"/rematch/{table.code}/")
    assert early.status_code == 400
    table, game, players = _finished()
    stranger = Player.objects.create(display_name="Eve")
    assert browser_of(stranger, csrf=False).post(f"/rematch/{table.code}/").status_code == 403
    assert browser_of(None, csrf=False).post(f"/rematch/{table.code}/").status_code == 403
    assert browser_of(stranger, csrf=False).post("/rematch/NOPE1/").status_code == 404
    assert Game.objects.count() == 2 and Table.objects.count() == 2


def test_dragsagas_end_offers_the_same_rematch_and_way_back():
    ann = Player.objects.create(display_name="Ann")
    table = opening.create_table(
        game_name="dragsaga", players=3, bot_level="heuristic", created_by=ann
    )
    game = starting.start(table, ann)
    seat = Seat.objects.get(table=table, number=0)
    Seat.objects.filter(pk=seat.pk).update(player=None, bot_level="heuristic")  # Ann's bot
    game = finish(game)
    Seat.objects.filter(pk=seat.pk).update(player=ann, bot_level="")
    html = browser_of(ann).get(f"/dragsaga/{table.code}/").content.decode()
    assert 'data-action="rematch"' in html and "Back to the lobby" in html
    response = browser_of(ann, csrf=False).post(f"/rematch/{table.code}/", HTTP_HX_REQUEST="true")
    new = Table.objects.get(pk=table.pk).rematch
    assert response.headers["HX-Redirect"] == f"/dragsaga/{new.code}/"
    assert new.seats.get(number=0).player == ann and new.bot_level == "heuristic"
    assert new.options == table.options
