"""``python manage.py df_simulate --games N --players 4 --bot smart --seed S``: bot-only
Dragon Formula matches; prints win rates, average points, hand frequencies, games/s."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from dragonformula.rules.bots import LEVELS
from dragonformula.rules.simulation import report, simulate


class Command(BaseCommand):
    help = "Play bot-only Dragon Formula matches and print win rates, points and hand frequencies."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--games", type=int, default=100, help="games to play (at least)")
        parser.add_argument("--players", type=int, default=4, choices=(2, 3, 4))
        parser.add_argument(
            "--bot",
            default="smart",
            help=f"bot level for every seat, or one per seat separated by commas ({', '.join(LEVELS)})",
        )
        parser.add_argument("--seed", type=int, default=0)
        parser.add_argument("--strict", action="store_true", help="a strict table (no Dan assist)")

    def handle(self, *args: Any, **options: Any) -> None:
        players = options["players"]
        levels = [level.strip() for level in options["bot"].split(",")]
        if len(levels) == 1:
            levels *= players
        if len(levels) != players or any(level not in LEVELS for level in levels):
            raise CommandError(
                f"--bot takes one level or {players} levels from: {', '.join(LEVELS)}"
            )
        if options["games"] < 1:
            raise CommandError("--games must be at least 1")
        tally, seconds = simulate(
            options["games"],
            players,
            levels,
            options["seed"],
            {"dan_assist": not options["strict"]},
        )
        for line in report(tally, seconds, levels):
            self.stdout.write(line)
