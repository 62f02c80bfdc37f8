"""Dragon Formula's set scoring: a set's players sit clockwise with their elements
(:func:`start_set`); each game is scored (:func:`record_game`: the winner's 11 cards through
``best_hand``, a chosen hand with its bonuses, or an online table's own reading) with its
penalties (RULES §1.5), and the set's points, ranks and victory points are settled after every
game. The score-keeping pages for real cards call :func:`start_set` then :func:`record_game`;
:func:`record_set_result` stores a whole set at once; a keeper corrects a game
(:func:`correct_game`) or takes the last one back (:func:`undo_last_game`).

Bad input raises ``ValueError`` with a message a player can read, and nothing is stored
(each function runs in one transaction).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from dragonformula import scored_hands
from dragonformula.models import Element, Penalty, SetGame, SetLine, SetResult
from dragonformula.rules import ELEMENTS
from dragonformula.rules.deal import elements_from
from dragonformula.rules.ending import FALSE_DAN_PENALTY
from games.leagues import forfeits, result_lines, services
from games.leagues.member_models import Member
from games.leagues.models import Match
from games.nights.models import NightTable
from games.ratings import ratings

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
# The history's reason of a game as recorded, or undone without a reason given.
RECORDED, UNDONE = "recorded", "undone"

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


def penalty_points(offence: str, intentional: bool = False) -> int:
    """What a penalty of RULES §1.5 costs, as a negative number of points."""
    if offence not in PENALTY_POINTS:
        raise ValueError(_("Unknown penalty “%(offence)s”.") % {"offence": offence})
    if intentional and offence == Penalty.Offence.CHEATING:
        raise ValueError(_("Cheating is −10000 already; it has no intentional ×10."))
    return -PENALTY_POINTS[offence] * (INTENTIONAL_FACTOR if intentional else 1)


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
    if match.league.game != "dragonformula":
        raise ValueError(_("This league plays DragSaga, not Dragon Formula."))
    services.check_night_open(match)
    check_elements([s.element for s in seats])
    members = [s.member.pk for s in seats]
    if len(set(members)) != len(members):
        raise ValueError(_("A player can sit only once at a table."))
    set_result = SetResult.objects.create(match=match, number=services.next_number(match.sets))
    SetLine.objects.bulk_create(
        SetLine(set=set_result, member=s.member, seat=seat, element=s.element)
        for seat, s in enumerate(seats)
    )
    result_lines.keep(set_result)
    return set_result


ONE_SET_A_ROUND = gettext_lazy(
    "A club night's table plays one set a round: the next round's draw seats the next."
)


def plays_one_set(match: Match) -> bool:
    """Whether the match is played at a table a club night drew: one set each round, the next
    round's draw seats the next (so its set page offers no next set at the same table)."""
    return NightTable.objects.filter(match=match).exists()


def records_again(set_result: SetResult) -> bool:
    """Whether a club night's table records its set again: its set is void and the match has
    no set that counts (the new set takes the same seats and elements)."""
    match = set_result.match
    return (
        set_result.voided_at is not None
        and plays_one_set(match)
        and not match.sets.filter(voided_at=None).exists()
    )


@transaction.atomic
def record_again(set_result: SetResult, by: Any) -> SetResult:
    """A club night's table whose set was voided plays (or records) its set again: a new set of
    the same match with the same seats and elements, counted in its place."""
    set_result = SetResult.objects.select_for_update().select_related("match").get(pk=set_result.pk)
    if not records_again(set_result):
        raise ValueError(_("Only a club night's table whose set is void records its set again."))
    lines = list(set_result.lines.select_related("member").order_by("seat"))
    return start_set(set_result.match, [SeatEntry(line.member, line.element) for line in lines])


def start_next_set(set_result: SetResult, fire_seat: int) -> SetResult:
    """The match's next set at the same table: same seats, elements clockwise from ``fire_seat``."""
    if plays_one_set(set_result.match):
        raise ValueError(str(ONE_SET_A_ROUND))
    lines = list(set_result.lines.select_related("member").order_by("seat"))
    if not 0 <= fire_seat < len(lines):
        raise ValueError(_("There is no seat %(seat)s at this table.") % {"seat": fire_seat + 1})
    elements = elements_from(fire_seat, len(lines))
    seats = [SeatEntry(line.member, elements[line.seat]) for line in lines]
    return start_set(set_result.match, seats)


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
                        "multiplier": scored_hands.multiplier_name(multiplier),
                        "win": SetGame.Win(needed).label,
                    }
                )
    for penalty in entry.penalties:
        if penalty.seat not in seats:
            raise ValueError(_("There is no seat %(seat)s at this table.") % {"seat": penalty.seat})
        penalty_points(penalty.offence, penalty.intentional)
        if penalty.offence == Penalty.Offence.FALSE_DAN and entry.winner is not None:
            raise ValueError(_("A false Dan ends the game: it has no winner."))


def _scored_fields(entry: GameEntry, lines: dict[int, SetLine]) -> dict[str, Any]:
    """A game's stored fields from ``entry``: the winner, the hand scored for their element."""
    _check_game(entry, len(lines))
    scored = None
    if entry.winner is not None:
        element = lines[entry.winner].element
        if entry.engine_hand is not None:
            scored = scored_hands.from_engine(entry.engine_hand, entry.cards)
        elif entry.cards:
            scored = scored_hands.score_cards(entry.cards, element, entry.multipliers)
        else:
            scored = scored_hands.score_chosen(entry.hand, entry.bonuses, entry.multipliers)
    return {
        "winner": lines[entry.winner].member if entry.winner is not None else None,
        "win": entry.win,
        "multipliers": list(scored.multipliers) if scored else [],
        "cards": " ".join(scored.cards) if scored else "",
        "hand": scored.hand if scored else "",
        "bonuses": list(scored.bonuses) if scored else [],
        "base": scored.base if scored else 0,
        "points": scored.total if scored else 0,
        "reading": scored.reading if scored else {},
        "counts": not any(p.offence == Penalty.Offence.FALSE_DAN for p in entry.penalties),
    }


