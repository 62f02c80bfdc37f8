"""Arranging club nights for tests: a league with players, a keeper account, a night."""

from __future__ import annotations

import datetime

from django.contrib.auth.models import User

from games.leagues.member_models import Member
from games.leagues.models import League
from games.nights import round_tables, rounds
from games.nights.models import ClubNight, NightEntrant, NightTable
from tests.support.leagues import make_league, make_members

NAMES = ["Aki", "Ben", "Cho", "Dai", "Emi", "Fuu", "Gen", "Hana", "Ito", "Jun", "Kai"]


def keeper_of(league: League, name: str = "keeper") -> User:
    """An organiser of the league who also plays in it."""
    user = User.objects.create_user(name, password="pw-keeper-123")
    member = Member.objects.create(name=f"{name.title()} (keeper)", user=user)
    league.members.add(member)
    league.organisers.add(user)
    return user


def night_of(league: League | None = None, count: int = 9) -> tuple[ClubNight, list[Member]]:
    league = league or make_league()
    members = make_members(league, *NAMES[:count])
    night = ClubNight.objects.create(league=league, date=datetime.date(2026, 5, 8), venue="Hall")
    return night, members


def one_table_drawn(night: ClubNight, members: list[Member]) -> NightTable:
    """``members`` checked in, round 1 announced and drawn: its one table, not opened yet."""
    for member in members:
        NightEntrant.objects.create(night=night, member=member, name=member.name)
    rounds.announce_round(night)
    rounds.draw(night.rounds.get())
    return NightTable.objects.get(round__night=night)


def online_table_drawn(night: ClubNight, members: list[Member]) -> NightTable:
    """``members`` checked in, round 1 announced and drawn, its one table opened online."""
    night_table = one_table_drawn(night, members)
    round_tables.open_table(night_table, NightTable.Mode.ONLINE)
    night_table.refresh_from_db()
    return night_table


def tally(night_table, figures):
    """The night table's form filled: ``figures`` (damage, cards left, cost) in seat order."""
    data = {}
    for seat, (damage, cards, cost) in zip(
        night_table.seats.order_by("number"), figures, strict=True
    ):
        data |= {
            f"damage_{seat.number}": damage,
            f"cards_left_{seat.number}": cards,
            f"leftover_cost_{seat.number}": cost,
        }
    return data
