"""Recording league results: the one way results enter a league, online or from real cards.

Online league tables (``games.leagues.online``) record each Dragon Formula game
as it ends (:func:`start_set`, :func:`record_game`) and a DragSaga game when it ends
(:func:`record_dragsaga_result`); :func:`record_set_result` stores a whole set at
once. The score-keeping pages for games played with real cards call
:func:`start_set` then :func:`record_game` game by game. Every path computes set
points, ranks and victory points the same way: ``games.engine.place`` with
``victory_point_table``.

Bad input raises ``ValueError`` with a message a player can read, and nothing is
stored (each function runs in one transaction).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _

from dragonformula.rules import ELEMENTS
from dragonformula.rules.deal import elements_from
from dragonformula.rules.ending import FALSE_DAN_PENALTY
from games.engine import place, victory_point_table
from games.leagues import hands
from games.models import (
    DragSagaLine,
    DragSagaResult,
    Element,
    GameKind,
    Match,
    Member,
    Penalty,
    SetGame,
    SetLine,
    SetResult,
)

# RULES §1.5 penalties, in points lost; ``intentional`` multiplies by ten. The false Dan's
# amount is the engine's own (online strict tables apply it).
PENALTY_POINTS = {
    Penalty.Offence.FALSE_DAN: -FALSE_DAN_PENALTY,
    Penalty.Offence.WRONG_ORDER: 100,
    Penalty.Offence.TOO_FEW_CARDS: 100,
    Penalty.Offence.TOO_MANY_CARDS: 100,
    Penalty.Offence.CHEATING: 10000,
}
INTENTIONAL_FACTOR = 10

# Which way of winning each multiplier needs (RULES §1.4): Genius is a Dan, Surprise a Pick-and-Dan.
MULTIPLIER_WIN = {"genius": SetGame.Win.DAN, "surprise": SetGame.Win.PICK_AND_DAN}


@dataclass(frozen=True)
class SeatEntry:
    """A player at a Dragon Formula table, in clockwise seat order, with this set's element."""

    member: Member
    element: str


@dataclass(frozen=True)
class PenaltyEntry:
    seat: int
    offence: str
    intentional: bool = False


@dataclass(frozen=True)
class GameEntry:
    """One game of a set. The winning hand is either ``cards`` (the winner's 11 card codes,
    scored by ``best_hand``) or a chosen ``hand`` id with its ``bonuses``; an online table
    passes ``engine_hand``, the engine's own scored reading (``HandResult.to_json()``)."""

    winner: int | None
    win: str = SetGame.Win.DAN
    multipliers: tuple[str, ...] = ()
    cards: tuple[str, ...] = ()
    hand: str = ""
    bonuses: tuple[str, ...] = ()
    penalties: tuple[PenaltyEntry, ...] = field(default_factory=tuple)
    engine_hand: Mapping[str, Any] | None = None


@dataclass(frozen=True)
class DragSagaEntry:
    """A player's end of a DragSaga game, in seat order."""

    member: Member
    damage: int
    leftover_cost: int
    cards_left: int


# --- players and matches -------------------------------------------------------


def member_for(name: str, user: AbstractBaseUser | None = None) -> Member:
    """The league player for an online seat: by user account if there is one, else by name."""
    if user is not None and user.is_authenticated:
        member = Member.objects.filter(user=user).first()
        if member is not None:
            return member
        member, _created = Member.objects.get_or_create(name=name)
        if member.user_id is None:
            member.user = user
            member.save(update_fields=["user"])
        return member
    member, _created = Member.objects.get_or_create(name=name)
    return member


def penalty_points(offence: str, intentional: bool = False) -> int:
    """What a penalty of RULES §1.5 costs, as a negative number of points."""
    if offence not in PENALTY_POINTS:
        raise ValueError(_("Unknown penalty “%(offence)s”.") % {"offence": offence})
    if intentional and offence == Penalty.Offence.CHEATING:
        raise ValueError(_("Cheating is −10000 already; it has no intentional ×10."))
    return -PENALTY_POINTS[offence] * (INTENTIONAL_FACTOR if intentional else 1)


# --- Dragon Formula sets -----------------------------------------------------------


