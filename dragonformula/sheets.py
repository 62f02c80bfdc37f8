"""What a Dragon Formula set's score sheet shows, blank or filled from a recorded or online set.

The same rows make the set's page (``leagues:set_detail``) and its printable sheet.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.db.models import Prefetch, QuerySet
from django.utils.translation import gettext as _

from dragonformula import scored_hands, set_history
from dragonformula.models import Element, Penalty, SetGame, SetLine, SetResult
from dragonformula.rules import ELEMENTS
from dragonformula.scoring import INTENTIONAL_FACTOR, PENALTY_POINTS
from games.leagues import record_marks, services

BLANK_SPARE_ROWS = 2  # room for games replayed after a false Dan


def set_sheets() -> QuerySet[SetResult]:
    """Sets with everything their score sheets show (lines, games, winners, penalties)."""
    return SetResult.objects.select_related("match__league", "match__club_night").prefetch_related(
        Prefetch("lines", SetLine.objects.select_related("member")),
        Prefetch(
            "games",
            SetGame.objects.select_related("winner").prefetch_related("penalties__member"),
        ),
    )


def set_sheet(set_result: SetResult) -> SetResult:
    """A set with everything its score sheet shows (lines, games, winners, penalties)."""
    return set_sheets().get(pk=set_result.pk)


@dataclass
class SheetSeat:
    seat: int
    name: str = ""
    element: str = ""
    points: int | None = None
    rank: int | None = None
    victory_points: Any = None


@dataclass
class SheetGame:
    number: int | str = ""
    starter: str = ""
    winner: str = ""
    how: str = ""
    hand: str = ""
    cards: str = ""
    bonuses: str = ""
    multipliers: str = ""
    penalties: str = ""
    points: int | str = ""
    running: list[int | str] = field(default_factory=list)
    counts: bool = True


def reference() -> dict[str, list[tuple[str, str]]]:
    """The back page: every hand, bonus, multiplier and penalty with its value."""
    penalties = [
        (str(Penalty.Offence(offence).label), f"−{points}")
        for offence, points in PENALTY_POINTS.items()
    ]
    penalties.append((_("intentional"), f"×{INTENTIONAL_FACTOR}"))
    return {
        "hands": [
            (scored_hands.hand_name(h), str(row["points"]))
            for h, row in scored_hands.hands().items()
        ],
        "bonuses": [
            (scored_hands.bonus_name(b), f"+{row['points']}")
            for b, row in scored_hands.bonuses().items()
        ],
        "multipliers": [
            (scored_hands.multiplier_name(m), f"×{row['factor']}")
            for m, row in scored_hands.multipliers().items()
        ],
        "penalties": penalties,
    }


def blank_set(players: int) -> dict[str, Any]:
    players = min(max(players, 2), 4)
    seats = [SheetSeat(seat=s) for s in range(players)]
    rows = [
        SheetGame(number=n + 1, running=[""] * players) for n in range(players + BLANK_SPARE_ROWS)
    ]
    return {
        "seats": seats,
        "games": rows,
        "elements": [Element(e).label for e in ELEMENTS[:players]],
        "reference": reference(),
        "filled": False,
    }


def filled_set(set_result: SetResult) -> dict[str, Any]:
    """``set_result`` must come from :func:`set_sheet` (everything prefetched).

    ``lines`` are the set's lines in seat order (members read); ``starter`` is the player
    who starts the next game (Fire first, then clockwise per counting game), ``None``
    once the set is complete.
    """
    lines = list(set_result.lines.all())
    # An unfinished set has no rank or victory points yet: only its running points.
    placed = set_result.complete
    seats = [
        SheetSeat(
            seat=line.seat,
            name=services.line_label(line),
            element=line.get_element_display(),
            points=line.points,
            rank=line.rank if placed else None,
            victory_points=line.victory_points if placed else None,
        )
        for line in lines
    ]
    by_member = {line.member_id: i for i, line in enumerate(lines)}
    fire = next(i for i, line in enumerate(lines) if line.element == Element.FIRE)
    running = [0] * len(lines)
    counted = 0
    rows = []
    for game in set_result.games.all():
        if game.winner_id is not None:
            running[by_member[game.winner_id]] += game.points
        penalties = []
        for penalty in game.penalties.all():
            running[by_member[penalty.member_id]] += penalty.points
            penalties.append(
                f"{penalty.member.name} {penalty.points} ({penalty.get_offence_display()})"
            )
        rows.append(
            SheetGame(
                number=game.number,
                starter=lines[(fire + counted) % len(lines)].member.name,
                winner=game.winner.name if game.winner else "—",
                how=game.get_win_display() if game.winner else "",
                hand=scored_hands.hand_name(game.hand) if game.hand else "",
                cards=game.cards,
                bonuses=", ".join(scored_hands.bonus_name(b) for b in game.bonuses),
                multipliers=", ".join(scored_hands.multiplier_name(m) for m in game.multipliers),
                penalties="; ".join(penalties),
                points=game.points if game.winner_id else "",
                running=list(running),
                counts=game.counts,
            )
        )
        counted += 1 if game.counts else 0
    starter = None if set_result.complete else lines[(fire + counted) % len(lines)].member
    return {
        "seats": seats,
        "lines": lines,
        "starter": starter,
        "games": rows,
        "elements": [],
        "reference": reference(),
        "filled": True,
        "set": set_result,
        "match": set_result.match,
        "league": set_result.match.league,
        # What the printed sheet is stamped with: VOID (who, when, why), or its last correction.
        "record_void": record_marks.void_mark(set_result),
        "record_corrected": set_history.last_correction(set_result),
    }
