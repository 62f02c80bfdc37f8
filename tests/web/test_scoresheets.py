"""Printable score sheets in HTML: blank and filled, Dragon Formula, DragSaga and standings."""

import re

import pytest
from django.urls import reverse

from dragonformula.scoring import GameEntry, PenaltyEntry
from tests.support.leagues import (
    NO_WINNER,
    make_league,
    make_members,
    record_dragsaga,
    record_set,
    won,
)

pytestmark = pytest.mark.django_db


def text(response) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.content.decode()))


def test_blank_dragon_formula_sheet_has_a_row_per_game_and_the_value_reference(client):
    response = client.get(reverse("leagues:blank_sheet", args=["dragonformula"]), {"players": 3})
    body = response.content.decode()
    assert response.status_code == 200
    games = body.split('class="sheet-games"')[1].split("</table>")[0]
    assert games.count("<tr") == 2 + 3 + 2  # two header rows, a game per player, two spare
    assert "Fire → Water → Air" in text(response)
    page = text(response)
    for words in ("Center Pillar 1500", "Pillar of Mercy +1500", "Genius ×10", "cheating −10000"):
        assert words in page
    assert 'class="page back"' in body
    assert (
        "data-print" in body and "js/sheet.js" in body
    )  # the Print button (no inline handler: CSP)
    assert reverse("leagues:blank_sheet_pdf", args=["dragonformula"]) in body
    assert 'class="crumbs"' not in body  # no navigation chrome


def test_filled_sheet_shows_every_game_running_totals_ranks_and_vp(client):
    league = make_league()
    members = make_members(league, "Aki", "Ben", "Chie", "Dai")
    penalty = GameEntry(winner=None, win="none", penalties=(PenaltyEntry(2, "false_dan"),))
    result = record_set(
        league,
        members,
        [
            won(0, "sephirot_5", "triangle"),
            penalty,
            won(1, multipliers=("genius",)),
            NO_WINNER,
            won(0),
        ],
    )
    response = client.get(reverse("leagues:set_sheet", args=[result.pk]))
    page = text(response)
    assert "Tarot Club" in page and "Spring League" in page
    assert "Sephirot hand: Geburah" in page and "Triangle" in page
    assert "Chie -500 (false Dan)" in page and "replayed (false Dan)" in page
    # Game 5 ends the set: running totals Aki 500, Ben 1000, Chie -500, Dai 0.
    games = response.content.decode().split('class="sheet-games"')[1].split("</table>")[0]
    last_row = games.split("<tr")[-1]
    assert re.findall(r'class="num write">\s*(-?\d+)\s*<', last_row) == [
        "100",
        "500",
        "1000",
        "-500",
        "0",
    ]
    seats = response.content.decode().split('class="sheet-seats"')[1].split("</table>")[0]
    assert re.findall(r"<td class=\"num write\">\s*([-\d.]+)\s*</td>", seats) == [
        "500",
        "2",
        "2",
        "1000",
        "1",
        "3",
        "-500",
        "4",
        "0",
        "0",
        "3",
        "1",
    ]


def test_dragsaga_sheets_blank_and_filled(client):
    blank = client.get(reverse("leagues:blank_sheet", args=["dragsaga"]))
    assert "R8" in text(blank) and "Final damage" in text(blank)
    league = make_league("dragsaga", "Saga League")
    aki, ben = make_members(league, "Aki", "Ben")
    result = record_dragsaga(league, [(aki, 5, 7, 2), (ben, 6, 0, 0)])
    filled = client.get(reverse("leagues:dragsaga_sheet", args=[result.pk]))
    rows = filled.content.decode().split("<tbody>")[1]
    assert re.findall(r"<td class=\"num write\">\s*([\d.]+)\s*</td>", rows) == [
        "5",
        "2",
        "7",
        "3",
        "8",
        "2",
        "2",
        "6",
        "0",
        "0",
        "0",
        "6",
        "1",
        "3",
    ]


def test_standings_sheet(client):
    league = make_league()
    members = make_members(league, "Aki", "Ben")
    record_set(league, members, [won(1, "center_pillar"), NO_WINNER])
    response = client.get(reverse("leagues:standings_sheet", args=[league.pk]))
    page = text(response)
    assert page.index("Ben") < page.index("Aki")
    assert "League standings" in page and "Tarot Club" in page
    assert "hx-get" not in response.content.decode()  # not sortable on paper


def test_a_pdf_that_cannot_be_made_says_so_and_points_to_print(client, monkeypatch):
    from games.printing import pdf

    def no_chromium(html):
        raise FileNotFoundError("/usr/bin/chromium")

    monkeypatch.setattr(pdf, "html_to_pdf", no_chromium)
    response = client.get(reverse("leagues:blank_sheet_pdf", args=["dragonformula"]))
    assert response.status_code == 503
    assert "use the Print button instead" in response.content.decode()
