"""A refused move reads in the player's language, and every engine refusal is translatable."""

import ast
import json
import re
from pathlib import Path

import pytest
from django.utils import translation

from games.engine import IllegalAction
from games.tables.models import Game
from games.tables.refusals import MESSAGES, TEMPLATES, refusal_text
from tests.web.tables import browser_of, htmx_post, seated_table

ROOT = Path(__file__).resolve().parents[2]
RULES = [*ROOT.glob("dragonformula/rules/*.py"), *ROOT.glob("dragsaga/rules/*.py")]


def engine_refusals():
    """(message or None, code, file) of every IllegalAction the rules packages raise."""
    for path in RULES:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "IllegalAction":
                message, code = (list(node.args) + [None, None])[:2]
                yield (
                    message.value if isinstance(message, ast.Constant) else None,
                    code.value if isinstance(code, ast.Constant) else "illegal",
                    path.name,
                )


def test_every_engine_refusal_has_a_translatable_text():
    found = list(engine_refusals())
    assert len(found) > 40
    untranslatable = [
        (code, where)
        for message, code, where in found
        if (message is None and code not in TEMPLATES)
        or (message is not None and message not in MESSAGES)
    ]
    assert untranslatable == []


@pytest.mark.parametrize(
    ("error", "japanese"),
    [
        (IllegalAction("It is not your turn.", "not_your_turn"), "あなたの番ではありません。"),
        (
            IllegalAction("You do not hold W3.", "card_not_in_hand", card="W3"),
            "W3 を持っていません。",
        ),
        (
            IllegalAction("x", "flip_limit", card="roar", total=9, limit=6),
            "roar を表にすると、このラウンドに表にしたカードのコストが 9 になります。上限は 6 です。",
        ),
    ],
)
def test_refusals_read_in_the_active_language(error, japanese):
    with translation.override("ja"):
        assert refusal_text(error) == japanese
    with translation.override("en"):
        english = refusal_text(error)
    assert english and not re.search("[\u3040-\u30ff]", english)


def test_an_unknown_message_stays_readable_in_english():
    error = IllegalAction("Something new went wrong.", "brand_new")
    with translation.override("ja"):
        assert refusal_text(error) == "Something new went wrong."


@pytest.mark.django_db
def test_a_forged_discard_is_refused_in_japanese_and_changes_nothing():
    table, game, players = seated_table("dragonformula", ["Ann", "Ben"])
    seat = game.state["turn"]
    browser = browser_of(players[seat])
    browser.cookies["django_language"] = "ja"
    htmx_post(
        browser,
        f"/dragonformula/{table.code}/act",
        {"action": json.dumps({"type": "draw"}), "version": 0},
    )
    missing = next(
        code
        for code in ("M0", "M1", "M2", "W1", "C1")
        if code not in Game.objects.get(pk=game.pk).state["hands"][seat]
    )
    response = htmx_post(
        browser,
        f"/dragonformula/{table.code}/act",
        {"action": json.dumps({"type": "discard", "card": missing}), "version": 1},
    )
    assert response.status_code == 400
    assert f"{missing} を持っていません。" in response.content.decode()
    assert Game.objects.get(pk=game.pk).version == 1
