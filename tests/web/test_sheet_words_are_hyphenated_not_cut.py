"""A printed sheet never cuts a word mid-syllable: a name too long for its column is
hyphenated where the language allows ("Judge-ment"), never "Judgemen t"."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from dragonformula import scoring
from tests.support.leagues import NO_WINNER, make_league, make_members, new_match, seats, won
from tests.web.record_agreement import pdf_of

pytestmark = pytest.mark.django_db


def test_last_judgement_is_never_cut_on_the_printed_sheet(client, tmp_path):
    league = make_league()
    members = make_members(league, "Aki", "Ben", "Cho", "Dai")
    games = [won(0, multipliers=("last_judgement",)), NO_WINNER, NO_WINNER, NO_WINNER]
    set_result = scoring.record_set_result(new_match(league), seats(members), games)
    text = pdf_of(client, reverse("leagues:set_sheet_pdf", args=[set_result.pk]), tmp_path)
    words = text.split()
    assert "Last" in words
    # Whole, or hyphenated at a syllable: never a fragment that is no part of the word.
    assert "Judgement" in words or any(re.fullmatch(r"Judge-", w) for w in words), text
    for fragment in ("Judgemen", "Judgeme", "Judgem", "t", "nt"):
        assert fragment not in words, (fragment, text)
