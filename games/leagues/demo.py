"""Demo leagues for ``make run``: one league per game that has a demo (its ``demo_path`` hook in
``games.registry``), each with a few club nights of results, so the standings and score
sheets are not empty on first start.

Results go through the same services as real ones. Idempotent: an existing demo league is
kept.
"""

from __future__ import annotations

import datetime
import random

from django.db import transaction

from games.leagues import services
from games.leagues.member_models import Member
from games.leagues.models import League, Match
from games.nights.models import ClubNight
from games.registry import GAMES, load

CLUB = "神楽坂タロット倶楽部"
VENUE = "神楽坂"
PLAYERS = ["Aki", "Ben", "Chie", "Dai", "Eri", "Fumi"]
NIGHTS = [datetime.date(2026, 4, 10), datetime.date(2026, 4, 24), datetime.date(2026, 5, 8)]


def demo_league(name: str, game: str, members: list[Member]) -> League | None:
    """A new demo league of ``game`` with ``members``; ``None`` when it exists already."""
    if League.objects.filter(name=name).exists():
        return None
    league = League.objects.create(
        name=name,
        club=CLUB,
        game=game,
        season_start=datetime.date(2026, 4, 1),
        season_end=datetime.date(2026, 6, 30),
    )
    league.members.add(*members)
    return league


def demo_nights(league: League, count: int = len(NIGHTS)) -> list[ClubNight]:
    """The first ``count`` demo club nights of ``league``."""
    return [ClubNight.objects.create(league=league, date=d, venue=VENUE) for d in NIGHTS[:count]]


def night_match(night: ClubNight) -> Match:
    """A match played at a demo club night."""
    return services.new_match(night.league, night)


@transaction.atomic
def load_demo_leagues() -> list[League]:
    """Create the demo leagues if they are missing; return the ones created."""
    members = [Member.objects.get_or_create(name=name)[0] for name in PLAYERS]
    rng = random.Random(2026)
    created = []
    for kind in GAMES.values():
        if kind.demo_path is not None:
            league = load(kind.demo_path)(members, rng)
            if league is not None:
                created.append(league)
    return created