def check_elements(elements: Sequence[str]) -> None:
    """Elements go clockwise Fire, Water, Air, Earth from the Fire seat (RULES §1.5.1)."""
    count = len(elements)
    if not 2 <= count <= 4:
        raise ValueError(_("A set has 2 to 4 players, not %(count)s.") % {"count": count})
    expected = list(ELEMENTS[:count])
    if Element.FIRE not in elements:
        raise ValueError(_("One player must be Fire."))
    fire = list(elements).index(Element.FIRE)
    clockwise = [elements[(fire + k) % count] for k in range(count)]
    if clockwise != expected:
        names = ", ".join(str(Element(e).label) for e in expected)
        raise ValueError(
            _("Elements must go clockwise %(order)s from the Fire seat.") % {"order": names}
        )


@transaction.atomic
def start_set(match: Match, seats: Sequence[SeatEntry]) -> SetResult:
    """Open the next set of ``match`` with its players in clockwise order and their elements."""
    if match.league.game != GameKind.DRAGON_FORMULA:
        raise ValueError(_("This league plays DragSaga, not Dragon Formula."))
    check_elements([s.element for s in seats])
    members = [s.member.pk for s in seats]
    if len(set(members)) != len(members):
        raise ValueError(_("A player can sit only once at a table."))
    number = (match.sets.aggregate(last=Max("number"))["last"] or 0) + 1
    set_result = SetResult.objects.create(match=match, number=number)
    SetLine.objects.bulk_create(
        SetLine(set=set_result, member=s.member, seat=seat, element=s.element)
        for seat, s in enumerate(seats)
    )
    return set_result


def start_next_set(set_result: SetResult, fire_seat: int) -> SetResult:
    """The match's next set at the same table: same seats, elements clockwise from ``fire_seat``."""
    lines = list(set_result.lines.select_related("member").order_by("seat"))
    if not 0 <= fire_seat < len(lines):
        raise ValueError(_("There is no seat %(seat)s at this table.") % {"seat": fire_seat + 1})
    elements = elements_from(fire_seat, len(lines))
    seats = [SeatEntry(line.member, elements[line.seat]) for line in lines]
    return start_set(set_result.match, seats)


def starter_seat(set_result: SetResult, lines: Sequence[SetLine] | None = None) -> int:
    """The seat that starts the next game: Fire first, then clockwise per counting game."""
    lines = list(lines if lines is not None else set_result.lines.all())
    fire = next(line.seat for line in lines if line.element == Element.FIRE)
    played = set_result.games.filter(counts=True).count()
    return (fire + played) % len(lines)


def _check_game(entry: GameEntry, players: int) -> None:
    if entry.win not in SetGame.Win.values:
        raise ValueError(_("Unknown way of winning “%(win)s”.") % {"win": entry.win})
    seats = range(players)
    if entry.winner is None:
        if entry.win != SetGame.Win.NONE or entry.cards or entry.hand or entry.multipliers:
            raise ValueError(_("A game without a winner has no hand and no multipliers."))
    else:
        if entry.winner not in seats:
            raise ValueError(_("There is no seat %(seat)s at this table.") % {"seat": entry.winner})
        if entry.win == SetGame.Win.NONE:
            raise ValueError(_("Say how the winner won: Dan or Pick-and-Dan."))
        if entry.engine_hand is None and bool(entry.cards) == bool(entry.hand):
            raise ValueError(_("Give the winning hand either as 11 cards or as a hand."))
        for multiplier in entry.multipliers:
            needed = MULTIPLIER_WIN.get(multiplier)
            if needed is not None and needed != entry.win:
                raise ValueError(
                    _("%(multiplier)s needs a win by %(win)s.")
                    % {
                        "multiplier": hands.multiplier_name(multiplier),
                        "win": SetGame.Win(needed).label,
                    }
                )
    for penalty in entry.penalties:
        if penalty.seat not in seats:
            raise ValueError(_("There is no seat %(seat)s at this table.") % {"seat": penalty.seat})
        penalty_points(penalty.offence, penalty.intentional)
        if penalty.offence == Penalty.Offence.FALSE_DAN and entry.winner is not None:
            raise ValueError(_("A false Dan ends the game: it has no winner."))


