"""Demo data for ``make run``: idempotent, safe to run at every start."""

import secrets

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand


class Command(BaseCommand):
    help = "Load the demo club (an admin account, demo players, tables and a league). Idempotent."

    def handle(self, *args, **options) -> None:
        User = get_user_model()
        if not User.objects.filter(username="admin").exists():
            password = secrets.token_urlsafe(9)
            User.objects.create_superuser("admin", "", password)
            self.stdout.write(f"Admin account created: admin / {password}  (keep it; shown once)")
        from games.leagues.demo import load_demo_leagues

        for league in load_demo_leagues():
            self.stdout.write(f"Demo league created: {league}")
