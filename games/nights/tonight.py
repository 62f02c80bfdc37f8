"""What the night's pages show: tonight's standings, whether a table has finished."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from games.leagues import selectors
from games.leagues.models import Result
from games.nights.models import ClubNight, NightTable


@dataclass
class StandingRow:
    name: str
    member_id: int
    visitor: bool = False
    vp: Decimal = Decimal(0)
    points: int = 0
    played: int = 0
    place: int = 0
    by_bot: int = 0


def tonight_standings(night: ClubNight) -> list[StandingRow]:
    """Tonight's checked-in players by victory points of tonight's results, then points
    (DragSaga: less final damage); ties share the place. The league's own selector
    (``selectors.standings`` for the night): a void or unfinished set counts here as
    nowhere else."""
    entrants = {e.member_id: e for e in night.entrants.all()}
    return [
        StandingRow(
            entrants[row.pk].name,
            row.pk,
            entrants[row.pk].visitor,
            row.vp_total,
            row.total_points,
            row.played,
            row.place,
            row.by_bot,
        )
        for row in selectors.standings(night.league, night=night)
        if row.pk in entrants
    ]


def table_finished(night_table: NightTable) -> bool:
    """A night table is done when its match has a complete result that counts (a set every
    player has started a game of; a DragSaga game once recorded; not void), as the platform's
    results say."""
    if night_table.match_id is None:
        return False
    counting = Result.objects.filter(match_id=night_table.match_id, voided_at=None)
    return counting.filter(complete=True).exists()
