"""Import-linter contracts that hold every game app, found on disk, to the same rules.

The contracts in ``pyproject.toml`` name no game: a contract of one of the ``every_game_*``
types writes ``{game}`` where a game app goes (``"{game}.rules"``, ``"{game}"``), and at each
run the placeholder stands for every game app of the checkout in turn. A game added tomorrow
is held to the rules (pure-Python rules, a platform that imports no game, games that import
no other game) the moment its folder exists, without anyone editing the contracts.

A game app is a Django app folder (it has ``apps.py``) below the directory ``lint-imports``
runs in, which has a ``rules`` package or whose ``apps.py`` imports the platform (how a game
registers itself). It may sit at any depth (``examples/highcard/`` is ``examples.highcard``).
The platform is the ``root_packages`` of ``[tool.importlinter]``: its folders are never a
game. Each contract builds its own import graph of the platform and every game app it found
(import-linter's own graph covers the ``root_packages`` only, which cannot list games that
do not exist yet), then runs import-linter's own contract type on it, so the checks and
their reports are import-linter's.

Written against import-linter 2.17. Its documented API for a contract type of one's own is
``Contract``, ``ContractCheck``, ``fields`` and ``output``; this module also builds on its
built-in types' classes (``importlinter.contracts.*``: their fields, their constructor and
their ``check``/``render_broken_contract``), which are not documented for reuse.
``tests/cli/test_a_new_game_app_is_held_to_the_import_contracts.py`` trips if an upgrade
changes them: it runs ``lint-imports`` on the checkout (kept) and on games that break each
contract (broken, naming the import).
"""

from __future__ import annotations

import ast
import functools
from collections.abc import Iterable, Iterator
from copy import deepcopy
from pathlib import Path
from typing import Any

import grimp
from importlinter import Contract, ContractCheck, output
from importlinter.contracts.acyclic_siblings import AcyclicSiblingsContract
from importlinter.contracts.forbidden import ForbiddenContract
from importlinter.contracts.independence import IndependenceContract
from importlinter.contracts.layers import LayersContract

GAME = "{game}"
# Folders no game lives in: tools', the browser's and the packaging's own.
NOT_SEARCHED = {"node_modules", "site-packages", "__pycache__", "static", "templates", "locale"}
DEEPEST = 4


def find_game_apps(root: Path, platform: Iterable[str]) -> list[str]:
    """The dotted names of the game apps below ``root``, outside the ``platform`` packages."""
    platform = set(platform)
    found: list[str] = []

    def visit(folder: Path, names: tuple[str, ...]) -> None:
        for child in sorted(folder.iterdir()):
            if not _searchable(child) or (not names and child.name in platform):
                continue
            dotted = (*names, child.name)
            if _is_game_app(child, platform):
                found.append(".".join(dotted))
            elif len(dotted) < DEEPEST:
                visit(child, dotted)

    visit(root, ())
    return found


def _searchable(folder: Path) -> bool:
    return (
        folder.is_dir()
        and not folder.is_symlink()
        and folder.name.isidentifier()
        and not folder.name.startswith("_")
        and folder.name not in NOT_SEARCHED
    )


def _is_game_app(folder: Path, platform: set[str]) -> bool:
    apps = folder / "apps.py"
    if not (folder / "__init__.py").is_file() or not apps.is_file():
        return False
    return (folder / "rules" / "__init__.py").is_file() or bool(_imported_modules(apps) & platform)


def _imported_modules(source: Path) -> set[str]:
    """The top-level packages a module imports (anywhere in it, e.g. inside ``ready()``)."""
    tree = ast.parse(source.read_text(encoding="utf-8"), filename=str(source))
    tops = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            tops.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            tops.add(node.module.split(".")[0])
    return tops


def graph_root(root: Path, game: str) -> str:
    """The package grimp scans for ``game``: its top-level package, or, below a namespace
    folder (one without ``__init__.py``), the first regular package on the way down."""
    parts = game.split(".")
    for depth in range(1, len(parts) + 1):
        if (root.joinpath(*parts[:depth]) / "__init__.py").is_file():
            return ".".join(parts[:depth])
    return game


@functools.cache
def _graph(roots: tuple[str, ...], external: bool, no_type_checking: bool) -> grimp.ImportGraph:
    return grimp.build_graph(
        *roots,
        include_external_packages=external,
        exclude_type_checking_imports=no_type_checking,
        cache_dir=None,
    )


def _for_every_game(value: Any, games: list[str]) -> Any:
    """An option with each ``{game}`` entry repeated once per game app."""
    if isinstance(value, str):
        return value
    if isinstance(value, list):
        return [entry for item in value for entry in _entries(item, games)]
    return value


def _entries(item: Any, games: list[str]) -> Iterator[Any]:
    if isinstance(item, str) and GAME in item:
        yield from (item.replace(GAME, game) for game in games)
    else:
        yield item


class _EveryGame(Contract):
    """An import-linter contract type, with ``{game}`` standing for every game app in turn."""

    def check(self, graph: grimp.ImportGraph, verbose: bool) -> ContractCheck:
        root = Path.cwd()
        platform = list(self.session_options["root_packages"])
        games = find_game_apps(root, platform)
        output.verbose_print(verbose, f"Game apps found: {', '.join(games) or 'none'}.")
        if not games:
            return ContractCheck(kept=False, metadata={"games": games})
        roots = sorted({*platform, *(graph_root(root, game) for game in games)})
        own_graph = deepcopy(
            _graph(
                tuple(roots),
                _truthy(self.session_options.get("include_external_packages")),
                _truthy(self.session_options.get("exclude_type_checking_imports")),
            )
        )
        options = {
            key: _for_every_game(value, games) for key, value in self.contract_options.items()
        }
        # The built-in type reads the root packages (a layers contract's containers lie in
        # them): they are the graph's.
        session_options = {**self.session_options, "root_packages": roots}
        self.for_these_games = self._built_in(self.name, session_options, options)
        check = self.for_these_games.check(own_graph, verbose)
        check.metadata["games"] = games
        return check

    def render_broken_contract(self, check: ContractCheck) -> None:
        if not check.metadata["games"]:
            output.print_error(
                f"No game app found below {Path.cwd()}: a game app is a folder with an apps.py "
                "and a rules package.",
                bold=True,
            )
            return
        output.print(f"Game apps checked: {', '.join(check.metadata['games'])}.")
        output.new_line()
        self.for_these_games.render_broken_contract(check)

    @property
    def _built_in(self) -> type[Contract]:
        return next(
            base
            for base in type(self).__mro__
            if base.__module__.startswith("importlinter.contracts.")
        )


def _truthy(value: Any) -> bool:
    return str(value).lower() == "true" if isinstance(value, str) else bool(value)


class EveryGameForbidden(_EveryGame, ForbiddenContract):
    """import-linter's ``forbidden`` type with ``{game}`` for every game app."""


class EveryGameIndependence(_EveryGame, IndependenceContract):
    """import-linter's ``independence`` type with ``{game}`` for every game app."""


class EveryGameLayers(_EveryGame, LayersContract):
    """import-linter's ``layers`` type with ``{game}`` for every game app."""


class EveryGameAcyclicSiblings(_EveryGame, AcyclicSiblingsContract):
    """import-linter's ``acyclic_siblings`` type with ``{game}`` for every game app."""
