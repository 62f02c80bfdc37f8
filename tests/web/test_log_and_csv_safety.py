"""An operator's log stays readable under forged POSTs (each refusal one short line), and
a league's CSV exports never hand a spreadsheet a formula from a name."""

import csv
import io
import json
import logging

import pytest
from django.urls import reverse

from dragonformula.scoring import GameEntry, PenaltyEntry
from games.leagues.csv_cells import safe_cell
from tests.support.leagues import make_league, make_members, record_set, won
from tests.web.tables import browser_of, htmx_post, seated_table

pytestmark = pytest.mark.django_db


def test_a_long_refused_post_is_logged_as_one_short_line(caplog):
    caplog.set_level(logging.INFO, logger="games.oplog")
    table, game, players = seated_table("dragonformula", ["Ann", "Ben"])
    browser = browser_of(players[game.state["turn"]])
    huge = json.dumps({"type": "draw", "note": "x" * 200_000})  # under the form-data limit
    for _ in range(3):
        response = htmx_post(
            browser, f"/dragonformula/{table.code}/act", {"action": huge, "version": "0"}
        )
        assert response.status_code == 400
    lines = [r.getMessage() for r in caplog.records if r.name == "games.oplog"]
    assert len(lines) == 3
    for line in lines:
        assert "action rejected" in line and "\n" not in line
        assert len(line) < 400
        assert " type=not_an_action " in line and "xxxx" not in line  # too long to be one


async def test_a_two_megabyte_post_is_refused_before_django_reads_it():
    from asgiref.testing import ApplicationCommunicator

    from config.asgi import application

    body = b"action=" + b"x" * 2_400_000
    scope = {
        "type": "http",
        "method": "POST",
        "path": "/dragonformula/ABCDE/act",
        "headers": [(b"content-length", str(len(body)).encode()), (b"host", b"localhost")],
        "query_string": b"",
    }
    request = ApplicationCommunicator(application, scope)
    await request.send_input({"type": "http.request", "body": body})
    start = await request.receive_output(5)
    assert start["status"] == 413
    assert b"too large" in (await request.receive_output(5))["body"]


EVIL = '=HYPERLINK("http://evil.example","x")'


def read_csv(response):
    return list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))


@pytest.mark.parametrize("name", [EVIL, "+1+1", "-2+3", "@SUM(A1)", "\tTab", "\rCR"])
def test_a_name_a_spreadsheet_would_run_is_exported_as_text(client, name):
    league = make_league()
    members = make_members(league, name, "Ben", "Chie", "Dai")
    record_set(league, members, [won(0), won(1), won(2), won(3)])
    for url in ("leagues:standings_csv", "leagues:results_csv"):
        rows = read_csv(client.get(reverse(url, args=[league.pk])))
        cells = [cell for row in rows for cell in row]
        assert "'" + name in cells
        assert name not in cells
        assert not any(cell.startswith(("=", "+", "@", "\t", "\r")) for cell in cells)


def test_negative_points_stay_numbers_in_the_export(client):
    league = make_league()
    members = make_members(league, "Aki", "Ben", "Chie", "Dai")
    penalty = GameEntry(winner=None, win="none", penalties=(PenaltyEntry(3, "wrong_order"),))
    record_set(league, members, [won(0), penalty, won(1), won(2)])
    assert safe_cell("-100") == "-100" and safe_cell(-100) == -100 and safe_cell("2.50") == "2.50"
    assert safe_cell("-x") == "'-x"
    rows = read_csv(client.get(reverse("leagues:results_csv", args=[league.pk])))
    header = rows[0]
    dai = next(row for row in rows if row[header.index("Player")] == "Dai")
    assert dai[header.index("Points")] == "-100"
