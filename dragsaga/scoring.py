"""DragSaga's game scoring (RULES §2.6): each player's damage tokens plus the penalty for the
cards left in hand make the final damage; less final damage places higher, tied players
share the place and its victory points (:func:`record_result`).

Bad input raises ``ValueError`` with a message a player can read, and nothing is stored.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.db import transaction
from django.utils.translation import gettext as _

from dragsaga.models import DragSagaLine, DragSagaResult
from games.leagues import result_lines, services
from games.models import GameKind, Match, Member
from games.ratings import ratings


@dataclass(frozen=True)
class DragSagaEntry:
    """A player's end of a DragSaga game, in seat order."""

    member: Member
    damage: int
    leftover_cost: int
    cards_left: int


def dragsaga_penalty(leftover_cost: int) -> int:
    """RULES §2.4: half the total cost of the cards left in hand, rounded down."""
    return leftover_cost // 2


def _check_entries(seats: Sequence[DragSagaEntry]) -> None:
    if not 2 <= len(seats) <= 4:
        raise ValueError(_("A game has 2 to 4 players, not %(count)s.") % {"count": len(seats)})
    if len({s.member.pk for s in seats}) != len(seats):
        raise ValueError(_("A player can sit only once at a table."))
    for s in seats:
        if min(s.damage, s.leftover_cost, s.cards_left) < 0:
            raise ValueError(_("%(player)s: numbers cannot be negative.") % {"player": s.member})
        if not s.cards_left <= s.leftover_cost <= 6 * s.cards_left:
            raise ValueError(
                _(
                    "%(player)s: %(cards)s cards left in hand cost %(low)s to %(high)s, not %(cost)s."
                )
                % {
                    "player": s.member,
                    "cards": s.cards_left,
                    "low": s.cards_left,
                    "high": 6 * s.cards_left,
                    "cost": s.leftover_cost,
                }
            )


@transaction.atomic
def record_result(match: Match, seats: Sequence[DragSagaEntry]) -> DragSagaResult:
    """Store a DragSaga game: penalties, final damage, placing (RULES §2.4) and victory points."""
    if match.league.game != GameKind.DRAGSAGA:
        raise ValueError(_("This league plays Dragon Formula, not DragSaga."))
    _check_entries(seats)
    result = DragSagaResult.objects.create(
        match=match, number=services.next_number(match.dragsaga_games)
    )
    lines = [
        DragSagaLine(
            game=result,
            member=s.member,
            seat=seat,
            damage=s.damage,
            leftover_cost=s.leftover_cost,
            cards_left=s.cards_left,
            penalty=dragsaga_penalty(s.leftover_cost),
            final_damage=s.damage + dragsaga_penalty(s.leftover_cost),
        )
        for seat, s in enumerate(seats)
    ]
    services.place_lines(lines, key=lambda line: (-line.final_damage, -line.cards_left))
    DragSagaLine.objects.bulk_create(lines)
    result_lines.keep(result)
    ratings.rate_result(result)
    return result
