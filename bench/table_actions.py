"""What one move costs the server: applying it (lock, engine, log, snapshot) and rendering
the regions each viewer's socket is pushed (prints figures; never fails).

Runs on a throwaway SQLite file. Per-CPU-second figures are steadier than wall-clock.

.venv/bin/python bench/table_actions.py [actions]
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def setup_django(database: str) -> None:
    os.environ["DATABASE_URL"] = f"sqlite:///{database}"
    os.environ.setdefault("SECRET_KEY", "bench-only")
    os.environ["DJANGO_SETTINGS_MODULE"] = "config.settings"
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0)


def bench(game_name: str, names: list[str], level: str, actions: int) -> None:
    from games import rendering, services
    from games.models import Player
    from games.registry import engine_for

    players = [Player.objects.create(display_name=name) for name in names]
    table = services.create_table(
        game_name=game_name, players=len(names), created_by=players[0], options={}
    )
    for player in players[1:]:
        services.sit(table, player)
    game = services.start(table, players[0], seed=1)
    engine = engine_for(game_name)
    apply_wall = apply_cpu = render_wall = render_cpu = 0.0
    renders = done = 0
    while done < actions:
        if game.is_finished:
            game = services.start(_reopened(table, players), players[0], seed=done)
        seat = engine.waiting_for(game.state)[0]
        action = engine.bot_action(game.state, seat, level)
        wall, cpu = time.perf_counter(), time.process_time()
        game = services.apply_action(game, players[seat], action, game.version)
        apply_wall += time.perf_counter() - wall
        apply_cpu += time.process_time() - cpu
        done += 1
        wall, cpu = time.perf_counter(), time.process_time()
        for player in [*players, None]:  # every seat's socket and one spectator
            rendering.render_regions(game.table, player)
            renders += 1
        render_wall += time.perf_counter() - wall
        render_cpu += time.process_time() - cpu
    print(
        f"{game_name:<13} {len(names)} seats: apply {1000 * apply_wall / done:6.1f} ms/action "
        f"({1000 * apply_cpu / done:.1f} ms CPU), push render "
        f"{1000 * render_wall / renders:6.1f} ms/viewer ({1000 * render_cpu / renders:.1f} ms CPU), "
        f"{done} actions"
    )


def _reopened(table, players):
    from games import services

    fresh = services.create_table(
        game_name=table.game_name, players=table.players, created_by=players[0]
    )
    for player in players[1:]:
        services.sit(fresh, player)
    return fresh


def main(actions: int = 150) -> None:
    with tempfile.TemporaryDirectory() as directory:
        setup_django(str(Path(directory) / "bench.sqlite3"))
        print(f"Server cost of a move ({actions} bot-chosen actions per game, SQLite)")
        bench("dragonformula", ["Ann", "Ben", "Cho", "Dai"], "smart", actions)
        bench("dragsaga", ["Ann", "Ben", "Cho"], "heuristic", actions)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 150)
