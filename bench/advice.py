"""Benchmark: how far a Dragon Formula player can trust the Pick hint.

    .venv/bin/python bench/advice.py [--windows N] [--seed S] [--samples K]

Plays one-set matches of four smart bots (seed S, S+1, ...) and, at every pick window, asks
each seat that has a real choice (it holds a major to give back, and the discard does not
win for it) what its hint would say (:func:`dragonformula.rules.advice.pick_advice`, from
the seat's view alone), until N such windows were seen. It prints:

- how often the hint's answer equals the strong bot's (:func:`strong.decide`; goal >= 95 %),
  and, beside it, how often the strong bot's cheap first reading (:func:`strong.efficient`,
  no play-outs) would have;
- how often the hint says Pass where Pass's chance of winning is at least 10 points below
  Pick's (goal 0), each chance measured on K fresh play-outs (:func:`strong.chances`, the
  coach's own measure, on deals of its own, not the hint's), and how many of those are
  still 10 points below on 4K play-outs (where each was);
- the CPU a hint costs when it is first asked for in a window (p50, p95), and when asked
  again (the pushes while other seats answer).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from dragonformula.rules import advice, pick_window, strong  # noqa: E402
from dragonformula.rules.engine import ENGINE  # noqa: E402
from dragonformula.rules.game import apply, new_game, waiting_for  # noqa: E402
from dragonformula.rules.view import view  # noqa: E402
from games.engine import State  # noqa: E402

AGREEMENT_GOAL = 95.0
DROP = 0.10  # a Pass that loses this much chance of winning against Pick is bad advice
PLAYERS = 4


class Tally:
    """The windows seen so far and what the hint did in them."""

    def __init__(self, samples: int) -> None:
        self.samples = samples
        self.windows = 0
        self.same = 0
        self.first_reading_same = 0
        self.passes = 0
        self.costly_passes: list[tuple[float, float, float, float, bool, str]] = []
        self.where = ""  # the match seed and move of the window weighed
        self.first_cpu: list[float] = []
        self.again_cpu: list[float] = []
        self.asked: set[str] = set()  # each seat's window once, however many answers it waits

    def weigh(self, state: State, seat: int) -> None:
        seen = view(state, seat)
        key = strong.seen_key(seen)
        if key in self.asked:
            return
        self.asked.add(key)
        moves = strong.sensible(seen)
        if {move["type"] for move in moves} != {pick_window.PICK, pick_window.PASS}:
            return  # no major to give back, or a card that wins: no real choice
        self.windows += 1
        started = time.thread_time()
        hint = advice.pick_advice(seen)
        self.first_cpu.append((time.thread_time() - started) * 1000)
        started = time.thread_time()
        advice.pick_advice(seen)
        self.again_cpu.append((time.thread_time() - started) * 1000)
        assert hint is not None
        decided = strong.decide(seen)["type"]
        self.same += hint.answer == decided
        self.first_reading_same += strong.efficient(seen, moves)["type"] == decided
        if hint.answer == pick_window.PASS:
            self.passes += 1
            rng = random.Random(f"advice {self.windows}")
            passing, picking = strong.chances(
                seen, [{"type": "pass"}, {"type": "pick"}], rng, self.samples
            )
            if picking - passing >= DROP:
                # Measured again on four times the play-outs: a 10-point gap on 200 deals
                # may be the deals' luck.
                again = random.Random(f"advice again {self.windows}")
                passing_again, picking_again = strong.chances(
                    seen, [{"type": "pass"}, {"type": "pick"}], again, 4 * self.samples
                )
                confirmed = picking_again - passing_again >= DROP
                self.costly_passes.append(
                    (passing, picking, passing_again, picking_again, confirmed, self.where)
                )


def play(tally: Tally, seed: int, wanted: int) -> None:
    """One match of smart bots, weighing every pick window's asked seats."""
    state = new_game(PLAYERS, {}, seed)
    while not state["finished"] and tally.windows < wanted:
        if state["phase"] == "window":
            tally.where = f"seed {seed} move {state['move']}"
            for seat in waiting_for(state):
                tally.weigh(state, seat)
        seat = waiting_for(state)[0]
        state = apply(state, seat, ENGINE.bot_action(state, seat, "smart"), 0.0)


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share / 100))] if ordered else 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--windows", type=int, default=2000, help="pick windows to weigh")
    parser.add_argument("--seed", type=int, default=5100, help="the first match's seed")
    parser.add_argument("--samples", type=int, default=200, help="play-outs per chance")
    args = parser.parse_args()
    tally = Tally(args.samples)
    started = time.perf_counter()
    seed = args.seed
    while tally.windows < args.windows:
        play(tally, seed, args.windows)
        seed += 1
    n = max(tally.windows, 1)
    agreement = 100 * tally.same / n
    verdict = "meets" if agreement >= AGREEMENT_GOAL else "misses"
    print(f"pick windows weighed: {tally.windows} (matches {seed - args.seed}, seed {args.seed})")
    print(
        f"hint agrees with the strong bot: {agreement:.1f} % ({tally.same} of {tally.windows}): "
        f"{verdict} the goal of {AGREEMENT_GOAL:.0f} %"
    )
    print(
        "the strong bot's first reading alone (no play-outs) would agree: "
        f"{100 * tally.first_reading_same / n:.1f} %"
    )
    costly = len(tally.costly_passes)
    confirmed = sum(1 for *_, sure, _where in tally.costly_passes if sure)
    # The goal is judged on the re-measured gap: on K deals a difference of two chances
    # has a spread of about 5 points at K=200, so a screen at 10 points flags some passes
    # by the deals' luck alone; the ones that still lose 10 points on 4K deals are real.
    verdict = "meets" if confirmed == 0 else "misses"
    print(
        f"hint says Pass where Pass loses >= {100 * DROP:.0f} points of winning chance: "
        f"{confirmed} of {tally.passes} passes on {4 * args.samples} play-outs per chance: "
        f"{verdict} the goal of 0 ({costly} flagged by the {args.samples}-play-out screen)"
    )
    for passing, picking, passing_again, picking_again, _sure, where in tally.costly_passes:
        print(
            f"  {where}: pass {100 * passing:.0f} % against pick {100 * picking:.0f} %; "
            f"again {100 * passing_again:.0f} % against {100 * picking_again:.0f} %"
        )
    print(
        f"hint CPU ms, first ask in a window: p50 {_percentile(tally.first_cpu, 50):.1f} "
        f"p95 {_percentile(tally.first_cpu, 95):.1f}; asked again: "
        f"p95 {_percentile(tally.again_cpu, 95):.2f}"
    )
    print(f"wall seconds: {time.perf_counter() - started:.0f}")


if __name__ == "__main__":
    main()
