"""What a newcomer is told at a Dragon Formula table, checked against the game: the card
codes and their own suit (with the hints of their first tables, always in the cheat
sheet), which game of how many of which set is being played (the ended one while its
result is up), why a Pick was lost to a nearer seat, what Dan assist does where a table
is opened; and an English page names every major in English alone."""

import re

import pytest
from django.test import Client
from django.utils import translation

from dragonformula.rules.cards import ALL_CARDS, OWN_SUIT
from dragonformula.rules.tree import MAJORS_OF_CLASS
from dragonformula.templatetags.tarot import tarot_card
from games.tables.actions import hints as table_hints
from games.tables.actions import opening, playing, seating, starting
from games.tables.models import Player, Seat, Table
from tests.game.df_table import deal
from tests.web.tables import browser_of

pytestmark = pytest.mark.django_db

NAMES = ["Ann", "Ben", "Cho", "Dai"]
CJK = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
SUIT_WORDS = {"W": "Wands", "C": "Cups", "S": "Swords", "P": "Pentacles"}


def _table(deals):
    players = [Player.objects.create(display_name=name) for name in NAMES]
    table = opening.create_table(
        game_name="dragonformula", players=4, options={"turn_seconds": 0}, created_by=players[0]
    )
    for player in players[1:]:
        seating.sit(table, player)
    Table.objects.filter(pk=table.pk).update(stacking={"deals": deals, "fire_seats": [0]})
    table.refresh_from_db()
    return table, starting.start(table, players[0], seed=3), players


def _act(game, player, kind, **extra):
    return playing.apply_action(game, player, {"type": kind, **extra}, game.version)


def _page(table, player):
    browser = browser_of(player)
    return browser.get(f"/dragonformula/{table.code}/", headers={"Accept-Language": "en"})


def test_the_legend_and_own_suit_show_with_the_hints_of_a_first_table_only():
    table, game, players = _table([deal(4, {})])
    for number, player in enumerate(players):
        html = _page(table, player).content.decode()
        element = game.state["elements"][number]
        suit = OWN_SUIT[element]
        assert "W Wands · C Cups · S Swords · P Pentacles" in html  # a first table: hints on
        assert f"your own suit is {SUIT_WORDS[suit]} ({suit})." in html
    # A seat that has turned its hints off has no legend either; the cheat sheet still has it.
    table_hints.set_hints(table, players[0], False)
    html = _page(table, players[0]).content.decode()
    assert "card-legend" not in html and 'id="cheat-sheet"' in html
    assert Seat.objects.get(table=table, number=0).hints is False


def test_the_cheat_sheet_names_the_codes_the_zodiacal_majors_and_the_match():
    for language, words in (
        ("en", ["Pentacles", "Knight", "Zodiacal majors", "victory points (3, 2, 1, 0)"]),
        ("ja", ["金貨", "ナイト", "獣帯", "勝利点（3、2、1、0）"]),
    ):
        html = Client().get(
            "/learn/dragonformula/cheat-sheet/", headers={"Accept-Language": language}
        )
        text = html.content.decode()
        assert all(word in text for word in words), language
        zodiacal = re.search(r'class="cs-zodiacal">(.*?)</p>', text, re.S).group(1)
        assert re.findall(r"<b>(M\d+)</b>", zodiacal) == list(MAJORS_OF_CLASS["zodiacal"])


def test_the_table_says_which_game_of_the_set_even_while_a_result_is_up():
    winning = "W5 C5 S5 W1 W2 W3 C7 C8 C9 M7"  # Geburah but one major (M8 is on the pile)
    table, game, (ann, ben, cho, dai) = _table([deal(4, {0: winning}, pile="M8")])
    assert "Game 1 of 4 · set 1" in _page(table, ann).content.decode()
    game = _act(_act(game, ann, "draw"), ann, "dan")
    html = _page(table, ann).content.decode()
    assert "Ann wins" in html  # game 1's result is up, and the table still says game 1
    assert "Game 1 of 4 · set 1" in html and "Game 2 of 4" not in html
    for player in (ann, ben, cho, dai):
        game = _act(game, player, "next_game")
    assert "Game 2 of 4 · set 1" in _page(table, ann).content.decode()


def test_a_pick_lost_to_a_nearer_seat_says_so():
    table, game, (ann, ben, cho, dai) = _table([deal(4, {0: "WK", 1: "M7", 2: "M3"})])
    game = _act(_act(game, ann, "draw"), ann, "discard", card="WK")
    game = _act(_act(_act(game, cho, "pick"), ben, "pick"), dai, "pass")
    assert game.state["discards"][0] == [] and "WK" in game.state["hands"][1]  # Ben took it
    html = _page(table, cho).content.decode()
    assert "Cho also asked for King of Wands: Ben is nearer the discarder." in html
    ja = (
        browser_of(cho)
        .get(f"/dragonformula/{table.code}/", headers={"Accept-Language": "ja"})
        .content.decode()
    )
    assert "Cho も 棒のキング を求めましたが、捨てた人により近い Ben が取ります。" in ja


def test_dan_assist_is_explained_where_a_table_is_opened():
    ann = Player.objects.create(display_name="Ann")
    lobby = browser_of(ann).get("/", headers={"Accept-Language": "en"}).content.decode()
    assert "Dan is offered only when your 11 cards win" in lobby
    lobby = browser_of(ann).get("/", headers={"Accept-Language": "ja"}).content.decode()
    assert "誤ダン（−500点、そのゲームはやり直し）は起きません" in lobby


def test_an_english_page_names_every_card_in_english_alone():
    for code in ALL_CARDS:
        with translation.override("en"):
            face = tarot_card(code)
        assert not CJK.search(re.sub(r'title="[^"]*"', "", face)), code
        assert not CJK.search(face), code  # its title (the tooltip) too
        with translation.override("ja"):
            assert CJK.search(tarot_card(code)), code
