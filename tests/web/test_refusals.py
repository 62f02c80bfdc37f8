"""A refused move reads in the player's language, and every engine refusal is translatable."""

import ast
import json
import re
from importlib import import_module
from pathlib import Path

import pytest
from django.utils import translation

from games.engine import IllegalAction
from games.registry import GAMES, game_kind
from games.tables.models import Game
from games.tables.refusals import MESSAGES, TEMPLATES, refusal_text
from tests.web.tables import browser_of, htmx_post, seated_table


def rules_files(game: str) -> list[Path]:
    """The files of the rules package of ``game``'s engine."""
    engine = import_module(game_kind(game).engine_path.partition(":")[0])
    return sorted(Path(engine.__file__).parent.glob("*.py"))


def engine_refusals(game: str):
    """(message or None, code, file) of every IllegalAction ``game``'s rules raise."""
    for path in rules_files(game):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "IllegalAction":
                message, code = (list(node.args) + [None, None])[:2]
                yield (
                    message.value if isinstance(message, ast.Constant) else None,
                    code.value if isinstance(code, ast.Constant) else "illegal",
                    path.name,
                )


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_engine_refusal_of_every_game_has_a_translatable_text(game):
    found = list(engine_refusals(game))
    assert len(found) > 3
    own = game_kind(game).refusals
    untranslatable = [
        (code, where)
        for message, code, where in found
        if (message is None and code not in TEMPLATES and code not in own.TEMPLATES)
        or (message is not None and message not in MESSAGES and message not in own.MESSAGES)
    ]
    assert untranslatable == []


def test_the_platform_keeps_only_the_refusals_any_game_may_say():
    """A game's own refusals are the game's: none of them is listed by the platform."""
    for game in GAMES.values():
        assert not MESSAGES & game.refusals.MESSAGES
    assert "The pick window has closed." not in MESSAGES
    assert "flip_limit" not in TEMPLATES


@pytest.mark.parametrize(
    ("game", "error", "japanese"),
    [
        (
            "dragsaga",
            IllegalAction("It is not your turn.", "not_your_turn"),
            "あなたの番ではありません。",
        ),
        (
            "dragonformula",
            IllegalAction("You do not hold W3.", "card_not_in_hand", card="W3"),
            "W3 を持っていません。",
        ),
        (
            "dragonformula",
            IllegalAction("The pick window has closed.", "window_closed"),
            "ピックの受付は締め切られました。",
        ),
        (
            "dragsaga",
            IllegalAction("x", "flip_limit", card="roar", total=9, limit=6),
            "roar を表にすると、このラウンドに表にしたカードのコストが 9 になります。上限は 6 です。",
        ),
    ],
)
def test_refusals_read_in_the_active_language(game, error, japanese):
    own = game_kind(game).refusals
    with translation.override("ja"):
        assert refusal_text(error, own) == japanese
    with translation.override("en"):
        english = refusal_text(error, own)
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
