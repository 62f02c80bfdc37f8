"""The operator's log: one readable line per applied action, rejected action and websocket."""

from __future__ import annotations

import logging
import os

import pytest
from django.contrib.auth.models import AnonymousUser, User

from games.tables import oplog
from tests.support.commands import python


class Table:
    """Anything with a primary key stands for a table (a model instance in the services)."""

    pk = 12


@pytest.fixture
def lines(caplog):
    caplog.set_level(logging.INFO, logger="games.oplog")

    def read() -> list[str]:
        return [r.getMessage() for r in caplog.records if r.name == "games.oplog"]

    return read


def test_applied_action_is_one_line_with_table_seat_action_and_version(lines):
    oplog.log_action_applied(Table(), 2, {"type": "discard", "card": "W3"}, 41)
    assert lines() == [
        'action applied table=12 seat=2 action={"card":"W3","type":"discard"} version=41'
    ]


def test_rejected_action_carries_its_type_and_reason_quoted(lines):
    oplog.log_action_rejected(12, 0, "pick", "The discard was already taken.", 40)
    assert lines() == [
        'action rejected table=12 seat=0 type=pick reason="The discard was already taken." version=40'
    ]


def test_a_forged_reason_cannot_break_the_line_or_forge_another(lines):
    reason = 'bad card\n2026-11-30 INFO games.tables.oplog action applied table=1 version="99"'
    oplog.log_action_rejected(7, 1, "not_an_action", reason)
    [line] = lines()
    assert "\n" not in line and "\r" not in line
    assert line.startswith('action rejected table=7 seat=1 type=not_an_action reason="bad card ')
    assert 'version=\\"99\\""' in line  # the quote inside the reason is escaped, not a field


def test_spectator_and_unknown_version_are_readable(lines):
    oplog.log_action_rejected(3, None, "tick", "Spectators cannot act.")
    assert lines() == [
        'action rejected table=3 seat=spectator type=tick reason="Spectators cannot act."'
    ]


@pytest.mark.django_db
def test_websocket_connect_and_disconnect_name_table_seat_and_user(lines):
    aiko = User.objects.create_user("aiko")
    oplog.log_ws("connect", Table(), 1, aiko)
    oplog.log_ws("disconnect", Table(), 1, aiko, code=1001)
    oplog.log_ws("connect", 12, None, AnonymousUser())
    assert lines() == [
        "ws connect table=12 seat=1 user=aiko",
        "ws disconnect table=12 seat=1 user=aiko code=1001",
        "ws connect table=12 seat=spectator user=anonymous",
    ]


def test_unknown_websocket_event_is_a_programming_error():
    with pytest.raises(ValueError, match="connect"):
        oplog.log_ws("opened", 1, 0)


def test_lines_reach_the_process_output_with_the_project_logging(tmp_path):
    """With the real settings, an operator sees the line (and which process wrote it) on stderr."""
    script = (
        "import django; django.setup()\n"
        "from games.tables import oplog\n"
        "oplog.log_action_applied(5, 3, {'type': 'draw'}, 8)\n"
    )
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DEBUG": "1",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}",
    }
    env.pop("LOG_LEVEL", None)
    result = python(env, "-c", script)
    assert result.returncode == 0, result.stderr
    [line] = [text for text in result.stderr.splitlines() if "games.oplog" in text]
    assert line.endswith('action applied table=5 seat=3 action={"type":"draw"} version=8')
    assert " INFO games.oplog [" in line
