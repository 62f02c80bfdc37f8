"""The check a game passes when it registers (``games.registry.register``, called from the
game app's ``AppConfig.ready()``): each part it names is read, and what it lacks stops the
start-up with a sentence naming the game and the part."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.template import TemplateDoesNotExist
from django.template.loader import get_template

from games.contract.reading import ContractError, missing

if TYPE_CHECKING:
    from games.registry import RegisteredGame

# What every engine gives (``games.engine.Engine``; ``review`` may always answer ``None``);
# ``public_action``, ``turn_based_options``, ``timeouts`` and ``thinking_levels`` are optional.
ENGINE_NAMES = (
    "name",
    "min_players",
    "max_players",
    "action_schema",
    "setting_actions",
    "default_options",
    "validate_options",
    "new_game",
    "legal_actions",
    "apply",
    "view",
    "outcome",
    "waiting_for",
    "deadline",
    "bot_action",
    "bot_levels",
    "review",
)
PROMPT_REGION = "prompt"
# Optional names that come in pairs: one without the other is a game half written.
PAIRS = (
    ("presenters", "HINT_THOUGHTS", "HINT_HEARD"),
    ("league module", "record_form", "record"),
    ("league module", "drawn_table_form", "record_drawn_table"),
    ("league module", "RESULT_MODEL", "LINE_MODEL"),
)


def check_game(game: RegisteredGame) -> None:
    """Read every part ``game`` names; a :class:`ContractError` for the first it lacks."""
    name = game.name
    if not name.isidentifier() or name != name.lower():
        raise ContractError(
            f"The game {name!r} cannot join the club: its name is its URL namespace and its "
            "address, so it is one lower-case word (letters, digits, _)."
        )
    engine = game.engine
    for attribute in ENGINE_NAMES:
        if not hasattr(engine, attribute):
            raise missing(name, "engine", attribute, "see games.engine.Engine")
    parts: dict[str, Any] = {"presenters": game.presenters}
    if game.has_league:
        parts["league module"] = game.league
    for part, first, second in PAIRS:
        if part in parts:
            given = (getattr(parts[part], first), getattr(parts[part], second))
            if (given[0] is None) != (given[1] is None):
                lacking = second if given[1] is None else first
                raise missing(name, part, lacking, f"it gives {first if given[0] else second}")
    league = parts.get("league module")
    if league is not None and league.record_online is None:
        from games.leagues.models import Result

        if league.RESULT_MODEL is not Result:  # the default records platform results only
            raise missing(name, "league module", "record_online", "it keeps results of its own")
    regions = dict(game.presenters.REGIONS)
    if PROMPT_REGION not in regions:
        raise missing(name, "presenters", "'prompt' region", "REGIONS names the prompt's partial")
    _template(name, "table page", f"{game.template_dir}/table.html")
    for region, template in regions.items():
        _template(name, f"{region!r} region", template)
    if game.rulebook_path is not None:
        _template(name, "rules page", game.rulebook.TEMPLATE)
    if game.learn_path is not None and game.learn is not None:
        _template(name, "cheat sheet", f"{game.template_dir}/cheat_sheet.html")
    for path, read in ((game.deal_path, "deal_reader"), (game.demo_path, "demo")):
        if path is not None:
            getattr(game, read)  # a path that does not load fails here, not on first use


def _template(game: str, what: str, template: str) -> None:
    try:
        get_template(template)
    except TemplateDoesNotExist:
        raise ContractError(
            f"The game {game!r} cannot join the club: its {what} template {template!r} "
            "is nowhere in the templates."
        ) from None
