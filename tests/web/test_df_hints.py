"""A seat's hints at a Dragon Formula table: on for a player's first games and off at
league tables, switched by the seat's own player alone; the figures worked by hand
(cards away, the hands in reach, what a Pick would do, the card just drawn, a banner
when another seat wins); and nothing in them the seat may not see."""

import pytest
from django.test import Client, TestCase

from dragonformula.rules.cards import ALL_CARDS
from games.leagues.online import open_league_table
from games.regions import rendering
from games.tables.actions import opening as table_opening
from games.tables.actions import playing, seating, starting
from games.tables.models import Game, Player, Seat, Table
from tests.support.leagues import make_league
from tests.web.tables import browser_of, htmx_post
from tests.web.test_leagues_online import linked_player

pytestmark = pytest.mark.django_db

# Ben (seat 1, Water) waits for a second major derived from Tiphareth (6): head W6 C6 S6,
# the series W1-W3 and C7-C9, M2 held; M4 M6 M9 M11 M13 M14 M15 would each complete it.
BEN = ["W6", "C6", "S6", "W1", "W2", "W3", "C7", "C8", "C9", "M2"]
SIX_MAJORS = {"M4", "M6", "M9", "M11", "M13", "M14", "M15"}
ANN_PLAIN = ["M4", "S1", "S3", "S5", "S7", "S9", "P2", "P4", "P6", "P8"]
ANN_HOLDING_SIXES = ["M4", "M6", "M9", "M11", "M13", "M14", "M15", "S1", "S3", "S5"]


def _deal(ann, top="WK"):
    rest = [c for c in ALL_CARDS if c not in {*ann, *BEN, top}]
    return {"hands": [ann, BEN], "pile": [top, *rest]}


def _table(ann_hand=ANN_PLAIN, names=("Ann", "Ben")):
    players = [Player.objects.create(display_name=name) for name in names]
    table = table_opening.create_table(
        game_name="dragonformula", players=2, options={"pick_seconds": 60}, created_by=players[0]
    )
    seating.sit(table, players[1])
    Table.objects.filter(pk=table.pk).update(
        stacking={"deals": [_deal(ann_hand)], "fire_seats": [0]}
    )
    table.refresh_from_db()
    return table, starting.start(table, players[0], seed=3), players


def _hints(table, player):
    return rendering.render_regions(table, player, only=("hints",))["hints"]


def _act(game, player, kind, **extra):
    """The move, committed: what follows a commit runs (the announcement, and with no
    server loop to think on, the coach's Pick hint worked out at once)."""
    with TestCase.captureOnCommitCallbacks(execute=True):
        return playing.apply_action(game, player, {"type": kind, **extra}, game.version)


def test_hints_say_how_far_the_hand_is_and_which_hands_are_in_reach():
    table, game, (ann, ben) = _table()
    shown = _hints(table, ben)
    assert "1 card from a winning hand:" in shown
    assert "<b>Tiphareth" in shown or "Tiphareth" in shown
    lacks = shown.split("lacks")[1].split(")")[0]
    assert any(f">{code}</abbr>" in lacks for code in SIX_MAJORS)
    # Ann's ten cards, none in a meld with another: far from any win.
    assert "cards from a winning hand:" in _hints(table, ann)


def test_the_card_just_drawn_and_a_pick_that_wins_are_told():
    table, game, (ann, ben) = _table()
    game = _act(game, ann, "draw")
    assert "You drew <b>WK</b> King of Wands." in _hints(table, ann)
    hand = rendering.render_regions(table, ann, only=("hand",))["hand"]
    marked = hand.split('class="card-button just-drawn"')[1].split("</button>")[0]
    assert 'data-card="WK"' in marked and "just drawn" in marked
    assert hand.count("just-drawn-mark") == 1
    game = _act(game, ann, "discard", card="M4")
    assert "M4 completes your hand: Pick and Dan wins." in _hints(table, ben)
    _act(game, ben, "pick_and_dan")
    banner = _hints(table, ann)
    assert 'class="hint-banner" role="status"' in banner
    # 100 for Tiphareth + 100 My Series (C7-C9, Water's own suit), x5 Surprise (a
    # Pick-and-Dan before Ben's first draw): 1000.
    assert "Ben won with Sephirot hand: Tiphareth (1000 points)." in banner


