"""Bot-only DragSaga games: win rates by seat and bot level, damage, rounds, speed.

python manage.py ds_simulate --games 200 --players 4 --seed 1 --bot heuristic
python manage.py ds_simulate --games 200 --players 4 --bots heuristic,random,random,random
"""

from __future__ import annotations

import time
from collections import defaultdict
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from dragsaga.rules import ENGINE
from dragsaga.rules.bots import simulate_game
from dragsaga.rules.events import describe


class Command(BaseCommand):
    help = "Play DragSaga games between bots and print win rates, damage, rounds and speed."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--games", type=int, default=100)
        parser.add_argument("--players", type=int, default=4)
        parser.add_argument("--seed", type=int, default=1, help="game i uses seed S + i")
        parser.add_argument("--bot", default="heuristic", help="the level of every seat")
        parser.add_argument("--bots", help="comma-separated levels by seat (overrides --bot)")
        parser.add_argument("--log", action="store_true", help="print each game's events")

    def handle(self, *args: Any, **options: Any) -> None:
        players = options["players"]
        if not ENGINE.min_players <= players <= ENGINE.max_players:
            raise CommandError(f"--players must be {ENGINE.min_players}-{ENGINE.max_players}.")
        if options["games"] < 1:
            raise CommandError("--games must be at least 1.")
        levels = (options["bots"] or ",".join([options["bot"]] * players)).split(",")
        if len(levels) != players:
            raise CommandError(f"--bots needs {players} levels, one per seat.")
        for level in levels:
            if level not in ENGINE.bot_levels():
                raise CommandError(f"Unknown bot {level!r}: {', '.join(ENGINE.bot_levels())}.")

        wins = defaultdict(float)
        final_damage = defaultdict(int)
        damage = defaultdict(int)
        rounds = 0
        started = time.perf_counter()
        for game in range(options["games"]):
            state = simulate_game(ENGINE, players, options["seed"] + game, levels)
            result = state["result"]
            winners = result["winners"]
            for row in result["placings"]:
                if row["seat"] in winners:
                    wins[row["seat"]] += 1 / len(winners)
                final_damage[row["seat"]] += row["final_damage"]
                damage[row["seat"]] += row["damage"]
            rounds += state["round"]
            if options["log"]:
                self.stdout.write(f"--- game {game + 1} (seed {options['seed'] + game})")
                for event in state["log"]:
                    self.stdout.write(describe(event, state["cards"], state["colours"]))
        elapsed = time.perf_counter() - started
        games = options["games"]

        self.stdout.write(f"{games} games, {players} players, bots: {', '.join(levels)}")
        self.stdout.write("seat  bot        win rate  avg damage  avg final damage")
        for seat in range(players):
            self.stdout.write(
                f"{seat + 1:>4}  {levels[seat]:<9}  {wins[seat] / games:>7.1%}  "
                f"{damage[seat] / games:>10.2f}  {final_damage[seat] / games:>16.2f}"
            )
        by_level: dict[str, list[float]] = defaultdict(lambda: [0.0, 0])
        for seat, level in enumerate(levels):
            by_level[level][0] += wins[seat]
            by_level[level][1] += games
        for level, (won, seats_played) in by_level.items():
            self.stdout.write(f"bot {level}: win rate per seat {won / seats_played:.1%}")
        self.stdout.write(f"rounds per game: {rounds / games:.2f}")
        self.stdout.write(f"games per second: {games / elapsed:.1f}")
