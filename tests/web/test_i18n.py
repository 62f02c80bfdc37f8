"""Japanese by default, English on request, and catalogues that cover every message."""

import re

import polib
import pytest

from scripts import i18n_check

pytestmark = pytest.mark.django_db

LANGUAGES = ("ja", "en")
PLACEHOLDER = re.compile(r"%\(\w+\)[sd]|\{\w*\}")


def catalogue(language: str) -> polib.POFile:
    return polib.pofile(str(i18n_check.catalogue_path(language)))


@pytest.mark.parametrize("language", LANGUAGES)
def test_catalogue_has_no_untranslated_or_fuzzy_message(language):
    po = catalogue(language)
    live = [entry for entry in po if not entry.obsolete]
    assert len(live) > 100
    assert [e.msgid for e in live if not e.translated()] == []
    assert [e.msgid for e in live if "fuzzy" in e.flags] == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_translations_keep_every_placeholder(language):
    for entry in catalogue(language).translated_entries():
        translations = entry.msgstr_plural.values() if entry.msgid_plural else [entry.msgstr]
        for text in translations:
            assert sorted(PLACEHOLDER.findall(text)) == sorted(PLACEHOLDER.findall(entry.msgid)), (
                entry.msgid
            )


def test_japanese_catalogue_is_japanese():
    """A copied English string is not a translation: most Japanese entries carry kana or kanji."""
    japanese = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
    entries = catalogue("ja").translated_entries()
    latin_only = [e.msgid for e in entries if not japanese.search(e.msgstr)]
    assert len(latin_only) <= len(entries) // 20, latin_only


def test_a_fresh_makemessages_finds_no_message_missing_from_the_catalogues():
    report = i18n_check.check()
    assert report.missing == {language: [] for language in LANGUAGES}
    assert report.complete, "\n".join(report.lines())


@pytest.mark.parametrize("language", LANGUAGES)
def test_compiled_catalogue_matches_its_source(language):
    """The committed .mo (what `make run` serves without gettext tools) is up to date."""
    po_path = i18n_check.catalogue_path(language)
    compiled = {
        (entry.msgctxt, entry.msgid): entry.msgstr or entry.msgstr_plural.get(0)
        for entry in polib.mofile(str(po_path.with_suffix(".mo")))
        if entry.msgid
    }
    source = {
        (entry.msgctxt, entry.msgid): entry.msgstr or entry.msgstr_plural.get(0)
        for entry in polib.pofile(str(po_path)).translated_entries()
    }
    assert compiled == source


def test_lobby_is_japanese_by_default(client, settings):
    settings.LANGUAGE_CODE = "ja"
    page = client.get("/").content.decode()
    assert '<html lang="ja">' in page
    assert "ロビー" in page and ">Lobby<" not in page


def test_browser_preference_for_english_is_honoured(client, settings):
    settings.LANGUAGE_CODE = "ja"
    page = client.get("/", HTTP_ACCEPT_LANGUAGE="en-GB,en;q=0.8").content.decode()
    assert '<html lang="en">' in page
    assert ">Lobby<" in page


def test_switching_language_sticks_for_the_next_pages(client, settings):
    settings.LANGUAGE_CODE = "ja"
    response = client.post("/i18n/setlang/", {"language": "en", "next": "/rules/"})
    assert response.status_code == 302 and response.url == "/rules/"
    cookie = response.cookies["django_language"]
    assert cookie.value == "en" and int(cookie["max-age"]) >= 30 * 24 * 3600
    page = client.get("/").content.decode()
    assert '<html lang="en">' in page and ">Lobby<" in page
    rules = client.get("/rules/dragonformula/").content.decode()
    assert "Winning hands" in rules

    client.post("/i18n/setlang/", {"language": "ja", "next": "/"})
    page = client.get("/").content.decode()
    assert '<html lang="ja">' in page and "ロビー" in page


def test_unknown_language_changes_nothing(client, settings):
    settings.LANGUAGE_CODE = "ja"
    client.post("/i18n/setlang/", {"language": "xx", "next": "/"})
    assert '<html lang="ja">' in client.get("/").content.decode()


def test_switcher_offers_both_languages_and_marks_the_current_one(client, settings):
    settings.LANGUAGE_CODE = "ja"
    page = client.get("/rules/").content.decode()
    form = page[page.index('class="language-switcher"') :]
    form = form[: form.index("</form>")]
    assert 'name="next" value="/rules/"' in form
    pressed = re.findall(r'value="(\w+)" lang="\w+"\s+aria-pressed="(\w+)"', form)
    assert pressed == [("ja", "true"), ("en", "false")]
    assert "日本語" in form and "English" in form
