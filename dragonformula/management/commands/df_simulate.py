"""``python manage.py df_simulate --games N --players 4 --bot smart --seed S [--lang en]``:
bot-only Dragon Formula matches; prints win rates, average points, hand frequencies, games/s
in one language (Japanese unless ``--lang en``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.core.management.base import CommandError, CommandParser
from django.utils.text import format_lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from dragonformula.rules.bots import LEVELS
from dragonformula.rules.simulation import Tally, simulate
from dragonformula.templatetags.tarot import hand_name, multiplier_name
from games.management.language import TranslatedCommand


def percent(share: float) -> str:
    return f"{share:.1%}"


def report(tally: Tally, seconds: float, levels: Sequence[str]) -> list[str]:
    """The tally as lines of text in the active language."""
    games = max(tally.games, 1)
    lines = [
        _("%(matches)s matches, %(games)s games, %(players)s players (%(bots)s)")
        % {
            "matches": tally.matches,
            "games": tally.games,
            "players": tally.players,
            "bots": ", ".join(levels),
        },
        _("%(rate)s games per second (%(seconds)s s)")
        % {"rate": f"{tally.games / seconds:.1f}", "seconds": f"{seconds:.2f}"},
        _("games won: %(won)s, pile ran out: %(exhausted)s")
        % {
            "won": percent(sum(tally.wins.values()) / games),
            "exhausted": percent(tally.exhausted / games),
        },
        _("seat, bot, win rate, average points per game:"),
    ]
    for seat in range(tally.players):
        lines.append(
            f"{seat + 1:>4}  {levels[seat]:<7}  {percent(tally.wins[seat] / games):>8}  "
            f"{tally.points[seat] / games:>15.1f}"
        )
    wins = max(sum(tally.wins.values()), 1)
    lines.append(_("Hands (share of wins):"))
    for hand, count in tally.hands.most_common():
        lines.append(f"  {hand_name(hand)}  {count:>5}  {percent(count / wins):>6}")
    if tally.multipliers:
        lines.append(_("Multipliers:"))
        for multiplier, count in tally.multipliers.most_common():
            lines.append(f"  {multiplier_name(multiplier)}  {count:>5}")
    if tally.winning_points:
        average = sum(tally.winning_points) / len(tally.winning_points)
        lines.append(_("Average winning score: %(points)s") % {"points": f"{average:.1f}"})
    return lines


class Command(TranslatedCommand):
    help = gettext_lazy(
        "Play bot-only Dragon Formula matches and print win rates, points and hand frequencies."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--games", type=int, default=100, help=gettext_lazy("games to play (at least)")
        )
        parser.add_argument("--players", type=int, default=4, choices=(2, 3, 4))
        parser.add_argument(
            "--bot",
            default="smart",
            help=format_lazy(
                "{} ({})",
                gettext_lazy("bot level for every seat, or one per seat separated by commas"),
                ", ".join(LEVELS),
            ),
        )
        parser.add_argument("--seed", type=int, default=0)
        parser.add_argument(
            "--strict", action="store_true", help=gettext_lazy("a strict table (no Dan assist)")
        )

    def handle(self, *args: Any, **options: Any) -> None:
        players = options["players"]
        levels = [level.strip() for level in options["bot"].split(",")]
        if len(levels) == 1:
            levels *= players
        if len(levels) != players or any(level not in LEVELS for level in levels):
            raise CommandError(
                _("--bot takes one level or %(players)s levels from: %(levels)s")
                % {"players": players, "levels": ", ".join(LEVELS)}
            )
        if options["games"] < 1:
            raise CommandError(_("--games must be at least 1."))
        tally, seconds = simulate(
            options["games"],
            players,
            levels,
            options["seed"],
            {"dan_assist": not options["strict"]},
        )
        for line in report(tally, seconds, levels):
            self.stdout.write(line)
