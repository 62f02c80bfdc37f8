import gc
from pathlib import Path

import pytest

from games.live import timers
from games.tables.models import Player

# The reference game's templates (examples/highcard), for test games made of its parts without
# its app installed (the bare game, a half-written one).
TEMPLATES = Path(__file__).resolve().parents[2] / "examples" / "highcard" / "templates"


@pytest.fixture(autouse=True)
def _no_server_timers(settings):
    """Tests move bots and deadlines themselves (services.advance / services.tick)."""
    settings.TABLE_TIMERS = False


@pytest.fixture
def players(db):
    return [Player.objects.create(display_name=name) for name in ("Ann", "Ben", "Cho", "Dai")]


@pytest.fixture
def armed(monkeypatch):
    """The timers the server arms instead of running them: (game id, version, delay)."""
    calls = []
    monkeypatch.setattr(timers, "schedule", lambda *args: calls.append(args))
    return calls


@pytest.fixture
def no_collector():
    """Python's garbage collector off: only reference counting frees anything."""
    gc.collect()
    gc.disable()
    yield
    gc.enable()