def _add_penalties(
    game: SetGame, entry: GameEntry, lines: dict[int, SetLine], by: Any, reason: str
) -> None:
    """The game's penalties, one row each (so each is in the game's history)."""
    for p in entry.penalties:
        penalty = Penalty(
            game=game,
            member=lines[p.seat].member,
            offence=p.offence,
            intentional=p.intentional,
            points=penalty_points(p.offence, p.intentional),
        )
        _tag(penalty, by, reason)
        penalty.save()


_tag = services.tag_change  # who made this change to a game or penalty, and why


@transaction.atomic
def record_game(set_result: SetResult, entry: GameEntry, by: Any = None) -> SetGame:
    """Score one game of a set (with its penalties) and update the set's points, ranks and VP."""
    set_result = SetResult.objects.select_for_update().select_related("match").get(pk=set_result.pk)
    services.check_night_open(set_result.match)
    if set_result.complete:
        raise ValueError(_("This set is complete: every player has started a game."))
    if set_result.voided_at is not None:
        raise ValueError(_("This set is void; count it again before recording its games."))
    lines = {line.seat: line for line in set_result.lines.select_related("member")}
    fields = _scored_fields(entry, lines)
    game = SetGame(set=set_result, number=services.next_number(set_result.games), **fields)
    _tag(game, by, RECORDED)
    game.save()
    _add_penalties(game, entry, lines, by, RECORDED)
    _settle_set(set_result, list(lines.values()))
    return game


def _settle_set(set_result: SetResult, lines: list[SetLine]) -> bool:
    """Recompute set points, ranks and victory points from the set's games and penalties; the
    set is complete while every player has started a counting game. Returns whether the set
    counted (was complete) before or counts now: then its ranks reach the ratings."""
    points = {line.member_id: 0 for line in lines}
    games = list(set_result.games.prefetch_related("penalties"))
    for game in games:
        if game.winner_id is not None:
            points[game.winner_id] += game.points
        for penalty in game.penalties.all():
            points[penalty.member_id] += penalty.points
    for line in lines:
        line.points = points[line.member_id]
    services.place_lines(lines, key=lambda line: line.points)
    SetLine.objects.bulk_update(lines, ["points", "rank", "victory_points"])
    result_lines.keep(set_result)
    counted = sum(1 for game in games if game.counts)
    was_complete = set_result.complete
    if counted >= len(lines) and not was_complete:
        services.complete_set(set_result)
    elif counted < len(lines) and was_complete:
        set_result.complete, set_result.completed_at = False, None
        set_result.save(update_fields=["complete", "completed_at"])
    return was_complete or set_result.complete


# --- corrections: one game put right, or the last entry taken back -----------------------------


def _correctable(set_result: SetResult) -> tuple[SetResult, dict[int, SetLine]]:
    set_result = (
        SetResult.objects.select_for_update().select_related("match__league").get(pk=set_result.pk)
    )
    if set_result.match.league.archived:
        raise ValueError(_("This season has ended: its results are read-only."))
    if set_result.voided_at is not None:
        raise ValueError(_("This set is void; restore it before correcting its games."))
    lines = {line.seat: line for line in set_result.lines.select_related("member")}
    return set_result, lines


@transaction.atomic
def correct_game(game: SetGame, entry: GameEntry, by: Any, reason: str) -> SetGame:
    """An organiser corrects one recorded game (winner, hand, multipliers, penalties) in place,
    saying why: the set keeps its match, night and table; its points, ranks and VP are settled
    again and, if the set counts, the game's ratings are rebuilt. The game's history keeps the
    change and its reason."""
    reason = services.given_reason(reason)
    set_result, lines = _correctable(game.set)
    game = SetGame.objects.select_for_update().get(pk=game.pk, set=set_result)
    fields = _scored_fields(entry, lines)
    for penalty in game.penalties.all():
        _tag(penalty, by, reason)
        penalty.delete()
    for name, value in fields.items():
        setattr(game, name, value)
    _tag(game, by, reason)
    game.save()
    _add_penalties(game, entry, lines, by, reason)
    if _settle_set(set_result, list(lines.values())):
        ratings.rebuild(set_result.match.league.game)
    forfeits.stand_again(set_result.match)
    return game


@transaction.atomic
def undo_last_game(set_result: SetResult, by: Any, reason: str = "") -> int:
    """An organiser takes back the set's last recorded game (a slip of the pen; the reason is
    optional): the set is settled again, open again if that game had closed it. Refused once
    the match's next set has started there, and at an online table (its games come from the
    table itself). Returns the number of the game taken back."""
    reason = services.given_reason(reason) if reason.strip() else UNDONE
    set_result, lines = _correctable(set_result)
    if set_result.match.table_id is not None:
        raise ValueError(_("An online table records its own games; correct a game instead."))
    if set_result.match.sets.filter(number__gt=set_result.number).exists():
        raise ValueError(_("The next set of this match has started; undo its games first."))
    game = set_result.games.order_by("-number").first()
    if game is None:
        raise ValueError(_("This set has no game to undo."))
    for penalty in game.penalties.all():
        _tag(penalty, by, reason)
        penalty.delete()
    number = game.number
    _tag(game, by, reason)
    game.delete()
    if _settle_set(set_result, list(lines.values())):
        ratings.rebuild(set_result.match.league.game)
    return number


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
