"""Review: forged table POSTs get a readable 4xx and change nothing (never a 500)."""

import json

import pytest

from games import services
from games.models import ActionLog, Game
from tests.web.tables import browser_of, htmx_post, seated_table

pytestmark = pytest.mark.django_db

NAMES = ["Ann", "Ben", "Cho", "Dai"]


@pytest.fixture
def df():
    table, game, players = seated_table("dragonformula", NAMES)
    return table, game, players


@pytest.mark.parametrize("version", ["²", "٣", "9" * 5000, "-1", " 0"])
def test_a_version_that_is_no_plain_number_is_refused_readably(df, version):
    table, game, players = df
    browser = browser_of(players[game.state["turn"]])
    data = {"action": json.dumps({"type": "draw"}), "version": version}
    response = htmx_post(browser, f"/dragonformula/{table.code}/act", data)
    assert response.status_code == 400
    assert "did not say which state you saw" in response.content.decode()
    assert Game.objects.get(pk=game.pk).version == 0


@pytest.mark.parametrize("seat", ["²", "9" * 5000])
def test_a_seat_number_that_is_no_plain_number_is_refused_readably(seat):
    players = [services.create_guest(name) for name in ("Ann", "Ben")]
    table = services.create_table(game_name="dragonformula", players=4, created_by=players[0])
    response = htmx_post(browser_of(players[1]), f"/dragonformula/{table.code}/sit", {"seat": seat})
    assert response.status_code == 400
    assert 'role="alert"' in response.content.decode()
    assert not table.seats.filter(player=players[1]).exists()


def test_a_deeply_nested_action_is_refused_readably(df):
    table, game, players = df
    browser = browser_of(players[game.state["turn"]])
    data = {"action": "[" * 50_000 + "]" * 50_000, "version": "0"}
    response = htmx_post(browser, f"/dragonformula/{table.code}/act", data)
    assert response.status_code == 400
    assert "not an action of this game" in response.content.decode()
    assert not ActionLog.objects.exists()


def test_an_action_padded_with_a_huge_extra_field_is_refused_and_not_logged(df):
    table, game, players = df
    browser = browser_of(players[game.state["turn"]])
    padded = {"type": "draw", "note": "x" * 1_000_000}
    data = {"action": json.dumps(padded), "version": "0"}
    response = htmx_post(browser, f"/dragonformula/{table.code}/act", data)
    assert response.status_code == 400
    assert "not an action of this game" in response.content.decode()
    assert not ActionLog.objects.exists()
    assert Game.objects.get(pk=game.pk).version == 0
