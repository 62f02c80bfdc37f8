"""Reading a league's figures back from everywhere a person sees them: the league page, the
standings CSV and PDF, the results CSV, the night page (its board and tonight's standings),
the projector page and the player pages, so a test can compare them with the truth."""

from __future__ import annotations

import csv
import io
import re
from decimal import Decimal
from html.parser import HTMLParser
from pathlib import Path

from django.urls import reverse

from games.printing import pdf
from tests.support.pages import pdftotext

EN = {"HTTP_ACCEPT_LANGUAGE": "en"}


class _Rows(HTMLParser):
    """Every table row of a page as the text of its cells."""

    def __init__(self) -> None:
        super().__init__()
        self.rows: list[list[str]] = []
        self._cell: list[str] | None = None
        self._row: list[str] | None = None

    def handle_starttag(self, tag, attrs):
        if tag == "tr":
            self._row = []
        elif tag in ("td", "th") and self._row is not None:
            self._cell = []

    def handle_endtag(self, tag):
        if tag in ("td", "th") and self._cell is not None and self._row is not None:
            self._row.append(" ".join("".join(self._cell).split()))
            self._cell = None
        elif tag == "tr" and self._row is not None:
            self.rows.append(self._row)
            self._row = None

    def handle_data(self, data):
        if self._cell is not None:
            self._cell.append(data)


def table_rows(html: str) -> list[list[str]]:
    parser = _Rows()
    parser.feed(html)
    return parser.rows


def row_of(rows: list[list[str]], name: str) -> list[str]:
    """The standings row of ``name``: its place, then the name, then the figures."""
    found = [row for row in rows if len(row) > 1 and row[1] == name and row[0].isdigit()]
    assert len(found) == 1, f"{name}: {found}"
    return found[0]


def section(html: str, section_id: str) -> str:
    """The ``<section id=…>`` of a page."""
    start = html.index(f'id="{section_id}"')
    return html[start : html.index("</section>", start)]


def vp(value) -> str:
    """Victory points as the pages print them (``floatformat:"-2"``)."""
    number = Decimal(str(value))
    return f"{number:.2f}" if number != number.to_integral() else f"{number:.0f}"


def pdf_of(client, url: str, tmp_path: Path, **headers) -> str:
    pdf._cache.clear()
    response = client.get(url, **(headers or EN))
    assert response.status_code == 200, response.content[:300]
    return pdftotext(response.content, tmp_path)


def csv_rows(client, url: str) -> list[dict[str, str]]:
    response = client.get(url, **EN)
    return list(csv.DictReader(io.StringIO(response.content.decode("utf-8-sig"))))


EMPTY_HEADER = re.compile(r"<th\b[^>]*>\s*</th>")


def assert_every_column_is_named(page: str) -> None:
    """No table on the page has a column (or row) header that says nothing: a screen reader
    reads each cell with its header."""
    assert not EMPTY_HEADER.findall(page), EMPTY_HEADER.findall(page)


def assert_every_figure_agrees(client, league, night, expected, tmp_path) -> None:
    """``expected``: {name: (victory points, points, results counted)} of every player with a
    result, the truth. Each place a person reads must say the same."""
    page = client.get(reverse("leagues:league_detail", args=[league.pk]), **EN).content.decode()
    assert_every_column_is_named(page)
    standings_pdf = pdf_of(
        client, reverse("leagues:standings_sheet_pdf", args=[league.pk]), tmp_path
    )
    by_name = {
        row["Player"]: row
        for row in csv_rows(client, reverse("leagues:standings_csv", args=[league.pk]))
    }
    results = csv_rows(client, reverse("leagues:results_csv", args=[league.pk]))
    night_page = client.get(reverse("nights:night", args=[night.pk]), **EN).content.decode()
    screen = client.get(reverse("nights:screen", args=[night.pk]), **EN).content.decode()
    for name, (victory, points, played) in expected.items():
        # The league page's standings: VP, games counted, points.
        row = row_of(table_rows(page), name)
        assert row[2] == vp(victory) and row[4] == str(played) and row[7] == str(points), row
        # The standings CSV and its printed sheet.
        assert Decimal(by_name[name]["VP"]) == Decimal(victory), by_name[name]
        assert by_name[name]["Games" if "Games" in by_name[name] else "Sets"] == str(played)
        line = next(text for text in standings_pdf.splitlines() if f" {name} " in f" {text} ")
        assert vp(victory) in line.split() and str(points) in line.split(), line
        # The results CSV: the lines that count (not void, complete) add up to the same.
        counted = [
            r
            for r in results
            if r["Player"] == name and r["Void"] == "no" and r["Complete"] == "yes"
        ]
        assert sum(Decimal(r["VP"]) for r in counted) == Decimal(victory)
        assert len(counted) == played
        # Tonight's standings on the night page and the projector.
        row = row_of(table_rows(night_page), name)
        assert row[2:5] == [vp(victory), str(played), str(points)], row
        row = row_of(table_rows(section(screen, "night-tonight")), name)
        assert row[2:4] == [vp(victory), str(points)], row
        league_rows = table_rows(section(screen, "night-league"))  # its top five
        if any(len(r) > 1 and r[1] == name for r in league_rows):
            assert row_of(league_rows, name)[2:4] == [vp(victory), str(played)]
        # The player's own page counts the same results, and rates exactly those.
        member = league.members.get(name=name)
        mine = client.get(reverse("leagues:member_detail", args=[member.pk]), **EN).content.decode()
        word = "Sets played" if league.game == "dragonformula" else "Games played"
        if played:
            assert re.search(rf"{word}</dt><dd>{played}</dd>", mine), name
            assert re.search(rf"Rated results</dt><dd>{played}</dd>", mine), name
        else:  # nothing counted: no figures of this game at all, or none above nought
            assert not re.search(rf"{word}</dt><dd>[1-9]", mine), name