def test_a_pick_that_completes_nothing_is_explained_and_a_pick_is_announced():
    table, game, (ann, ben) = _table()
    game = _act(_act(game, ann, "draw"), ann, "discard", card="S1")
    shown = _hints(table, ben)  # Ben holds M2: a Pick is possible, but gives up his win
    assert (
        "Picking S1 (Ace of Swords) and giving back M2 (The High Priestess) would leave you 2 "
        "cards from a win (Sephirot hand: Tiphareth), further than the 1 you are now: Pass."
    ) in shown
    _act(game, ben, "pick")  # he may, all the same: Ann is told without opening the log
    assert "Ben picked S1 Ace of Swords from Ann." in _hints(table, ann)


def test_hints_never_depend_on_what_the_seat_cannot_see():
    """The same view for Ben, whether the majors he waits for lie in the pile or in Ann's
    hidden hand: the same hints, still counting on them."""
    table_a, _a, (_ann_a, ben_a) = _table(ANN_PLAIN, ("Ann", "Ben"))
    table_b, _b, (_ann_b, ben_b) = _table(ANN_HOLDING_SIXES, ("Ann2", "Ben2"))
    shown_a = _hints(table_a, ben_a).replace(table_a.code, "CODE")
    shown_b = _hints(table_b, ben_b).replace(table_b.code, "CODE")
    assert shown_a == shown_b and "1 card from a winning hand" in shown_a
    assert "hint-" not in rendering.render_regions(table_a, None, only=("hints",))["hints"]


def test_hints_are_on_for_a_players_first_three_games_and_off_at_league_tables():
    table, game, (ann, ben) = _table()
    assert list(Seat.objects.filter(table=table).values_list("hints", flat=True)) == [True, True]
    for _n in range(3):  # Ann has now finished three games
        other, played, _ = _table(names=("X", "Y"))
        Seat.objects.filter(table=other, number=0).update(player=ann)
        Game.objects.filter(pk=played.pk).update(finished=played.created)
    newcomer = Player.objects.create(display_name="Newcomer")
    fresh = table_opening.create_table(game_name="dragonformula", players=2, created_by=ann)
    seating.sit(fresh, newcomer)
    starting.start(fresh, ann, seed=3)
    assert dict(Seat.objects.filter(table=fresh).values_list("player_id", "hints")) == {
        ann.pk: False,
        newcomer.pk: True,
    }


def test_a_league_table_starts_without_hints():
    league = make_league()
    aki = linked_player(league, "Aki")  # a newcomer: no game played yet
    table = open_league_table(league, players=2, bot_level="smart", created_by=aki)
    starting.start(table, aki, seed=3)
    assert Seat.objects.get(table=table, player=aki).hints is False


def test_only_the_seats_own_player_switches_its_hints():
    table, game, (ann, ben) = _table()
    url = f"/dragonformula/{table.code}/hints"
    answer = htmx_post(browser_of(ben), url, {"on": "false"})
    assert answer.status_code == 200 and "Hints: off" in answer.content.decode()
    assert Seat.objects.get(table=table, number=1).hints is False
    assert "1 card from a winning hand" not in _hints(table, ben)
    stranger = Player.objects.create(display_name="Stranger")
    for browser in (browser_of(stranger), Client()):
        assert htmx_post(browser, url, {"on": "true"}).status_code == 403
    assert list(Seat.objects.filter(table=table).values_list("hints", flat=True)) == [True, False]
    htmx_post(browser_of(ben), url, {"on": "true"})
    assert "1 card from a winning hand" in _hints(table, ben)
