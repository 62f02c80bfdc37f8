"""What follows a change (the push to the table's sockets, the next timer) runs once per
committed change, and never for a change that was rolled back or refused: a player never
sees a move that did not happen, and a table never gets two bot moves for one."""

import pytest
from django.db import transaction

from dragonformula.rules.engine import ENGINE as DF
from games.tables import events as table_events
from games.tables.actions import playing
from games.tables.actions.refused import IllegalMove
from tests.web.tables import seated_table

pytestmark = pytest.mark.django_db


@pytest.fixture
def heard():
    """Every ``table_changed`` the write path sends: (table id, game version, announce)."""
    calls = []

    def listen(sender, table_id, game, seats, announce, **kwargs):
        calls.append((table_id, game.version if game is not None else None, announce))

    table_events.table_changed.connect(listen, dispatch_uid="test-listener")
    yield calls
    table_events.table_changed.disconnect(dispatch_uid="test-listener")


def test_a_committed_move_is_announced_once_and_arms_one_timer(
    heard, armed, django_capture_on_commit_callbacks
):
    table, game, players = seated_table("dragonformula", ["Ann", "Bo", "Cy", "Di"])
    seat = DF.waiting_for(game.state)[0]
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        game = playing.apply_action(game, players[seat], {"type": "draw"}, game.version)
        assert heard == []  # nothing before the commit
    assert heard == [(table.pk, 1, True)]
    assert [(game_id, version) for game_id, version, _delay in armed] == [(game.pk, 1)]
    assert len(callbacks) == 2  # the table's hook and the operator's log line


def test_a_rolled_back_move_is_never_announced(heard, armed, django_capture_on_commit_callbacks):
    table, game, players = seated_table("dragonformula", ["Ann", "Bo", "Cy", "Di"])
    seat = DF.waiting_for(game.state)[0]
    with (
        django_capture_on_commit_callbacks(execute=True),
        pytest.raises(RuntimeError),
        transaction.atomic(),
    ):
        playing.apply_action(game, players[seat], {"type": "draw"}, game.version)
        raise RuntimeError("the caller's transaction fails after the move")
    game.refresh_from_db()
    assert game.version == 0
    assert heard == [] and armed == []


def test_a_refused_move_is_not_announced(heard, django_capture_on_commit_callbacks):
    table, game, players = seated_table("dragonformula", ["Ann", "Bo", "Cy", "Di"])
    idle = next(s for s in range(4) if s not in DF.waiting_for(game.state))
    with django_capture_on_commit_callbacks(execute=True), pytest.raises(IllegalMove):
        playing.apply_action(game, players[idle], {"type": "draw"}, game.version)
    assert heard == []


def test_a_failing_push_does_not_keep_the_bots_timer_from_being_armed(
    armed, django_capture_on_commit_callbacks, monkeypatch, caplog
):
    from games.live import announce

    def broken(*args, **kwargs):
        raise ConnectionError("the channel layer is down")

    monkeypatch.setattr(announce, "notify", broken)
    table, game, players = seated_table("dragonformula", ["Ann", "Bo", "Cy", "Di"])
    seat = DF.waiting_for(game.state)[0]
    with django_capture_on_commit_callbacks(execute=True):
        game = playing.apply_action(game, players[seat], {"type": "draw"}, game.version)
    assert [(game_id, version) for game_id, version, _delay in armed] == [(game.pk, 1)]
    assert "failed" in caplog.text and "channel layer is down" in caplog.text
