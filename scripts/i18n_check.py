"""Keep the Japanese and English catalogues complete.

    .venv/bin/python scripts/i18n_check.py           # list what is missing, untranslated or fuzzy
    .venv/bin/python scripts/i18n_check.py --update  # makemessages in place, fill English, compile

``--update`` runs ``makemessages`` for ja and en, copies each English msgid
into its msgstr (the source strings are English), sets the catalogue headers,
and compiles the ``.mo`` files with ``msgfmt`` (Debian's gettext). Japanese
entries still empty or fuzzy afterwards are listed: translate them in
``locale/ja/LC_MESSAGES/django.po`` and run ``--update`` again. The exit
status is 1 while anything is missing, untranslated or fuzzy.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import polib

ROOT = Path(__file__).resolve().parents[1]
LOCALE_DIR = ROOT / "locale"
LANGUAGES = ("ja", "en")
PLURAL_FORMS = {"ja": "nplurals=1; plural=0;", "en": "nplurals=2; plural=(n != 1);"}
LANGUAGE_TEAMS = {"ja": "Japanese", "en": "English"}
# Folders whose strings never reach a page: tests assert on them, tools print them.
IGNORE_PATTERNS = [
    "node_modules",
    "staticfiles",
    "tests",
    "bench",
    "build",
    "*.egg-info",
    "scripts",
    "locale",
    "examples",  # each example game keeps its own catalogue, in its own folder
]


def catalogue_path(language: str, locale_dir: Path = LOCALE_DIR) -> Path:
    return locale_dir / language / "LC_MESSAGES" / "django.po"


Key = tuple[str | None, str]


def entry_key(entry: polib.POEntry) -> Key:
    return (entry.msgctxt, entry.msgid)


def live_entries(po: polib.POFile) -> list[polib.POEntry]:
    return [entry for entry in po if not entry.obsolete]


@dataclass
class Report:
    """What a catalogue still lacks, per language."""

    missing: dict[str, list[Key]] = field(default_factory=dict)
    untranslated: dict[str, list[Key]] = field(default_factory=dict)
    fuzzy: dict[str, list[Key]] = field(default_factory=dict)
    stale: dict[str, list[Key]] = field(default_factory=dict)

    @property
    def complete(self) -> bool:
        return not any(
            keys
            for table in (self.missing, self.untranslated, self.fuzzy)
            for keys in table.values()
        )

    def lines(self) -> list[str]:
        out = []
        for title, table in (
            ("not in the catalogue (run --update)", self.missing),
            ("untranslated", self.untranslated),
            ("fuzzy (check, then remove the fuzzy flag)", self.fuzzy),
            ("no longer used in the code (--update drops them)", self.stale),
        ):
            for language, keys in table.items():
                for context, msgid in keys:
                    where = f" [{context}]" if context else ""
                    out.append(f"{language}: {title}: {msgid!r}{where}")
        return out


def _setup_django() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings_test")
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    import django

    django.setup()


def makemessages(locale_dir: Path) -> None:
    """Run Django's makemessages over the project, writing catalogues under ``locale_dir``.

    makemessages files each source under the first locale path whose parent
    contains it, so ``locale_dir`` must sit directly in the project root.
    """
    from django.core.management import call_command
    from django.test.utils import override_settings

    if locale_dir.parent != ROOT:
        raise ValueError("the locale folder must sit in the project root")
    with contextlib.chdir(ROOT), override_settings(LOCALE_PATHS=[str(locale_dir)]):
        call_command(
            "makemessages",
            locale=list(LANGUAGES),
            ignore_patterns=list(IGNORE_PATTERNS),
            add_location="file",
            no_obsolete=True,
            verbosity=0,
        )


@contextlib.contextmanager
def fresh_catalogues() -> Iterator[Path]:
    """What a fresh makemessages extracts from the code now, in a scratch folder."""
    # A dot folder: makemessages never walks into it.
    scratch = Path(tempfile.mkdtemp(prefix=".i18n-check-", dir=ROOT))
    try:
        makemessages(scratch)
        yield scratch
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def check(locale_dir: Path = LOCALE_DIR) -> Report:
    """Compare the committed catalogues with what the code asks for."""
    report = Report()
    with fresh_catalogues() as scratch:
        for language in LANGUAGES:
            fresh = {
                entry_key(e) for e in live_entries(polib.pofile(catalogue_path(language, scratch)))
            }
            path = catalogue_path(language, locale_dir)
            po = polib.pofile(str(path)) if path.exists() else polib.POFile()
            committed = live_entries(po)
            keys = {entry_key(e) for e in committed}
            report.missing[language] = sorted(fresh - keys, key=str)
            report.stale[language] = sorted(keys - fresh, key=str)
            report.untranslated[language] = [
                entry_key(e) for e in committed if not e.translated() and "fuzzy" not in e.flags
            ]
            report.fuzzy[language] = [entry_key(e) for e in committed if "fuzzy" in e.flags]
    return report


def _fill_english(po: polib.POFile) -> None:
    for entry in live_entries(po):
        if entry.msgid_plural:
            entry.msgstr_plural = {0: entry.msgid, 1: entry.msgid_plural}
        else:
            entry.msgstr = entry.msgid
        if "fuzzy" in entry.flags:
            entry.flags.remove("fuzzy")
        entry.previous_msgid = None
        entry.previous_msgid_plural = None
        entry.previous_msgctxt = None


def _set_header(po: polib.POFile, language: str) -> None:
    po.metadata.update(
        {
            "Project-Id-Version": "clubtable",
            "Language": language,
            "Language-Team": LANGUAGE_TEAMS[language],
            "Last-Translator": "clubtable",
            "Report-Msgid-Bugs-To": "",
            "PO-Revision-Date": po.metadata.get("POT-Creation-Date", ""),
            "MIME-Version": "1.0",
            "Content-Type": "text/plain; charset=UTF-8",
            "Content-Transfer-Encoding": "8bit",
            "Plural-Forms": PLURAL_FORMS[language],
        }
    )
    # Dates change on every run and make noisy diffs; the history is in git.
    po.metadata.pop("POT-Creation-Date", None)
    po.metadata.pop("PO-Revision-Date", None)
    po.header = "Catalogue of the club table app. Source strings are English."
    po.metadata_is_fuzzy = False


def compile_catalogues(locale_dir: Path = LOCALE_DIR) -> None:
    for language in LANGUAGES:
        po_path = catalogue_path(language, locale_dir)
        subprocess.run(
            ["msgfmt", "--check-format", "-o", str(po_path.with_suffix(".mo")), str(po_path)],
            check=True,
        )


def update(locale_dir: Path = LOCALE_DIR) -> None:
    """Bring the committed catalogues up to date with the code and compile them."""
    if locale_dir != LOCALE_DIR:
        raise ValueError("update works on the project's own locale folder")
    makemessages(LOCALE_DIR)
    for language in LANGUAGES:
        path = catalogue_path(language, locale_dir)
        po = polib.pofile(str(path), wrapwidth=79)
        if language == "en":
            _fill_english(po)
        _set_header(po, language)
        po.save(str(path))
    compile_catalogues(locale_dir)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--update", action="store_true", help="makemessages, fill en, compile")
    args = parser.parse_args(argv)
    _setup_django()
    if args.update:
        update()
    report = check()
    for line in report.lines():
        print(line)
    total = sum(len(live_entries(polib.pofile(str(catalogue_path(lang))))) for lang in LANGUAGES)
    state = "complete" if report.complete else "INCOMPLETE"
    print(f"catalogues {state}: {total} entries in {', '.join(LANGUAGES)}")
    return 0 if report.complete else 1


if __name__ == "__main__":
    raise SystemExit(main())
