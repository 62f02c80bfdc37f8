"""A restart between a move and its deadline loses nothing: the process that saved the
move stops, a new one plays the deadline when it falls due, once; a third finds nothing."""

from __future__ import annotations

import json
import os

from tests.support.commands import manage, python

MAKE_A_MOVE = """
import django, json, time
django.setup()
from django.contrib.auth import get_user_model
from games.tables.actions import guests, opening, playing, seating, starting
users = [get_user_model().objects.create_user(n, password="pw-" + n) for n in ("ann", "ben")]
ann, ben = [guests.player_for_user(u) for u in users]
table = opening.create_table(game_name="dragonformula", players=2, created_by=ann,
                              move_deadline=86400, options={"fire_seat": 0})
seating.sit(table, ben)
game = starting.start(table, ann, seed=5)
game = playing.apply_action(game, ann, {"type": "draw"}, game.version)
print(json.dumps({"game": game.pk, "due": game.deadlines.get().due.timestamp()}))
"""

COUNT_TIME_OUTS = """
import django, json, sys
django.setup()
from games.tables.models import ActionLog
from games.turns.models import Deadline
game = int(sys.argv[1])
logged = ActionLog.objects.filter(game_id=game, action__type="time_out")
print(json.dumps({"time_outs": [e.action["seat"] for e in logged],
                  "next": [[d.kind, d.seat] for d in Deadline.objects.filter(game_id=game)]}))
"""


def test_the_deadline_outlives_the_process_that_made_it_and_is_played_once(tmp_path):
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DEBUG": "1",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'club.sqlite3'}",
    }
    assert manage(env, "migrate", "-v", "0").returncode == 0
    made = python(env, "-c", MAKE_A_MOVE)
    assert made.returncode == 0, made.stderr
    move = json.loads(made.stdout.strip().splitlines()[-1])
    # The process that made the move is gone. Just before the deadline: nothing to play.
    early = manage(env, "run_deadlines", "--once", "--at", str(move["due"] - 1))
    assert early.stdout.strip() == "played 0", early.stderr
    late = manage(env, "run_deadlines", "--once", "--at", str(move["due"] + 1))
    assert late.stdout.strip() == "played 1", late.stderr
    again = manage(env, "run_deadlines", "--once", "--at", str(move["due"] + 2))
    assert again.stdout.strip() == "played 0", again.stderr
    counted = python(env, "-c", COUNT_TIME_OUTS, str(move["game"]))
    state = json.loads(counted.stdout.strip().splitlines()[-1])
    assert state["time_outs"] == [0]  # ann's turn was played for her, once
    assert state["next"] == [["move", 1]]  # and ben is asked about her discard, with a day
