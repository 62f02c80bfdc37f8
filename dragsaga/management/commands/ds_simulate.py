"""Bot-only DragSaga games: win rates by seat and bot level, damage, rounds, speed, in one
language (Japanese unless ``--lang en``).

python manage.py ds_simulate --games 200 --players 4 --seed 1 --bot heuristic
python manage.py ds_simulate --games 200 --players 4 --bots heuristic,random,random,random
"""

from __future__ import annotations

import time
from collections import defaultdict
from typing import Any

from django.core.management.base import CommandError, CommandParser
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from dragsaga.presenters import COLOUR_NAMES
from dragsaga.rules import ENGINE
from dragsaga.rules.bots import simulate_game
from dragsaga.templatetags.dragsaga_words import ds_event
from games.engine import State
from games.management.language import TranslatedCommand


def seat_names(colours: list[str]) -> list[str]:
    return [
        _("Seat %(number)s (%(colour)s)")
        % {"number": seat + 1, "colour": COLOUR_NAMES.get(colour, colour)}
        for seat, colour in enumerate(colours)
    ]


def game_log(state: State) -> list[str]:
    """A finished game's events as sentences, as the table's log words them, and its ranking."""
    names = seat_names(state["colours"])
    context = {"names": names, "ds": {"cards": {card["id"]: card for card in state["cards"]}}}
    lines = [ds_event(context, event) for event in state["log"]]
    lines.append(_("Final ranking:"))
    lines += [
        _(
            "%(rank)s. %(seat)s: final damage %(final)s (%(damage)s damage + %(penalty)s "
            "penalty, %(cards)s cards in hand)"
        )
        % {
            "rank": row["rank"],
            "seat": names[row["seat"]],
            "final": row["final_damage"],
            "damage": row["damage"],
            "penalty": row["penalty"],
            "cards": row["hand_count"],
        }
        for row in state["result"]["placings"]
    ]
    return lines


class Command(TranslatedCommand):
    help = gettext_lazy(
        "Play DragSaga games between bots and print win rates, damage, rounds and speed."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--games", type=int, default=100)
        parser.add_argument("--players", type=int, default=4)
        parser.add_argument(
            "--seed", type=int, default=1, help=gettext_lazy("game i uses seed S + i")
        )
        parser.add_argument(
            "--bot", default="heuristic", help=gettext_lazy("the level of every seat")
        )
        parser.add_argument(
            "--bots", help=gettext_lazy("comma-separated levels by seat (overrides --bot)")
        )
        parser.add_argument(
            "--log", action="store_true", help=gettext_lazy("print each game's events")
        )

    def handle(self, *args: Any, **options: Any) -> None:
        players = options["players"]
        if not ENGINE.min_players <= players <= ENGINE.max_players:
            raise CommandError(
                _("--players must be %(min)s-%(max)s.")
                % {"min": ENGINE.min_players, "max": ENGINE.max_players}
            )
        if options["games"] < 1:
            raise CommandError(_("--games must be at least 1."))
        levels = (options["bots"] or ",".join([options["bot"]] * players)).split(",")
        if len(levels) != players:
            raise CommandError(
                _("--bots needs %(players)s levels, one per seat.") % {"players": players}
            )
        for level in levels:
            if level not in ENGINE.bot_levels():
                raise CommandError(
                    _("Unknown bot %(level)s: %(levels)s.")
                    % {"level": level, "levels": ", ".join(ENGINE.bot_levels())}
                )

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
                self.stdout.write(
                    _("--- game %(game)s (seed %(seed)s)")
                    % {"game": game + 1, "seed": options["seed"] + game}
                )
                for line in game_log(state):
                    self.stdout.write(line)
        elapsed = time.perf_counter() - started
        games = options["games"]

        self.stdout.write(
            _("%(games)s games, %(players)s players, bots: %(bots)s")
            % {"games": games, "players": players, "bots": ", ".join(levels)}
        )
        self.stdout.write(_("seat, bot, win rate, average damage, average final damage:"))
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
            self.stdout.write(
                _("bot %(level)s: win rate per seat %(rate)s")
                % {"level": level, "rate": f"{won / seats_played:.1%}"}
            )
        self.stdout.write(_("rounds per game: %(rounds)s") % {"rounds": f"{rounds / games:.2f}"})
        self.stdout.write(_("games per second: %(rate)s") % {"rate": f"{games / elapsed:.1f}"})
