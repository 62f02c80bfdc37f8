"""High Card brings its own catalogue (examples/highcard/locale): every string it shows is
in it, translated into Japanese (the site's default) and compiled, so its table, rules page
and sheet read in Japanese with the game alone installed."""

from __future__ import annotations

import contextlib
import re
import shutil
from pathlib import Path

import polib
import pytest
from django.core.management import call_command
from django.test.utils import override_settings

from tests.web.tables import browser_of, seated_table

GAME = Path(__file__).resolve().parents[2] / "examples" / "highcard"
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


def catalogue(language: str, root: Path = GAME) -> polib.POFile:
    return polib.pofile(str(root / "locale" / language / "LC_MESSAGES" / "django.po"))


def keys(po: polib.POFile) -> set[tuple[str | None, str]]:
    return {(entry.msgctxt, entry.msgid) for entry in po if not entry.obsolete}


@pytest.mark.django_db
def test_a_fresh_makemessages_of_the_game_finds_nothing_missing_from_its_catalogue(tmp_path):
    copy = tmp_path / "highcard"
    shutil.copytree(GAME, copy, ignore=shutil.ignore_patterns("locale", "__pycache__"))
    (copy / "locale").mkdir()
    with contextlib.chdir(copy), override_settings(LOCALE_PATHS=[]):
        call_command("makemessages", locale=["ja", "en"], no_obsolete=True, verbosity=0)
    for language in ("ja", "en"):
        assert keys(catalogue(language, copy)) == keys(catalogue(language)), language


@pytest.mark.parametrize("language", ["ja", "en"])
def test_every_string_is_translated_and_compiled(language):
    po = catalogue(language)
    assert [e.msgid for e in po if not e.translated() or "fuzzy" in e.flags] == []
    mo = GAME / "locale" / language / "LC_MESSAGES" / "django.mo"
    compiled = {(e.msgctxt, e.msgid) for e in polib.mofile(str(mo)) if e.msgid}
    assert compiled == keys(po)
    if language == "ja":
        assert [e.msgid for e in po if not JAPANESE.search(e.msgstr or e.msgstr_plural[0])] == []


@pytest.mark.django_db
def test_the_table_reads_in_japanese(highcard):
    table, _game, (ann, _ben) = seated_table("highcard", ["Ann", "Ben"])
    page = browser_of(ann).get(f"/highcard/{table.code}/", HTTP_ACCEPT_LANGUAGE="ja")
    html = page.content.decode()
    assert "<h1>ハイカード</h1>" in html
    assert "あなたの番です。カードを1枚伏せて出してください。" in html
    assert "第 1 ラウンド（全3ラウンド）" in html and "0 ラウンド勝ち" in html
    assert "Your turn" not in html


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "says"),
    [("ja", "カード 99 を持っていません。"), ("en", "You do not hold card 99.")],
)
def test_a_refused_card_reads_in_the_players_language(highcard, language, says):
    table, _game, (ann, _ben) = seated_table("highcard", ["Ann", "Ben"])
    client = browser_of(ann)
    client.get("/")
    response = client.post(
        f"/highcard/{table.code}/act",
        {"action": '{"type": "play", "card": "C99"}', "version": 0},
        HTTP_HX_REQUEST="true",
        HTTP_X_CSRFTOKEN=client.cookies["csrftoken"].value,
        HTTP_ACCEPT_LANGUAGE=language,
    )
    assert response.status_code == 400
    assert f'<p class="refusal" role="alert">{says}</p>' in response.content.decode()
