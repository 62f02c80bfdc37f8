"""Demo data for ``make run``: idempotent, safe to run at every start."""

import secrets

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand

from games import services
from games.leagues.demo import load_demo_leagues
from games.models import Table

# Open tables (empty seats; bots take the seats nobody sits in once a player starts).
OPEN_TABLES = [
    {"game_name": "dragonformula", "players": 4, "bot_level": "smart"},
    {"game_name": "dragsaga", "players": 3, "bot_level": "heuristic"},
]
# A table the bots play among themselves, to watch.
SHOW_TABLE = {"game_name": "dragsaga", "players": 4, "bot_level": "heuristic"}


class Command(BaseCommand):
    help = "Load the demo club (an admin account, demo players, tables and a league). Idempotent."

    def handle(self, *args, **options) -> None:
        User = get_user_model()
        if not User.objects.filter(username="admin").exists():
            password = secrets.token_urlsafe(9)
            User.objects.create_superuser("admin", "", password)
            self.stdout.write(f"Admin account created: admin / {password}  (keep it; shown once)")
        self.open_demo_tables()
        for league in load_demo_leagues():
            self.stdout.write(f"Demo league created: {league}")

    def open_demo_tables(self) -> None:
        """One open table per game and one bots-only table in play, unless there already are."""
        demo = Table.objects.filter(created_by__isnull=True)
        for spec in OPEN_TABLES:
            if not demo.filter(game_name=spec["game_name"], status=Table.Status.OPEN).exists():
                table = services.create_table(**spec)
                self.stdout.write(f"Open demo table {table.code} ({spec['game_name']})")
        if not demo.filter(game_name=SHOW_TABLE["game_name"], status=Table.Status.PLAYING).exists():
            table = services.create_table(**SHOW_TABLE)
            services.start(table, None)
            self.stdout.write(f"Bots are playing at table {table.code} (watch it from the lobby)")
