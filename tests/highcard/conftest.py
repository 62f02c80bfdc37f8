import pytest

from games.models import Player


@pytest.fixture(autouse=True)
def _no_server_timers(settings):
    """Tests move bots and deadlines themselves (playing.advance / playing.tick)."""
    settings.TABLE_TIMERS = False


@pytest.fixture
def players(db):
    return [Player.objects.create(display_name=name) for name in ("Ann", "Ben", "Cho", "Dai")]
