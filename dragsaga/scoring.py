"""DragSaga's game scoring (RULES §2.6): each player's damage tokens plus the penalty for the
cards left in hand make the final damage; less final damage places higher, tied players
share the place and its victory points (:func:`record_result`).

Bad input raises ``ValueError`` with a message a player can read, and nothing is stored.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from dragsaga.models import DragSagaLine, DragSagaResult
from games.leagues import result_lines, services
from games.leagues.member_models import Member
from games.leagues.models import Match
from games.ratings import ratings

RECORDED = "recorded"  # the history's reason of a game as first recorded


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
def record_result(match: Match, seats: Sequence[DragSagaEntry], by: Any = None) -> DragSagaResult:
    """Store a DragSaga game: penalties, final damage, placing (RULES §2.4) and victory points;
    ``by`` is who recorded it (``None``: the online table itself). Refused once the match's
    club night has ended."""
    if match.league.game != "dragsaga":
        raise ValueError(_("This league plays Dragon Formula, not DragSaga."))
    services.check_night_open(match)
    _check_entries(seats)
    result = DragSagaResult(match=match, number=services.next_number(match.dragsaga_games))
    services.tag_change(result, by, RECORDED)
    result.save()
    lines = [DragSagaLine(game=result, member=s.member, seat=seat) for seat, s in enumerate(seats)]
    for line, entry in zip(lines, seats, strict=True):
        _fill(line, entry)
    _place(lines)
    for line in lines:
        services.tag_change(line, by, RECORDED)
        line.save()
    result_lines.keep(result)
    ratings.rate_result(result)
    return result


def _fill(line: DragSagaLine, entry: DragSagaEntry) -> None:
    """A line's figures from what the table counted (RULES §2.4)."""
    line.damage, line.leftover_cost, line.cards_left = (
        entry.damage,
        entry.leftover_cost,
        entry.cards_left,
    )
    line.penalty = dragsaga_penalty(entry.leftover_cost)
    line.final_damage = entry.damage + line.penalty


def _place(lines: Sequence[DragSagaLine]) -> None:
    services.place_lines(lines, key=lambda line: (-line.final_damage, -line.cards_left))


@transaction.atomic
def correct_result(
    result: DragSagaResult, seats: Sequence[DragSagaEntry], by: Any, reason: str
) -> DragSagaResult:
    """An organiser corrects a recorded game in place, saying why: each player's damage, cards
    left and their cost (the players stay in their seats). Places and victory points are
    settled again and the game's ratings rebuilt; its history keeps the figures before and
    after, who and why. A void game is refused (count it again first); an ended season is
    read-only."""
    reason = services.given_reason(reason)
    result = (
        DragSagaResult.objects.select_for_update().select_related("match__league").get(pk=result.pk)
    )
    if result.match.league.archived:
        raise ValueError(_("This season has ended: its results are read-only."))
    if result.voided_at is not None:
        raise ValueError(_("This game is void; count it again before correcting it."))
    lines = list(result.lines.select_related("member").order_by("seat"))
    if [line.member_id for line in lines] != [s.member.pk for s in seats]:
        raise ValueError(_("A correction keeps the players in their seats."))
    _check_entries(seats)
    for line, entry in zip(lines, seats, strict=True):
        _fill(line, entry)
    _place(lines)
    for line in lines:
        services.tag_change(line, by, reason)
        line.save()
    services.tag_change(result, by, reason)
    result.save()  # the correction's own row in the game's history, after its lines'
    result_lines.keep(result)
    ratings.rebuild(result.match.league.game)
    return result
