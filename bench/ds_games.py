"""DragSaga bot games per second, by table size and bot level (prints figures; never fails).

Wall-clock rates swing with the machine's load; the per-CPU-second rate is steadier.

.venv/bin/python bench/ds_games.py [games]
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from dragsaga.rules import ENGINE  # noqa: E402
from dragsaga.rules.bots import simulate_game  # noqa: E402


def main(games: int = 200) -> None:
    print(f"DragSaga bot games per second ({games} games each)")
    for level in ENGINE.bot_levels():
        for players in (2, 3, 4):
            started = time.perf_counter()
            cpu_started = time.process_time()
            actions = 0
            for seed in range(games):
                state = simulate_game(ENGINE, players, seed, [level] * players)
                actions += state["version"]
            elapsed = time.perf_counter() - started
            cpu = time.process_time() - cpu_started
            print(
                f"{level:<9} {players} players: {games / elapsed:7.1f} games/s "
                f"({games / cpu:.1f} per CPU second), {actions / elapsed:8.0f} actions/s, "
                f"{actions / games:.0f} actions/game"
            )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
