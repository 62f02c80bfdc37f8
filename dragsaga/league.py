"""DragSaga in a league: a game's result lines (this game's ``league`` hook).

Each game is a result of its own (:func:`record_result`): damage taken plus the penalty
for cards left in hand (RULES §2.4) is the final damage; the least final damage places
first (then fewer cards left in hand), victory points by place. A finished online table is
recorded with the cost of the cards its players still held (:func:`record_online`).

Bad input raises ``ValueError`` with a message a player can read, and nothing is stored.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from dragsaga import sheets
from dragsaga.models import DragSagaLine, DragSagaResult
from dragsaga.rules.cards import CardSet
from games.leagues import counting, ratings, services
from games.leagues.members import head_to_head
from games.leagues.online import seat_members
from games.models import Game, GameKind, Match, Member

RESULTS = "games"
# The models of a game and of a player's line in it (``games.leagues.results``); the void
# links name a game ``dragsaga``; the line's total is its final damage.
RESULT_MODEL, LINE_MODEL, LINE_POINTS = DragSagaResult, DragSagaLine, "final_damage"
RESULT_KIND = "dragsaga"
RECORD_LINK = gettext_lazy("Record a DragSaga game")
SHEET_NAME = gettext_lazy("DragSaga game sheet")
TABLE_OPTIONS: dict[str, Any] = {}
TABLE_NOTE = ""


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
    ratings.rate_result(result)
    return result


# --- the platform's hooks ------------------------------------------------------------------


def record_form(data: Any, *, league: Any) -> Any:
    from dragsaga.forms import DragSagaForm

    return DragSagaForm(data, league=league)


def record(match: Match, form: Any) -> str:
    return reverse("leagues:dragsaga_detail", args=[record_result(match, form.seats).pk])


def result_pages(result: DragSagaResult) -> tuple[str, str]:
    """A game's result page and its printable sheet."""
    pk = result.pk
    return reverse("leagues:dragsaga_detail", args=[pk]), reverse(
        "leagues:dragsaga_sheet", args=[pk]
    )


MEMBER_FIGURES = "dragsaga/league/_member_figures.html"


def member_section(member: Member, section: Any) -> None:
    """A player's DragSaga: games played, first places (shared ones too), whom they met most
    (games that are not void)."""
    counted = DragSagaLine.objects.filter(
        counting.through("game", counting.counted(in_sets=False)), member=member
    )
    games = counted.values("game_id")
    section.played = games.count()
    section.figures = {
        "games_played": section.played,
        "first_places": counted.filter(rank=1).count(),
    }
    lines = DragSagaLine.objects.filter(game_id__in=games).select_related("member")
    section.head_to_head = head_to_head(member, list(lines), "game_id")


def blank_sheet(players: int) -> tuple[str, dict[str, Any]]:
    return "dragsaga/league/game_sheet.html", sheets.blank_dragsaga(players)


def open_real_table(match: Match, seats: Sequence[Any]) -> None:
    """A club night's table drawn for real cards: its keeper records the game once played."""


def drawn_table_form(data: Any, *, seats: list[Any]) -> Any:
    from dragsaga.forms import DrawnDragSagaForm

    return DrawnDragSagaForm(data, seats=seats)


def record_drawn_table(match: Match, form: Any) -> DragSagaResult:
    return record_result(match, form.entries())


def ended_a_game(before: dict[str, Any], state: dict[str, Any]) -> bool:
    """A DragSaga table plays one game: it ends when the table's game is finished."""
    return False


def record_online(match: Match, game: Game) -> None:
    """A finished online game, once, with the cost of the cards each player still held."""
    if not game.is_finished or match.dragsaga_games.exists():
        return
    cards = CardSet(game.state["cards"])
    members = seat_members(game, match)
    rows = sorted(game.outcome["placings"], key=lambda row: row["seat"])
    record_result(
        match,
        [
            DragSagaEntry(
                member=members[row["seat"]],
                damage=row["damage"],
                leftover_cost=cards.cost(row["hand"]),
                cards_left=row["hand_count"],
            )
            for row in rows
        ],
    )
