"""What a replay step costs: rebuilding a finished game from its deal and action log up to
a step (``games.trust.replays.Replay``), with every seat's view, and the one pass that finds the
replay's jump marks (prints figures; never fails).

Bots play whole matches with the engines alone; each step of the replay page rebuilds
from the deal, so the last step of a long match is the dearest.

.venv/bin/python bench/replay_steps.py [repeats]
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.engine import TICK  # noqa: E402
from games.trust.replay_marks import replay_marks  # noqa: E402
from games.trust.replays import LoggedAction, Replay  # noqa: E402


def bot_match(engine, players: int, level: str, seed: int) -> tuple[dict, list[LoggedAction]]:
    start = engine.new_game(players, engine.validate_options({}), seed, now=0.0)
    state, log, now = start, [], 0.0
    while engine.outcome(state) is None:
        now += 1.0
        waiting = engine.waiting_for(state)
        if waiting:
            seat, action = waiting[0], engine.bot_action(state, waiting[0], level)
        else:
            seat, action, now = None, TICK, max(now, engine.deadline(state) or now)
        state = engine.apply(state, seat, action, now)
        log.append(LoggedAction(seat, action, now))
    return start, log


def bench(name: str, engine, players: int, level: str, repeats: int) -> None:
    start, log = bot_match(engine, players, level, seed=7)
    replay = Replay(engine, players, start, tuple(log))
    for label, number in (("middle", replay.last // 2), ("last", replay.last)):
        times = []
        for _ in range(repeats):
            began = time.perf_counter()
            replay.step(number)
            times.append(time.perf_counter() - began)
        print(
            f"{name:<14} {players}p {replay.last:>5} actions  step {label:<6} "
            f"median {statistics.median(times) * 1000:7.1f} ms  max {max(times) * 1000:7.1f} ms"
        )
    times = []
    for _ in range(repeats):
        began = time.perf_counter()
        marks = replay_marks(replay)  # the jump list (games, wins, set ends, rounds)
        times.append(time.perf_counter() - began)
    print(
        f"{name:<14} {players}p {replay.last:>5} actions  jump marks   "
        f"median {statistics.median(times) * 1000:7.1f} ms  ({len(marks)} marks, kept per game)"
    )


def main() -> None:
    repeats = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    from dragonformula.rules.engine import ENGINE as DRAGON_FORMULA
    from dragsaga.rules import ENGINE as DRAGSAGA

    bench("dragonformula", DRAGON_FORMULA, 4, "smart", repeats)
    bench("dragonformula", DRAGON_FORMULA, 2, "smart", repeats)
    bench("dragsaga", DRAGSAGA, 4, "heuristic", repeats)


if __name__ == "__main__":
    main()
