"""A game joins the club only whole: at registration (its ``AppConfig.ready()``) the
contract reads every part it names, and a missing required part stops the start-up with a
sentence naming the game and the part (``games.contract``)."""

from __future__ import annotations

import sys
import types

import pytest

from games import registry
from games.contract import ContractError
from tests.web.conftest import TEMPLATES


@pytest.fixture
def game_templates(settings):
    settings.TEMPLATES = [
        {**settings.TEMPLATES[0], "DIRS": [*settings.TEMPLATES[0]["DIRS"], TEMPLATES]}
    ]


@pytest.fixture
def presenters_without(monkeypatch):
    """A presenters module like the reference game's, less the names given."""

    def make(*left_out: str, **more: object) -> str:
        import examples.highcard.presenters as toy

        module = types.ModuleType("tests.web.half_written")
        for name in ("present", "action_from_post", "REGIONS"):
            if name not in left_out:
                setattr(module, name, getattr(toy, name))
        for name, value in more.items():
            setattr(module, name, value)
        monkeypatch.setitem(sys.modules, module.__name__, module)
        return module.__name__

    return make


def half_written(
    presenters: str, template_dir: str = "highcard", **paths: str
) -> registry.RegisteredGame:
    return registry.RegisteredGame(
        name="halfgame",
        label="Half game",
        engine_path="examples.highcard.rules:ENGINE",
        presenters_path=presenters,
        template_dir=template_dir,
        **paths,
    )


@pytest.mark.parametrize("part", ["present", "action_from_post", "REGIONS"])
def test_a_game_without_a_required_presenter_fails_naming_the_game_and_the_part(
    game_templates, presenters_without, part
):
    with pytest.raises(ContractError) as refused:
        registry.register(half_written(presenters_without(part)))
    assert str(refused.value).startswith(
        f"The game 'halfgame' cannot join the club: its presenters has no {part}, a part "
        "every game gives"
    )
    assert "halfgame" not in registry.GAMES


def test_a_game_whose_table_page_is_missing_fails_naming_the_template(presenters_without):
    with pytest.raises(ContractError, match="its table page template 'halfgame/table.html'"):
        registry.register(half_written(presenters_without(), template_dir="halfgame"))
    assert "halfgame" not in registry.GAMES


def test_a_game_whose_engine_lacks_a_method_fails_naming_it(
    game_templates, presenters_without, monkeypatch
):
    from examples.highcard.rules import HighCardEngine

    monkeypatch.delattr(HighCardEngine, "bot_levels")
    with pytest.raises(ContractError, match="'halfgame' .* its engine has no bot_levels"):
        registry.register(half_written(presenters_without()))


def test_a_half_written_pair_fails_naming_the_half_missing(game_templates, presenters_without):
    with pytest.raises(ContractError, match="its presenters has no HINT_HEARD"):
        registry.register(half_written(presenters_without(HINT_THOUGHTS=lambda *a: [])))


def test_a_part_whose_module_does_not_import_fails_naming_it(game_templates, presenters_without):
    game = half_written(presenters_without(), league_path="tests.web.no_such_module")
    with pytest.raises(
        ContractError, match="its league module 'tests.web.no_such_module' does not import"
    ):
        registry.register(game)


def test_a_required_rules_page_name_is_checked_when_the_game_names_a_rules_page(
    game_templates, presenters_without, monkeypatch
):
    rules = types.ModuleType("tests.web.rules_without_template")
    rules.page_context = lambda request: {}
    monkeypatch.setitem(sys.modules, rules.__name__, rules)
    game = half_written(presenters_without(), rulebook_path=rules.__name__)
    with pytest.raises(ContractError, match="its rules page has no TEMPLATE"):
        registry.register(game)
