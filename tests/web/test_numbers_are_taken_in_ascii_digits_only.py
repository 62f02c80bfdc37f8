"""Every numeric field of every form takes ASCII digits only: ``pick_seconds=١٢`` made a
12-second table before (``int`` reads Arabic-Indic digits); now it is refused with a clear
message and nothing is made. The lobby's options, the verify pages, DragSaga score
keeping and the admin's forms all refuse them; and no form of the club declares Django's
plain numeric fields, which take any script's digits."""

import ast
from pathlib import Path

import pytest
from django import forms
from django.apps import apps
from django.contrib import admin
from django.contrib.auth import get_user_model
from django.test import RequestFactory
from django.urls import reverse

from games.registry import GAMES, game_kind
from games.tables.forms import NewTableForm
from games.tables.models import Player, Table
from tests.support.leagues import make_league, make_members
from tests.web.tables import browser_of
from tests.web.test_leavers import lobby_post

pytestmark = pytest.mark.django_db

ARABIC_12 = "١٢"
MESSAGE = "Enter the number in the digits 0-9."
ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("twelve", [ARABIC_12, "１２"])  # Arabic-Indic, full-width
def test_a_lobby_option_in_other_digits_is_refused_and_no_table_is_made(twelve):
    browser = browser_of(Player.objects.create(display_name="Ann"), csrf=False)
    refused = browser.post(
        "/new/dragonformula/", lobby_post("dragonformula", option_pick_seconds=twelve)
    )
    assert refused.status_code == 400
    assert MESSAGE in refused.content.decode()
    assert not Table.objects.exists()
    made = browser.post(
        "/new/dragonformula/", lobby_post("dragonformula", option_pick_seconds="12")
    )
    assert made.status_code == 302
    assert Table.objects.get().options["pick_seconds"] == 12


def test_the_away_limit_in_other_digits_is_refused():
    browser = browser_of(Player.objects.create(display_name="Ann"), csrf=False)
    refused = browser.post("/new/dragsaga/", lobby_post("dragsaga", away_seconds="٣٠"))
    assert refused.status_code == 400 and MESSAGE in refused.content.decode()


@pytest.mark.parametrize(
    "query",
    [
        {
            "game": "dragonformula",
            "players": "٤",
            "seed": "1",
            "salt": "0" * 32,
            "commitment": "0" * 64,
        },
        {
            "game": "dragonformula",
            "players": "4",
            "seed": "١٢",
            "salt": "0" * 32,
            "commitment": "0" * 64,
        },
        {
            "kind": "seat-draw",
            "night": "١",
            "round": "1",
            "seed": "1",
            "salt": "0" * 32,
            "commitment": "0" * 64,
        },
    ],
)
def test_the_verify_pages_refuse_other_digits(client, query):
    response = client.get(reverse("games:verify"), query, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 400
    assert MESSAGE in response.content.decode()


def test_dragsaga_score_keeping_refuses_other_digits(admin_client):
    from dragsaga.models import DragSagaResult

    league = make_league("dragsaga", "Saga League")
    aki, ben = make_members(league, "Aki", "Ben")
    data = {}
    for seat, member in enumerate((aki, ben)):
        data |= {
            f"player_{seat}": member.pk,
            f"damage_{seat}": "٤" if seat == 0 else "3",
            f"cards_left_{seat}": "2",
            f"leftover_cost_{seat}": "7",
        }
    response = admin_client.post(reverse("leagues:record", args=[league.pk]), data)
    assert response.status_code == 400
    assert MESSAGE in response.content.decode()
    assert not DragSagaResult.objects.exists()


def test_the_admin_refuses_other_digits(admin_client):
    table = Table.objects.create(game_name="dragonformula", players=4)
    url = reverse("admin:games_table_change", args=[table.pk])
    page = admin_client.get(url)
    assert page.status_code == 200
    form = page.context["adminform"].form
    data = {name: form.initial.get(name, "") for name in form.fields}
    data = {k: ("" if v is None else v) for k, v in data.items()}
    data["players"] = "٣"
    response = admin_client.post(url, data)
    assert MESSAGE in response.content.decode()
    table.refresh_from_db()
    assert table.players == 4


def numeric_fields(form_class_or_form):
    form = form_class_or_form
    return {
        name: field
        for name, field in form.fields.items()
        if isinstance(field, forms.IntegerField | forms.FloatField | forms.DecimalField)
    }


def test_every_numeric_field_of_the_lobby_and_the_admin_takes_ascii_digits_only():
    found = {}
    for name in GAMES:
        for field_name, field in numeric_fields(NewTableForm(game_kind(name))).items():
            found[f"lobby {name} {field_name}"] = field
    staff = get_user_model().objects.create_superuser("root", password="x")
    request = RequestFactory().get("/admin/")
    request.user = staff
    for model in apps.get_models():
        model_admin = admin.site.get_model_admin(model) if admin.site.is_registered(model) else None
        if model_admin is None:
            continue
        form = model_admin.get_form(request)()
        for field_name, field in numeric_fields(form).items():
            found[f"admin {model.__name__} {field_name}"] = field
        for inline in model_admin.get_inline_instances(request):
            inline_form = inline.get_formset(request).form()
            for field_name, field in numeric_fields(inline_form).items():
                found[f"admin {model.__name__} inline {field_name}"] = field
    assert any(key.startswith("lobby") for key in found) and any(
        key.startswith("admin") for key in found
    )
    from games.tables import validators

    digits_only = (
        validators.DigitsIntegerField,
        validators.DigitsFloatField,
        validators.DigitsDecimalField,
    )
    plain = sorted(key for key, field in found.items() if not isinstance(field, digits_only))
    assert not plain


def test_no_form_of_the_club_declares_a_plain_numeric_field():
    plain = []
    for package in ("games", "dragonformula", "dragsaga", "config"):
        for path in (ROOT / package).rglob("*.py"):
            if path.name == "validators.py" or "migrations" in path.parts:
                continue
            for node in ast.walk(ast.parse(path.read_text(), str(path))):
                if (
                    isinstance(node, ast.Attribute)
                    and isinstance(node.value, ast.Name)
                    and node.value.id == "forms"
                    and node.attr in ("IntegerField", "FloatField", "DecimalField")
                    and isinstance(getattr(node, "ctx", None), ast.Load)
                ):
                    plain.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert plain == []
