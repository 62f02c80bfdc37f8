"""Card-code mistakes are told in the page's language on the calculator and the keeper form."""

import pytest
from django.urls import reverse

from tests.web.test_leagues_scorekeeping import PILLAR_OF_MERCY, keeper, start_set  # noqa: F401

pytestmark = pytest.mark.django_db

CALCULATOR = reverse("dragonformula:calculator")
ENGLISH_LEFTOVERS = ("given twice", "unknown card code", "expected e.g.", "(token ")


def japanese(settings):
    settings.LANGUAGE_CODE = "ja"


@pytest.mark.parametrize(
    ("codes", "message"),
    [
        ("W3 W3 C3", "W3 が2回指定されています。"),
        ("W3 X9 C3", "X9 はカードのコードではありません（例: W3、C10、M7）。"),
    ],
)
def test_the_calculator_tells_card_code_mistakes_in_japanese(client, settings, codes, message):
    japanese(settings)
    response = client.get(CALCULATOR, {"codes": codes, "element": "fire"})
    body = response.content.decode()
    assert response.status_code == 400
    assert message in body
    assert not any(word in body for word in ENGLISH_LEFTOVERS), body


def test_the_calculator_tells_them_in_english_too(client):
    body = client.get(CALCULATOR, {"codes": "W3 X9", "element": "fire"}).content.decode()
    assert "X9 is not a card code (for example W3, C10 or M7)." in body


def test_the_keeper_form_tells_card_code_mistakes_in_japanese(keeper, settings):  # noqa: F811
    japanese(settings)
    client, league, members = keeper
    set_result = start_set(client, league, members)
    url = reverse("leagues:set_detail", args=[set_result.pk])
    twice = PILLAR_OF_MERCY.replace("C8", "W3")
    response = client.post(url, {"winner": 0, "win": "dan", "cards": twice})
    body = response.content.decode()
    assert response.status_code == 400
    assert "W3 が2回指定されています。" in body
    assert not any(word in body for word in ENGLISH_LEFTOVERS)
    preview = client.post(
        reverse("leagues:hand_preview", args=[set_result.pk]),
        {"winner": 0, "cards": "W3 X9"},
        headers={"HX-Request": "true"},
    ).content.decode()
    assert "X9 はカードのコードではありません" in preview


def test_genius_with_surprise_is_told_in_japanese(client, settings):
    japanese(settings)
    body = client.get(
        CALCULATOR,
        {
            "codes": PILLAR_OF_MERCY,
            "element": "fire",
            "multipliers": ["genius", "surprise"],
        },
    ).content.decode()
    assert "ジェニアス" in body and "cannot both apply" not in body
