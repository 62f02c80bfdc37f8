"""Every form and query string answers hostile input (3,000 nested brackets, a 20-digit
number, NaN, a 100 kB value, a NUL) with a 4xx and the form's message, never a 500."""

import pytest
from django.urls import reverse

from dragsaga.models import DragSagaResult
from games.tables.actions import guests
from games.tables.models import Table
from tests.support.leagues import make_league, make_members
from tests.web.tables import browser_of, htmx_post

pytestmark = pytest.mark.django_db

HOSTILE = ["[" * 3000, "9" * 20, "NaN", "Infinity", "-1e999", "x" * 100_000, "\x00", "²"]

VERIFY = {
    "game": "dragonformula",
    "players": "4",
    "seed": "1",
    "salt": "0" * 32,
    "commitment": "0" * 64,
    "options": "",
}


def test_verify_with_options_nested_three_thousand_deep_says_the_json_is_bad(client):
    response = client.get("/verify/", {**VERIFY, "options": "[" * 3000})
    assert response.status_code == 400
    assert "The table options are not valid JSON." in response.content.decode()


@pytest.mark.parametrize("value", ['{"pick_seconds": NaN}', '{"pick_seconds": Infinity}'])
def test_verify_refuses_nan_in_the_options(client, value):
    response = client.get("/verify/", {**VERIFY, "options": value})
    assert response.status_code == 400
    assert "The table options are not valid JSON." in response.content.decode()


@pytest.mark.parametrize("field", list(VERIFY))
@pytest.mark.parametrize("value", HOSTILE)
def test_verify_answers_any_hostile_field_with_a_4xx(client, field, value):
    response = client.get("/verify/", {**VERIFY, field: value})
    assert 400 <= response.status_code < 500


def test_a_keepers_twenty_digit_damage_is_refused_with_the_forms_message(admin_client):
    league = make_league("dragsaga", "Saga League")
    aki, ben = make_members(league, "Aki", "Ben")
    data = {"player_0": aki.pk, "player_1": ben.pk, "damage_0": "99999999999999999999"}
    data |= {"damage_1": 3, "cards_left_0": 1, "cards_left_1": 1}
    data |= {"leftover_cost_0": 1, "leftover_cost_1": 1}
    response = admin_client.post(reverse("leagues:record", args=[league.pk]), data)
    assert response.status_code == 400
    assert "less than or equal to 9999" in response.content.decode()
    assert not DragSagaResult.objects.exists()


@pytest.mark.parametrize("value", HOSTILE)
def test_every_league_form_answers_hostile_values_with_a_4xx(admin_client, value):
    for kind in ("dragonformula", "dragsaga"):
        league = make_league(kind, f"{kind} league")
        make_members(league, "Aki", "Ben", "Chie", "Dai")
        fields = [f"{name}_{seat}" for seat in range(4) for name in _SEAT_FIELDS]
        fields += ["club_night", "players", "bot_level", "game"]
        for url in (
            reverse("leagues:record", args=[league.pk]),
            reverse("leagues:open_table", args=[league.pk]),
        ):
            response = admin_client.post(url, dict.fromkeys(fields, value))
            assert 400 <= response.status_code < 500, (url, response.status_code)


_SEAT_FIELDS = ("player", "element", "damage", "cards_left", "leftover_cost")

QUERY_URLS = [
    "/",
    "/verify/",
    "/leagues/",
    "/leagues/sheets/dragonformula/",
    "/leagues/sheets/dragsaga/",
    "/join/",
    "/rules/",
    "/dragonformula/calculator/",
]


@pytest.mark.parametrize("url", QUERY_URLS)
@pytest.mark.parametrize("value", HOSTILE)
def test_query_strings_never_raise_a_server_error(client, url, value):
    params = dict.fromkeys(
        ["players", "sort", "dir", "step", "code", "cards", "element", "next", "options"], value
    )
    response = client.get(url, params)
    assert response.status_code < 500, (url, response.status_code)


@pytest.mark.parametrize("value", HOSTILE)
def test_the_lobby_forms_answer_hostile_values_with_a_4xx(value):
    player = guests.create_guest("Ann")
    browser = browser_of(player)
    for name in ("dragonformula", "dragsaga"):
        fields = [
            "players",
            "bot_level",
            "away_seconds",
            "option_pick_seconds",
            "option_dan_assist",
        ]
        data = {f"{name}-{field}": value for field in fields}
        response = htmx_post(browser, f"/new/{name}/", data)
        assert 400 <= response.status_code < 500, (name, response.status_code)
    assert not Table.objects.exists()
    response = htmx_post(browser_of(None), "/guest/", {"display_name": value, "next": value})
    assert response.status_code in (302, 400)
