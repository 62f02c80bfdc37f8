"""The hand calculator page: the web twin of df_hand."""

import pytest
from django.urls import reverse

from dragonformula.rules import best_hand

pytestmark = pytest.mark.django_db

URL = reverse("dragonformula:calculator")
MY_SERIES = "C6 S6 P6 W1 W2 W3 CK SK PK M2 M4"  # Tiphareth with my series for fire


def test_typed_codes_show_the_best_reading_and_points(client):
    response = client.get(URL, {"codes": MY_SERIES, "element": "fire"})
    body = response.content.decode()
    expected = best_hand(MY_SERIES.split(), "fire")
    assert response.status_code == 200
    assert f"{expected.total} points" in body
    assert "Tiphareth" in body and "My Series" in body


def test_tapped_cards_and_multipliers_multiply(client):
    response = client.get(
        URL,
        {"card": MY_SERIES.split(), "element": "fire", "multipliers": ["genius", "last_judgement"]},
        headers={"HX-Request": "true"},
    )
    body = response.content.decode()
    assert "<html" not in body  # only the reading is swapped in
    assert (
        f"{best_hand(MY_SERIES.split(), 'fire', genius=True, last_judgement=True).total} points"
        in body
    )


def test_the_element_changes_the_reading(client):
    water = client.get(URL, {"codes": MY_SERIES, "element": "water"}).content.decode()
    assert f"{best_hand(MY_SERIES.split(), 'water').total} points" in water
    assert "My Series" not in water


def test_a_malformed_code_is_named(client):
    response = client.get(URL, {"codes": "W3 C3 ZZ9", "element": "fire"})
    assert response.status_code == 400
    assert "ZZ9" in response.content.decode()


def test_fewer_than_eleven_cards_says_how_many(client):
    body = client.get(URL, {"codes": "W3 C3 S3", "element": "fire"}).content.decode()
    assert "3 of 11 cards chosen." in body


def test_the_page_offers_all_78_cards(client):
    body = client.get(URL).content.decode()
    assert body.count('name="card"') == 78
