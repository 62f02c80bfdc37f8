"""Two processes play the turn-based deadlines on PostgreSQL: each deadline is played
once (``SELECT … FOR UPDATE SKIP LOCKED`` on the game, the deadline read again under it)."""

from __future__ import annotations

import os
import subprocess
import sys
from datetime import UTC, datetime

from django.contrib.auth import get_user_model

from games.tables.actions import guests, opening, seating, starting
from games.tables.models import ActionLog
from games.turns.models import DAY, Deadline
from tests.support.servers import ROOT

GAMES = 300


def _turn_based_games(count: int) -> list[int]:
    users = [get_user_model().objects.create_user(f"m{n}", password="pw-m12345") for n in (0, 1)]
    ann, ben = [guests.player_for_user(u) for u in users]
    games = []
    for _ in range(count):
        table = opening.create_table(
            game_name="dragonformula", players=2, created_by=ann, move_deadline=DAY
        )
        seating.sit(table, ben)
        games.append(starting.start(table, ann).pk)
    return games


def test_two_processes_never_play_one_deadline_twice(shared_env, transactional_db):
    games = _turn_based_games(GAMES)
    due = max(d.due.timestamp() for d in Deadline.objects.all()) + 1
    env = {**os.environ, **shared_env, "DJANGO_SETTINGS_MODULE": "config.settings"}
    command = [sys.executable, "manage.py", "run_deadlines", "--once", "--at", str(due)]
    workers = [
        subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.PIPE, text=True)
        for _ in range(2)
    ]
    played = [int(w.communicate(timeout=600)[0].split()[-1]) for w in workers]
    assert all(w.returncode == 0 for w in workers)
    assert sum(played) == GAMES  # between them, every game's deadline once
    per_game = {
        game: ActionLog.objects.filter(game_id=game, action__type="time_out").count()
        for game in games
    }
    assert set(per_game.values()) == {1}
    # Each game's next deadline is the other seat's, a day later: none is left due.
    assert not Deadline.objects.filter(due__lte=datetime.fromtimestamp(due, tz=UTC)).exists()
    assert Deadline.objects.count() == GAMES
