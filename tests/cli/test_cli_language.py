"""The operator's commands speak one language: Japanese by default (the club's), English with
``--lang en``; ``--json`` stays the same in both."""

from __future__ import annotations

import io
import json
import os
import re

import pytest
from django.core.management import CommandError, call_command

from dragsaga.rules.cards import default_card_set
from games.leagues.models import League
from games.tables.models import Table
from tests.support.commands import manage

JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
WORD = re.compile(r"[A-Za-z]{3,}")
BOTS = {"smart", "random", "heuristic"}
TRIPLE_SERIES = ["C3", "S3", "P3", "C4", "S4", "P4", "C5", "S5", "P5", "M7", "M8"]


def run(*args: str, **options) -> str:
    out = io.StringIO()
    call_command(*args, stdout=out, **options)
    return out.getvalue()


def english_words(text: str, allowed: set[str] = BOTS) -> set[str]:
    """Latin words of three letters or more a Japanese reader would meet (bot levels, which
    are what ``--bot`` takes, and card codes are allowed)."""
    return set(WORD.findall(text)) - allowed


@pytest.fixture
def japanese_club(settings):
    """The project's own default language (the tests' conftest makes English the default)."""
    settings.LANGUAGE_CODE = "ja"


COMMANDS = [
    ("df_hand", "--element", "fire", "--genius", *TRIPLE_SERIES),
    ("df_hand", "--element", "fire", "--waits", *TRIPLE_SERIES[:8], "M7", "M8"),
    ("df_simulate", "--games", "4", "--players", "2", "--seed", "5"),
    ("ds_simulate", "--games", "2", "--players", "3", "--seed", "2", "--log"),
]


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: " ".join(c[:4]))
def test_human_output_is_japanese_by_default_and_english_on_request(japanese_club, command):
    japanese = run(*command)
    english = run(*command, "--lang", "en")

    lines = japanese.splitlines()
    assert lines and JAPANESE.search(lines[0])
    assert english_words(japanese) == set(), japanese
    assert not JAPANESE.search(english), english
    assert len(english.splitlines()) == len(lines)


def test_df_hand_shows_one_language_not_both_side_by_side(japanese_club):
    japanese = run("df_hand", "--element", "fire", *TRIPLE_SERIES)
    assert "戦車" in japanese and "The Chariot" not in japanese and " / " not in japanese
    english = run("df_hand", "--element", "fire", "--lang", "en", *TRIPLE_SERIES)
    assert "The Chariot" in english and "戦車" not in english and " / " not in english


def test_the_dragsaga_log_names_cards_and_seats_in_the_chosen_language(japanese_club):
    japanese = run("ds_simulate", "--games", "1", "--players", "2", "--seed", "3", "--log")
    english = run(
        "ds_simulate", "--games", "1", "--players", "2", "--seed", "3", "--log", "--lang", "en"
    )
    assert "番席" in japanese and "最終順位:" in japanese and "Seat" not in japanese
    assert "Seat 1 (" in english and "Final ranking:" in english
    # Cards are named as the table names them: Japanese names in Japanese, English in English.
    cards = default_card_set()
    assert any(card["name_ja"] in japanese for card in cards)
    assert not any(card["name_en"] in japanese for card in cards)
    assert any(card["name_en"] in english for card in cards)
    assert not any(card["id"] in english.split() for card in cards)


def test_json_is_the_same_whatever_the_language(japanese_club):
    for args in (TRIPLE_SERIES, ["--waits", *TRIPLE_SERIES[:8], "M7", "M8"]):
        answers = {
            json.dumps(
                json.loads(run("df_hand", "--element", "fire", "--json", "--lang", lang, *args))
            )
            for lang in ("ja", "en")
        }
        assert len(answers) == 1
        assert not JAPANESE.search(answers.pop())


def test_refusals_speak_the_chosen_language(japanese_club):
    with pytest.raises(CommandError, match="--games は1以上"):
        run("df_simulate", "--games", "0")
    with pytest.raises(CommandError, match="--games must be at least 1"):
        run("ds_simulate", "--games", "0", "--lang", "en")
    with pytest.raises(CommandError, match="ボットはありません"):
        run("ds_simulate", "--bot", "genius")


def test_an_unknown_language_is_refused():
    with pytest.raises(CommandError, match="fr"):
        run("df_hand", "--element", "fire", "--lang", "fr", *TRIPLE_SERIES)


def test_load_demo_reports_in_japanese_by_default(db, japanese_club):
    text = run("load_demo")
    password = re.search(r"admin / (\S+)", text).group(1)
    lines = text.splitlines()
    assert lines[0].startswith("管理者アカウントを作成しました: admin / ")
    assert any("ボットが対戦中" in line for line in lines)
    assert any(line.startswith("デモのリーグを作成しました") for line in lines)
    # What the club's data says (join codes, the demo leagues' names) is not the command's words.
    data = [password, *Table.objects.values_list("code", flat=True)]
    data += League.objects.values_list("name", flat=True)
    assert english_words(text, {"admin", *WORD.findall(" ".join(data))}) == set()


def test_load_demo_reports_in_english_on_request(db):
    text = run("load_demo", "--lang", "en")
    assert text.startswith("Admin account created: admin / ")
    assert "Open demo table " in text and "(DragSaga)" in text and "(Dragon Formula)" in text
    assert "Bots are playing at table " in text


def test_manage_py_speaks_the_projects_default_language():
    # A fresh process with the real settings: LANGUAGE_CODE is Japanese, nothing else asked.
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings", "DEBUG": "1"}
    result = manage(env, "df_hand", "--element", "fire", *TRIPLE_SERIES, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[-1] == "合計: 1400"
    result = manage(env, "df_hand", "--lang", "en", "--element", "fire", *TRIPLE_SERIES)
    assert result.stdout.splitlines()[-1] == "Total: 1400"


@pytest.mark.parametrize(
    ("cards", "ja", "en"),
    [
        (["W5", "ZZ"], "ZZ はカードのコードではありません", "ZZ is not a card code"),
        (["W5", "C5", "W5"], "W5 が2回指定されています", "W5 is given twice"),
        (["W5", "C5"], "カードを11枚指定してください", "Give 11 cards; you gave 2"),
    ],
)
def test_a_mistyped_hand_is_told_in_the_readers_language(japanese_club, cards, ja, en):
    with pytest.raises(CommandError, match=ja):
        run("df_hand", "--element", "fire", *cards)
    with pytest.raises(CommandError, match=en):
        run("df_hand", "--lang", "en", "--element", "fire", *cards)


def test_help_is_in_the_clubs_language():
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings", "DEBUG": "1"}
    for command, phrase in [
        ("df_hand", "11枚の最高の読み"),
        ("df_simulate", "勝率・得点・役の出現頻度"),
        ("ds_simulate", "ボット同士でドラグサーガを対戦させ"),
        ("load_demo", "デモ用のクラブ"),
    ]:
        result = manage(env, command, "--help", timeout=120)
        assert result.returncode == 0, result.stderr
        assert phrase in result.stdout
        assert "人が読む出力の言語" in result.stdout  # --lang, shared by all four
