from pathlib import Path

import pytest

from games import registry
from games.live import timers
from games.tables.models import Player

TEMPLATES = Path(__file__).parent / "templates"


@pytest.fixture(autouse=True)
def _no_server_timers(settings):
    """Tests move bots and deadlines themselves (services.advance / services.tick)."""
    settings.TABLE_TIMERS = False


@pytest.fixture
def toygame(settings):
    """The platform's own test game (tests/web/toygame.py), registered for one test: its
    table, rules page (toygame_rules.py), league scoring (toygame_league.py) and demo
    (toygame_demo.py)."""
    settings.ROOT_URLCONF = "tests.web.urls"
    settings.TEMPLATES = [
        {**settings.TEMPLATES[0], "DIRS": [*settings.TEMPLATES[0]["DIRS"], TEMPLATES]}
    ]
    kind = registry.register(
        registry.RegisteredGame(
            name="toygame",
            label="Toy game",
            engine_path="tests.web.toygame:ENGINE",
            presenters_path="tests.web.toygame",
            template_dir="toygame",
            rulebook_path="tests.web.toygame_rules",
            league_path="tests.web.toygame_league",
            demo_path="tests.web.toygame_demo:load_demo_league",
        )
    )
    yield kind
    registry.GAMES.pop("toygame", None)


@pytest.fixture
def players(db):
    return [Player.objects.create(display_name=name) for name in ("Ann", "Ben", "Cho", "Dai")]


@pytest.fixture
def armed(monkeypatch):
    """The timers the server arms instead of running them: (game id, version, delay)."""
    calls = []
    monkeypatch.setattr(timers, "schedule", lambda *args: calls.append(args))
    return calls
