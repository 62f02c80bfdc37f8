"""A reading names its groups for what they are: Center Pillar's two-card groups are pairs."""

import io
import re

import pytest
from django.core.management import call_command
from django.urls import reverse

from tests.support.leagues import make_league, make_members

pytestmark = pytest.mark.django_db

CENTER_PILLAR = "W1 C1 S6 P6 W9 S9 C10 P10 M2 M14 M21"


def as_read(html: str) -> str:
    """The page's groups as a reader reads their codes: card names and tags left out."""
    text = re.sub(r"<small>.*?</small>", "", html)
    text = re.sub(r"<[^>]+>", "", text)
    return re.sub(r"\s*,\s*(?=[A-Z]\d)", " ", text)


def calculator(client, **headers) -> str:
    url = reverse("dragonformula:calculator")
    response = client.get(url, {"codes": CENTER_PILLAR, "element": "fire"}, **headers)
    return as_read(response.content.decode())


def test_the_calculator_shows_center_pillar_pairs_as_pairs_in_english(client):
    body = calculator(client)
    assert "Center Pillar" in body
    assert "Pair: W1 C1" in body and "Pair: C10 P10" in body
    assert "Meld:" not in body


def test_the_calculator_shows_center_pillar_pairs_as_pairs_in_japanese(client, settings):
    settings.LANGUAGE_CODE = "ja"
    body = calculator(client)
    assert "センターピラー" in body
    assert "ペア: W1 C1" in body
    assert "三枚組" not in body


def test_a_sephirot_reading_still_shows_its_head_and_melds(client):
    url = reverse("dragonformula:calculator")
    body = as_read(
        client.get(
            url, {"codes": "C3 S3 P3 C4 S4 P4 C5 S5 P5 M7 M8", "element": "fire"}
        ).content.decode()
    )
    assert "Head: C5 S5 P5" in body and "Meld: C3 S3 P3" in body and "Pair:" not in body


def test_the_score_keeping_preview_shows_pairs(client, django_user_model):
    league = make_league()
    members = make_members(league, "Aki", "Ben")
    members[0].user = django_user_model.objects.create_user("aki", password="pw")
    members[0].save()
    league.organisers.add(members[0].user)  # who keeps score: the league's organisers
    client.force_login(members[0].user)
    data = {"player_0": members[0].pk, "player_1": members[1].pk}
    data |= {"element_0": "fire", "element_1": "water"}
    client.post(reverse("leagues:record", args=[league.pk]), data)
    set_result = league.matches.get().sets.get()
    body = as_read(
        client.post(
            reverse("leagues:hand_preview", args=[set_result.pk]),
            {"winner": 0, "cards": CENTER_PILLAR},
            headers={"HX-Request": "true"},
        ).content.decode()
    )
    assert "Pair: W1 C1" in body and "Meld:" not in body


def test_df_hand_names_the_pairs_in_both_languages():
    for lang, word in (("en", "Pair: W1"), ("ja", "ペア: W1")):
        out = io.StringIO()
        call_command(
            "df_hand", "--element", "fire", "--lang", lang, *CENTER_PILLAR.split(), stdout=out
        )
        assert word in out.getvalue()
