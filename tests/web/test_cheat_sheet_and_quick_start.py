"""Learning beside the rules: a quick start at the top of each rules page, a cheat sheet
in a drawer at every table and on a printable page, and every mark on a table worded for
a screen reader."""

import re

import pytest
from django.test import Client

from tests.web.tables import browser_of, seated_table

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("game", "words"),
    [
        ("dragonformula", ["The goal", "A turn", "How to win", "Dan", "Pick"]),
        ("dragsaga", ["The goal", "A round", "How it ends", "least damage"]),
    ],
)
def test_each_rules_page_opens_with_a_quick_start(client, game, words):
    body = client.get(f"/rules/{game}/").content.decode()
    quick = body.split('id="quick-start"')[1].split("</section>")[0]
    assert body.index('id="quick-start"') < body.index('class="rulebook-toc"')
    for word in words:
        assert word in quick
    assert len(re.sub(r"<[^>]+>", "", quick)) < 1200  # one phone screen of words, not a chapter


def test_the_dragon_formula_cheat_sheet_holds_hands_majors_bonuses_and_calls(client):
    body = Client().get("/learn/dragonformula/cheat-sheet/").content.decode()
    for words in (
        "Sephirot hand of N",
        "5 Geburah",  # which majors belong to which sephira
        "M7</b> The Chariot",
        "Center Pillar",
        "Triangle",
        "Last Judgement",
        "×10",
        "Pick-and-Dan",
        "Has answered this discard.",
    ):
        assert words in body, words


def test_the_dragsaga_cheat_sheet_says_what_counts(client):
    body = client.get("/learn/dragsaga/cheat-sheet/").content.decode()
    for words in (
        "Lower is better",
        "♦",
        "Damage taken so far",
        "one card or none",
        "half the total cost",
        "6 at most",
    ):
        assert words in body, words


def test_a_game_without_learning_pages_is_404(client):
    assert client.get("/learn/chess/cheat-sheet/").status_code == 404


@pytest.mark.parametrize("game", ["dragonformula", "dragsaga"])
def test_every_table_has_the_cheat_sheet_drawer_in_both_languages(game):
    table, _game, players = seated_table(game, ["Ann", "Ben"])
    browser = browser_of(players[0])
    browser.cookies["django_language"] = "en"
    english = browser.get(f"/{game}/{table.code}/").content.decode()
    assert '<details class="cheat-sheet-drawer"' in english and "Cheat sheet" in english
    # Its content comes when it is first opened (htmx), not with every page.
    assert f'hx-get="/learn/{game}/cheat-sheet/" hx-trigger="toggle once"' in english
    opened = browser.get(f"/learn/{game}/cheat-sheet/", headers={"HX-Request": "true"})
    assert "<html" not in opened.content.decode() and "cheat-sheet-body" in opened.content.decode()
    browser.cookies["django_language"] = "ja"
    japanese = browser.get(f"/{game}/{table.code}/").content.decode()
    assert "早見表" in japanese


def test_the_marks_on_a_dragon_formula_table_are_worded_for_screen_readers():
    table, game, players = seated_table("dragonformula", ["Ann", "Ben"])
    browser = browser_of(players[0])
    browser.cookies["django_language"] = "en"
    page = browser.get(f"/dragonformula/{table.code}/").content.decode()
    assert 'starter<span class="visually-hidden">: This seat starts this game' in page
    # A major in the hand: its "3–6" is read out as the path it lies on.
    majors = re.findall(r'class="sephiroth" title="([^"]+)"', page)
    held = [code for code in game.state["hands"][0] if code.startswith("M")]
    assert len(majors) >= len(held) > 0  # seed 7 deals Ann majors
    assert all("Its path joins sephiroth" in title for title in majors)


def test_dragsaga_damage_is_worded_for_screen_readers():
    table, _game, players = seated_table("dragsaga", ["Ann", "Ben"])
    browser = browser_of(players[0])
    browser.cookies["django_language"] = "en"
    page = browser.get(f"/dragsaga/{table.code}/").content.decode()
    shown = '<span aria-hidden="true">♦</span><span class="visually-hidden">'
    assert page.count(shown + "Damage taken (lower is better):</span>") == 2  # both seats
