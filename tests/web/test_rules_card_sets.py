"""The DragSaga rules page shows the club's card sets as an admin entered them, not only the
engine's default; a fresh install shows the seeded default set."""

from __future__ import annotations

import html
import re

import pytest

from dragsaga.models import DEFAULT_SET_NAME, CardSet, ensure_default_set
from dragsaga.rules.cards import default_card_set
from tests.web.test_ds_card_sets import add_set, club_cards

pytestmark = pytest.mark.django_db


def page(client, url: str, language: str = "en") -> str:
    client.cookies["django_language"] = language
    response = client.get(url)
    assert response.status_code == 200
    return html.unescape(response.content.decode())


def rows(text: str) -> dict[str, str]:
    """The card table's rows by card id: the row's text."""
    found = re.findall(r'<tr id="card-([a-z0-9_]+)"[^>]*>(.*?)</tr>', text, re.S)
    return {card: re.sub(r"<[^>]+>", " ", row) for card, row in found}


def test_a_fresh_install_shows_the_seeded_default_set(client):
    ensure_default_set()
    text = page(client, "/rules/dragsaga/")
    assert DEFAULT_SET_NAME in text
    shown = rows(text)
    assert list(shown) == [card["id"] for card in default_card_set()]
    assert "Claw" in shown["claw"]
    assert 'class="card-set-choice"' not in text  # one set: nothing to choose


def test_an_admin_renamed_card_appears_on_the_rules_page(client, admin_client):
    ensure_default_set()
    cards = club_cards()
    cards[0].update(name_en="Our Claw", name_ja="我らの爪", cost=2)
    assert add_set(admin_client, "Our box", cards).status_code == 302
    our_box = CardSet.objects.get(name="Our box")

    first = page(client, "/rules/dragsaga/")
    assert f'href="?set={our_box.pk}#card-set"' in first and "Our box" in first

    english = rows(page(client, f"/rules/dragsaga/?set={our_box.pk}"))
    assert "Our Claw" in english["claw"] and re.search(r"\b2\b", english["claw"])
    assert "Club Divine Storm" in english["divine_storm"]
    japanese = rows(page(client, f"/rules/dragsaga/?set={our_box.pk}", "ja"))
    assert "我らの爪" in japanese["claw"]
    # The default set is still there, unrenamed.
    default = CardSet.objects.get(name=DEFAULT_SET_NAME)
    assert "Our Claw" not in page(client, f"/rules/dragsaga/?set={default.pk}")


def test_the_chosen_set_is_marked_and_an_unknown_one_is_not_found(client, admin_client):
    ensure_default_set()
    add_set(admin_client, "Our box", club_cards())
    our_box = CardSet.objects.get(name="Our box")
    text = page(client, f"/rules/dragsaga/?set={our_box.pk}")
    assert re.search(rf'href="\?set={our_box.pk}#card-set" aria-current="page"', text)
    assert "Card set: Our box" in text
    for bad in ("999999", "two", ""):
        assert client.get("/rules/dragsaga/", {"set": bad}).status_code == 404


def test_without_any_set_the_page_shows_the_engine_default(client):
    CardSet.objects.all().delete()
    shown = rows(page(client, "/rules/dragsaga/"))
    assert list(shown) == [card["id"] for card in default_card_set()]
