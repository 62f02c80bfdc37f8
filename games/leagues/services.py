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

import datetime
import hashlib
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext as _

from dragonformula.rules import ELEMENTS
from dragonformula.rules.deal import elements_from
from dragonformula.rules.ending import FALSE_DAN_PENALTY
from games.engine import place, victory_point_table
from games.leagues import hands, ratings
from games.models import (
    DragSagaLine,
    DragSagaResult,
    Element,
    GameKind,
    GuestSeat,
    League,
    Match,
    Member,
    MemberClaim,
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


def linked_member(user: AbstractBaseUser | None) -> Member | None:
    """The league player a keeper linked to ``user``'s account, if any. Never by a name."""
    if user is None or not user.is_authenticated:
        return None
    return Member.objects.filter(user=user, guest=False).first()


def guest_member(match: Match, seat: int, name: str) -> Member:
    """Who a seat's results go under while no keeper has said who played it.

    The first call for a seat of ``match`` makes its :class:`GuestSeat` and a placeholder
    player (no standings row); once a keeper has named the seat, its later results go to
    the player named.
    """
    guest_seat, _created = GuestSeat.objects.get_or_create(
        match=match, seat=seat, defaults={"name": name[:40]}
    )
    if guest_seat.resolved_to_id is not None:
        return guest_seat.resolved_to
    if guest_seat.placeholder_id is None:
        label = f"{guest_seat.name} (? {match.pk}-{seat + 1})"
        guest_seat.placeholder = Member.objects.create(name=label[:60], guest=True)
        guest_seat.save(update_fields=["placeholder"])
    return guest_seat.placeholder


def _check_linkable(member: Member, user: AbstractBaseUser) -> None:
    if member.guest:
        raise ValueError(_("A seat waiting for a keeper cannot be linked to an account."))
    if member.user_id is not None:
        raise ValueError(
            _("%(member)s is linked to an account already; unlink it first.") % {"member": member}
        )
    other = Member.objects.filter(user=user).first()
    if other is not None:
        raise ValueError(
            _("That account is linked to %(member)s already.") % {"member": other.name}
        )


@transaction.atomic
def link_member(member: Member, user: AbstractBaseUser) -> Member:
    """A keeper links a league player to an account (the caller checked the keeper)."""
    member = Member.objects.select_for_update().get(pk=member.pk)
    _check_linkable(member, user)
    member.user = user
    member.save(update_fields=["user"])
    _revoke_claim_codes(member)
    return member


def _revoke_claim_codes(member: Member) -> None:
    """Once a player is linked, the codes still out for them are good for nothing."""
    MemberClaim.objects.filter(member=member, used_at=None).update(expires_at=timezone.now())


@transaction.atomic
def unlink_member(member: Member) -> Member:
    member = Member.objects.select_for_update().get(pk=member.pk)
    member.user = None
    member.save(update_fields=["user"])
    return member


CLAIM_CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CLAIM_CODE_LENGTH = 12


def claim_code_lifetime() -> datetime.timedelta:
    """How long a claim code stays good: ``LEAGUE_CLAIM_CODE_DAYS`` (7 days by default)."""
    return datetime.timedelta(days=getattr(settings, "LEAGUE_CLAIM_CODE_DAYS", 7))


def _claim_hash(code: str) -> str:
    normal = "".join(ch for ch in code.upper() if ch.isalnum())
    return hashlib.sha256(normal.encode()).hexdigest()


@transaction.atomic
def make_claim_code(
    member: Member, league: League, made_by: AbstractBaseUser, now: datetime.datetime | None = None
) -> str:
    """A one-time code that links ``member`` to whoever redeems it first, before it expires.

    The caller checked that ``made_by`` keeps ``league``. Only the code's hash is stored:
    the returned code is shown to the keeper once.
    """
    if not league.members.filter(pk=member.pk).exists():
        raise ValueError(_("%(member)s does not play in this league.") % {"member": member})
    if member.guest or member.user_id is not None:
        raise ValueError(
            _("%(member)s is linked to an account already; unlink it first.") % {"member": member}
        )
    now = now or timezone.now()
    code = "".join(secrets.choice(CLAIM_CODE_ALPHABET) for _ in range(CLAIM_CODE_LENGTH))
    MemberClaim.objects.create(
        member=member,
        league=league,
        code_hash=_claim_hash(code),
        created_by=made_by,
        expires_at=now + claim_code_lifetime(),
    )
    return "-".join(code[i : i + 4] for i in range(0, CLAIM_CODE_LENGTH, 4))


@transaction.atomic
def redeem_claim_code(
    code: str, user: AbstractBaseUser, now: datetime.datetime | None = None
) -> Member:
    """Link ``user`` to the league player a keeper made ``code`` for: once, before it expires."""
    now = now or timezone.now()
    claim = (
        MemberClaim.objects.select_for_update()
        .select_related("member")
        .filter(code_hash=_claim_hash(code))
        .first()
    )
    if claim is None:
        raise ValueError(_("That code is not a claim code. Check the letters and try again."))
    if claim.used_at is not None:
        raise ValueError(_("That code has been used already; ask a keeper for a new one."))
    if claim.expires_at <= now:
        raise ValueError(_("That code has expired; ask a keeper for a new one."))
    member = Member.objects.select_for_update().get(pk=claim.member_id)
    _check_linkable(member, user)
    member.user = user
    member.save(update_fields=["user"])
    claim.used_at, claim.used_by = now, user
    claim.save(update_fields=["used_at", "used_by"])
    _revoke_claim_codes(member)
    return member


def _match_members(match: Match) -> set[int]:
    return set(SetLine.objects.filter(set__match=match).values_list("member_id", flat=True)) | set(
        DragSagaLine.objects.filter(game__match=match).values_list("member_id", flat=True)
    )


@transaction.atomic
def name_guest_seat(guest_seat: GuestSeat, member: Member, named_by: AbstractBaseUser) -> None:
    """A keeper says who played a seat: its results move from the placeholder to ``member``.

    The ratings of the game are rebuilt (the results now count, in their own order).
    """
    guest_seat = (
        GuestSeat.objects.select_for_update().select_related("match__league").get(pk=guest_seat.pk)
    )
    match = guest_seat.match
    if guest_seat.resolved_to_id is not None:
        raise ValueError(_("A keeper has named this seat already."))
    if member.guest or not match.league.members.filter(pk=member.pk).exists():
        raise ValueError(_("%(member)s does not play in this league.") % {"member": member})
    if member.pk in _match_members(match):
        raise ValueError(
            _("%(member)s played another seat of this match.") % {"member": member.name}
        )
    placeholder = guest_seat.placeholder
    if placeholder is not None:
        SetLine.objects.filter(member=placeholder, set__match=match).update(member=member)
        SetGame.objects.filter(winner=placeholder, set__match=match).update(winner=member)
        Penalty.objects.filter(member=placeholder, game__set__match=match).update(member=member)
        DragSagaLine.objects.filter(member=placeholder, game__match=match).update(member=member)
    guest_seat.resolved_to, guest_seat.resolved_by = member, named_by
    guest_seat.resolved_at, guest_seat.placeholder = timezone.now(), None
    guest_seat.save()
    if placeholder is not None:
        placeholder.delete()
    ratings.rebuild(match.league.game)


def _voidable(result: SetResult | DragSagaResult) -> SetResult | DragSagaResult:
    return (
        type(result).objects.select_for_update().select_related("match__league").get(pk=result.pk)
    )


@transaction.atomic
def void_result(result: SetResult | DragSagaResult, voided_by: AbstractBaseUser) -> None:
    """A keeper voids a set or DragSaga game: it stays listed, counts nowhere, ratings recompute."""
    result = _voidable(result)
    if result.voided_at is not None:
        raise ValueError(_("This result is void already."))
    result.voided_at, result.voided_by = timezone.now(), voided_by
    result.save(update_fields=["voided_at", "voided_by"])
    ratings.rebuild(result.match.league.game)


@transaction.atomic
def restore_result(result: SetResult | DragSagaResult) -> None:
    """Undo a void: the result counts again and the ratings recompute."""
    result = _voidable(result)
    if result.voided_at is None:
        raise ValueError(_("This result is not void."))
    result.voided_at, result.voided_by = None, None
    result.save(update_fields=["voided_at", "voided_by"])
    ratings.rebuild(result.match.league.game)


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
        set_result.complete, set_result.completed_at = True, timezone.now()
        set_result.save(update_fields=["complete", "completed_at"])
        ratings.rate_set(set_result)


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
    ratings.rate_dragsaga(result)
    return result
