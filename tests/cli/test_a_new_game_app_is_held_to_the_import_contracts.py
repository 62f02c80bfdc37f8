"""A game app added to the checkout is held to the import contracts without anyone naming it.

Each test copies the checkout's Python (the platform, both games, the contracts in
``pyproject.toml``) into a temporary folder, adds a throwaway game app there, and runs
``lint-imports`` in that folder as a developer would: the contract the new game breaks is
reported BROKEN, naming the offending import, and the others stay kept.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from scripts.import_contracts import find_game_apps
from tests.support.servers import ROOT

RULES_PURE = "Every game's rules are pure Python: no Django, no Channels"
PLATFORM_KNOWS_NO_GAME = "The shared platform imports nothing of any game app"
GAMES_APART = "A game imports nothing of another game"
VERDICT = re.compile(r"^(?P<name>.+) (?P<verdict>KEPT|BROKEN)(?: \[.*\])?$", re.MULTILINE)


def lint_imports(folder: Path) -> tuple[int, str, dict[str, str]]:
    """``lint-imports`` run in ``folder``: its exit code, its output, each contract's verdict."""
    env = {**os.environ, "COLUMNS": "1000", "NO_COLOR": "1"}
    env.pop("PYTHONPATH", None)
    run = subprocess.run(
        [str(Path(sys.executable).with_name("lint-imports")), "--no-cache"],
        cwd=folder,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    out = run.stdout + run.stderr
    return run.returncode, out, {m["name"]: m["verdict"] for m in VERDICT.finditer(out)}


def broken_contracts(folder: Path) -> tuple[set[str], str]:
    """``lint-imports`` in ``folder`` with at least one contract broken: the broken ones'
    names and the report (every other contract reported kept)."""
    code, out, verdicts = lint_imports(folder)
    assert code != 0 and verdicts, out
    assert set(verdicts.values()) <= {"KEPT", "BROKEN"}
    return {name for name, verdict in verdicts.items() if verdict == "BROKEN"}, out


def python_only(folder: str, names: list[str]) -> set[str]:
    return {
        name
        for name in names
        if name == "__pycache__" or (Path(folder, name).is_file() and not name.endswith(".py"))
    }


@pytest.fixture
def checkout(tmp_path: Path) -> Path:
    """The checkout's contracts, platform and games, copied where a test may add to them."""
    shutil.copy(ROOT / "pyproject.toml", tmp_path)
    games = {game.split(".")[0] for game in find_game_apps(ROOT, ["games"])}
    for package in ("games", "scripts", *games):
        shutil.copytree(ROOT / package, tmp_path / package, ignore=python_only)
    return tmp_path


def add_game(checkout: Path, dotted: str, rules: str = "", **modules: str) -> Path:
    """A throwaway game app: a Django app folder with a rules package and ``modules``."""
    folder = checkout.joinpath(*dotted.split("."))
    (folder / "rules").mkdir(parents=True)
    (folder / "__init__.py").write_text("")
    (folder / "apps.py").write_text(
        "from django.apps import AppConfig\n\n\n"
        f"class ThrowawayConfig(AppConfig):\n    name = {dotted!r}\n"
    )
    (folder / "rules" / "__init__.py").write_text(rules)
    for name, source in modules.items():
        (folder / f"{name}.py").write_text(source)
    return folder


def test_the_checkout_keeps_every_contract_and_they_cover_both_games():
    code, out, verdicts = lint_imports(ROOT)
    assert code == 0, out
    assert verdicts and set(verdicts.values()) == {"KEPT"}, out
    assert {RULES_PURE, PLATFORM_KNOWS_NO_GAME, GAMES_APART} <= set(verdicts)
    assert {"dragonformula", "dragsaga"} <= set(find_game_apps(ROOT, ["games"]))


def test_a_new_games_rules_importing_django_break_the_pure_rules_contract(checkout):
    add_game(checkout, "highdice", rules="from django.db import models\n")

    broken, out = broken_contracts(checkout)

    assert broken == {RULES_PURE}, out
    assert "highdice.rules is not allowed to import django" in out


def test_the_platform_importing_a_new_game_breaks_the_platform_contract(checkout):
    add_game(checkout, "highdice", rules="RANKS = range(1, 7)\n")
    (checkout / "games" / "leagues" / "highdice_scores.py").write_text("import highdice.rules\n")

    broken, out = broken_contracts(checkout)

    assert broken == {PLATFORM_KNOWS_NO_GAME}, out
    assert "games is not allowed to import highdice" in out
    assert "games.leagues.highdice_scores -> highdice.rules" in out


def test_a_new_game_importing_another_game_breaks_the_games_apart_contract(checkout):
    add_game(checkout, "highdice", scoring="from dragonformula.scoring import *  # noqa\n")

    broken, out = broken_contracts(checkout)

    assert broken == {GAMES_APART}, out
    assert "highdice.scoring -> dragonformula.scoring" in out


@pytest.mark.parametrize("extras_is_a_package", [True, False], ids=["package", "namespace"])
def test_a_game_in_a_nested_folder_is_found_and_held_to_the_contracts(
    checkout, extras_is_a_package
):
    add_game(checkout, "extras.highdice", rules="import channels.layers\n")
    if extras_is_a_package:
        (checkout / "extras" / "__init__.py").write_text("")
    (checkout / "games" / "lobby_highdice.py").write_text("from extras import highdice\n")

    broken, out = broken_contracts(checkout)

    assert "extras.highdice" in find_game_apps(checkout, ["games"])
    assert broken == {RULES_PURE, PLATFORM_KNOWS_NO_GAME}, out
    assert "extras.highdice.rules is not allowed to import channels" in out
    assert "games.lobby_highdice -> extras.highdice" in out


def test_a_folder_is_a_game_app_only_if_it_is_a_django_app_with_rules_or_registering(tmp_path):
    add_game(tmp_path, "cards")
    (tmp_path / "tools" / "rules").mkdir(parents=True)  # rules, but no Django app
    (tmp_path / "tools" / "__init__.py").write_text("")
    (tmp_path / "tools" / "rules" / "__init__.py").write_text("")
    registers = tmp_path / "dice"  # no rules package, but it registers with the platform
    registers.mkdir()
    (registers / "__init__.py").write_text("")
    (registers / "apps.py").write_text(
        "from django.apps import AppConfig\n\n\nclass DiceConfig(AppConfig):\n"
        "    def ready(self):\n        from games.registry import register  # noqa\n"
    )
    (tmp_path / "games" / "rules").mkdir(parents=True)  # the platform is never a game
    (tmp_path / "games" / "__init__.py").write_text("")
    (tmp_path / "games" / "apps.py").write_text("")
    (tmp_path / "games" / "rules" / "__init__.py").write_text("")

    assert find_game_apps(tmp_path, ["games"]) == ["cards", "dice"]
