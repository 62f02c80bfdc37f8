"""High Card's blank score sheet prints: WeasyPrint (games/printing) makes an A4 PDF of the
game's own sheet, a row per player and a box per round, in English and in Japanese."""

from __future__ import annotations

import io
import re

import pytest
from django.urls import reverse
from pypdf import PdfReader

from games.printing import pdf
from tests.support.pages import pdftotext

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _empty_cache():
    pdf._cache.clear()
    yield
    pdf._cache.clear()


@pytest.mark.parametrize(("language", "words"), [("en", "Round 3"), ("ja", "第 3 ラウンド")])
def test_the_blank_sheet_prints_as_an_a4_pdf_with_a_row_per_player(
    highcard, client, tmp_path, language, words
):
    url = reverse("leagues:blank_sheet_pdf", args=["highcard"])
    response = client.get(url, {"players": 4}, HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    reader = PdfReader(io.BytesIO(response.content))
    page = reader.pages[0]
    assert (round(float(page.mediabox.width)), round(float(page.mediabox.height))) == (595, 842)
    text = pdftotext(response.content, tmp_path)
    assert words in text
    assert re.findall(r"^\s*(\d)\s*$", text, re.M) == ["1", "2", "3", "4"]  # a row a seat