@transaction.atomic
def record_game(set_result: SetResult, entry: GameEntry) -> SetGame:
    """Score one game of a set (with its penalties) and update the set's points, ranks and VP."""
    set_result = SetResult.objects.select_for_update().get(pk=set_result.pk)
    if set_result.complete:
        raise ValueError(_("This set is complete: every player has started a game."))
    lines = {line.seat: line for line in set_result.lines.select_related("member")}
    _check_game(entry, len(lines))
    scored = None
    if entry.winner is not None:
        element = lines[entry.winner].element
        if entry.engine_hand is not None:
            scored = hands.from_engine(entry.engine_hand, entry.cards)
        elif entry.cards:
            scored = hands.score_cards(entry.cards, element, entry.multipliers)
        else:
            scored = hands.score_chosen(entry.hand, entry.bonuses, entry.multipliers)
    number = (set_result.games.aggregate(last=Max("number"))["last"] or 0) + 1
    game = SetGame.objects.create(
        set=set_result,
        number=number,
        winner=lines[entry.winner].member if entry.winner is not None else None,
        win=entry.win,
        multipliers=list(scored.multipliers) if scored else [],
        cards=" ".join(scored.cards) if scored else "",
        hand=scored.hand if scored else "",
        bonuses=list(scored.bonuses) if scored else [],
        base=scored.base if scored else 0,
        points=scored.total if scored else 0,
        reading=scored.reading if scored else {},
        counts=not any(p.offence == Penalty.Offence.FALSE_DAN for p in entry.penalties),
    )
    Penalty.objects.bulk_create(
        Penalty(
            game=game,
            member=lines[p.seat].member,
            offence=p.offence,
            intentional=p.intentional,
            points=penalty_points(p.offence, p.intentional),
        )
        for p in entry.penalties
    )
    _settle_set(set_result, list(lines.values()))
    return game


def _settle_set(set_result: SetResult, lines: list[SetLine]) -> None:
    """Recompute set points, ranks and victory points from the set's games and penalties."""
    points = {line.member_id: 0 for line in lines}
    games = list(set_result.games.prefetch_related("penalties"))
    for game in games:
        if game.winner_id is not None:
            points[game.winner_id] += game.points
        for penalty in game.penalties.all():
            points[penalty.member_id] += penalty.points
    by_seat = {line.seat: line for line in lines}
    placings = place(
        list(by_seat),
        key=lambda seat: points[by_seat[seat].member_id],
        victory_points=victory_point_table(len(lines)),
    )
    for placing in placings:
        line = by_seat[placing.seat]
        line.points = points[line.member_id]
        line.rank = placing.rank
        line.victory_points = Decimal(str(placing.victory_points))
    SetLine.objects.bulk_update(lines, ["points", "rank", "victory_points"])
    counted = sum(1 for game in games if game.counts)
    if counted >= len(lines) and not set_result.complete:
        set_result.complete = True
        set_result.save(update_fields=["complete"])


@transaction.atomic
def record_set_result(
    match: Match, seats: Sequence[SeatEntry], games: Sequence[GameEntry]
) -> SetResult:
    """Store a whole Dragon Formula set (an online table calls this when a set ends)."""
    set_result = start_set(match, seats)
    for entry in games:
        record_game(set_result, entry)
    set_result.refresh_from_db()
    if not set_result.complete:
        raise ValueError(
            _("A set ends when every player has started a game: %(players)s counting games.")
            % {"players": len(seats)}
        )
    return set_result


# --- DragSaga -------------------------------------------------------------------


def dragsaga_penalty(leftover_cost: int) -> int:
    """RULES §2.4: half the total cost of the cards left in hand, rounded down."""
    return leftover_cost // 2


@transaction.atomic
def record_dragsaga_result(match: Match, seats: Sequence[DragSagaEntry]) -> DragSagaResult:
    """Store a DragSaga game: penalties, final damage, placing (RULES §2.4) and victory points."""
    if match.league.game != GameKind.DRAGSAGA:
        raise ValueError(_("This league plays Dragon Formula, not DragSaga."))
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
    number = (match.dragsaga_games.aggregate(last=Max("number"))["last"] or 0) + 1
    result = DragSagaResult.objects.create(match=match, number=number)
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
    placings = place(
        range(len(lines)),
        key=lambda seat: (-lines[seat].final_damage, -lines[seat].cards_left),
        victory_points=victory_point_table(len(lines)),
    )
    for placing in placings:
        lines[placing.seat].rank = placing.rank
        lines[placing.seat].victory_points = Decimal(str(placing.victory_points))
    DragSagaLine.objects.bulk_create(lines)
    return result
