"""Demo data for ``make run``: idempotent, safe to run at every start. It reports what it
made in one language (Japanese unless ``--lang en``)."""

import secrets

from django.contrib.auth import get_user_model
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.leagues.demo import load_demo_leagues
from games.management.language import TranslatedCommand
from games.registry import GAMES
from games.tables.actions import opening, starting
from games.tables.models import Table


def demo_tables(shown: bool) -> list[tuple[object, dict]]:
    """Each game's demo tables (its demo's ``OPEN_TABLES``, or ``SHOW_TABLES`` if ``shown``,
    ``games.contract.Demo``): the game's label and ``create_table``'s arguments."""
    return [
        (kind.label, {"game_name": kind.name, **spec})
        for kind in GAMES.values()
        if kind.demo is not None
        for spec in (kind.demo.SHOW_TABLES if shown else kind.demo.OPEN_TABLES)
    ]


class Command(TranslatedCommand):
    help = gettext_lazy(
        "Load the demo club (an admin account, demo players, tables and a league). Idempotent."
    )

    def handle(self, *args, **options) -> None:
        User = get_user_model()
        if not User.objects.filter(username="admin").exists():
            password = secrets.token_urlsafe(9)
            User.objects.create_superuser("admin", "", password)
            self.stdout.write(
                _("Admin account created: admin / %(password)s (keep it; shown once)")
                % {"password": password}
            )
        self.open_demo_tables()
        for league in load_demo_leagues():
            self.stdout.write(_("Demo league created: %(league)s") % {"league": league})

    def open_demo_tables(self) -> None:
        """One open table per game and one bots-only table in play, unless there already are.

        The club's own tables (no creator, no browser, no league) are the demo's; a bots-only
        one whose game has ended since the last start is replaced, so every start leaves one
        table to watch per game, never one more."""
        demo = Table.objects.filter(
            created_by__isnull=True, created_session="", league_match__isnull=True
        )
        for label, spec in demo_tables(shown=False):
            if not demo.filter(game_name=spec["game_name"], status=Table.Status.OPEN).exists():
                table = opening.create_table(**spec)
                self.stdout.write(
                    _("Open demo table %(code)s (%(game)s)") % {"code": table.code, "game": label}
                )
        for _label, spec in demo_tables(shown=True):
            shows = demo.filter(game_name=spec["game_name"]).exclude(status=Table.Status.OPEN)
            shows = shows.exclude(seats__player__isnull=False)  # bots only: nobody sat there
            if shows.filter(status=Table.Status.PLAYING).exists():
                continue
            shows.delete()  # the bots' finished game: a new one takes its place
            table = opening.create_table(**spec)
            starting.start(table, None)
            self.stdout.write(
                _("Bots are playing at table %(code)s (watch it from the lobby)")
                % {"code": table.code}
            )
