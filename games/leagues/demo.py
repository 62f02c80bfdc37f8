"""Demo leagues for ``make run``: a Dragon Formula league and a DragSaga league, each with
a few club nights of results, so the standings and score sheets are not empty on first start.

Results go through the same services as real ones (the Dragon Formula hands are dealt
from a fixed seed and scored by ``best_hand``). Idempotent: an existing demo league is kept.
"""

from __future__ import annotations

import datetime
import random

from django.db import transaction

from dragonformula.rules import random_winning_hand
from dragonformula.rules.deal import elements_from
from games.leagues import services
from games.leagues.services import DragSagaEntry, GameEntry, PenaltyEntry, SeatEntry
from games.models import ClubNight, GameKind, League, Match, Member

CLUB = "神楽坂タロット倶楽部"
DF_LEAGUE = "Dragon Formula 2026 春リーグ"
DS_LEAGUE = "DragSaga 2026 春リーグ"
PLAYERS = ["Aki", "Ben", "Chie", "Dai", "Eri", "Fumi"]
NIGHTS = [datetime.date(2026, 4, 10), datetime.date(2026, 4, 24), datetime.date(2026, 5, 8)]


def _league(name: str, game: str, members: list[Member]) -> League | None:
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


def _dragon_formula_set(match: Match, table: list[Member], rng: random.Random) -> None:
    fire = rng.randrange(len(table))
    elements = elements_from(fire, len(table))
    seats = [SeatEntry(member, elements[seat]) for seat, member in enumerate(table)]
    games = []
    for number in range(len(table)):
        penalties = (PenaltyEntry(rng.randrange(len(table)), "wrong_order"),) if number == 1 else ()
        if rng.random() < 0.2:
            games.append(GameEntry(winner=None, win="none", penalties=penalties))
            continue
        winner = rng.randrange(len(table))
        multipliers = ("last_judgement",) if rng.random() < 0.15 else ()
        games.append(
            GameEntry(
                winner=winner,
                cards=tuple(random_winning_hand(rng, special_share=0.15)),
                multipliers=multipliers,
                penalties=penalties,
            )
        )
    services.record_set_result(match, seats, games)


@transaction.atomic
def load_demo_leagues() -> list[League]:
    """Create the demo leagues if they are missing; return the ones created."""
    members = [Member.objects.get_or_create(name=name)[0] for name in PLAYERS]
    created = []
    rng = random.Random(2026)
    league = _league(DF_LEAGUE, GameKind.DRAGON_FORMULA, members)
    if league is not None:
        for date in NIGHTS:
            night = ClubNight.objects.create(league=league, date=date, venue="神楽坂")
            for table in (members[:4], members[2:]):
                rng.shuffle(table := list(table))
                match = Match.objects.create(league=league, club_night=night, played_on=date)
                for _set in range(2):
                    _dragon_formula_set(match, table, rng)
        created.append(league)
    league = _league(DS_LEAGUE, GameKind.DRAGSAGA, members[:5])
    if league is not None:
        for date in NIGHTS[:2]:
            night = ClubNight.objects.create(league=league, date=date, venue="神楽坂")
            for table in (members[:3], members[1:5]):
                match = Match.objects.create(league=league, club_night=night, played_on=date)
                for _game in range(2):
                    entries = []
                    for member in table:
                        cards = rng.randrange(0, 4)
                        cost = sum(rng.randrange(1, 7) for _card in range(cards))
                        entries.append(DragSagaEntry(member, rng.randrange(2, 14), cost, cards))
                    services.record_dragsaga_result(match, entries)
        created.append(league)
    return created
