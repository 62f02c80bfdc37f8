"""The reference game's tests use the table tests' fixtures: no server timers, four players."""

from tests.web.conftest import _no_server_timers, players

__all__ = ["_no_server_timers", "players"]
