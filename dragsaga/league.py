"""DragSaga in a league (this game's ``league`` hook, ``games.registry``): what the platform's
league pages, standings, nights and online tables ask of the game. A game's own scoring is
:mod:`dragsaga.scoring`; its forms build on that, and this module on both. A finished online
table is recorded with the cost of the cards its players still held (:func:`record_online`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.urls import reverse
from django.utils.translation import gettext_lazy

from dragsaga import forms, scoring, sheets
from dragsaga.models import DragSagaLine, DragSagaResult
from dragsaga.rules.cards import CardSet
from dragsaga.scoring import DragSagaEntry
from games.leagues import services
from games.leagues.member_models import Member
from games.leagues.models import Match
from games.leagues.online import seat_members
from games.tables.models import Game

RECENT_RESULTS = "dragsaga/league/_recent_results.html"  # the league page's list
# The standings' total is final damage: less places higher.
# The results CSV's own columns: a game's number, then each line's damage and penalty.
RESULTS_CSV_RESULT = [(gettext_lazy("Game"), lambda result: result.number)]
RESULTS_CSV_LINE = [
    (gettext_lazy("Damage"), lambda line: line.damage),
    (gettext_lazy("Cards left"), lambda line: line.cards_left),
    (gettext_lazy("Cost of cards left"), lambda line: line.leftover_cost),
    (gettext_lazy("Penalty"), lambda line: line.penalty),
    (gettext_lazy("Final damage"), lambda line: line.final_damage),
]
LESS_IS_BETTER = True
POINTS_LABEL = gettext_lazy("Damage")
ORDER_NOTE = gettext_lazy(
    "Order: victory points, then less total damage; players still tied share the place."
)
# The models of a game and of a player's line in it (``games.leagues.results``); the void
# links name a game ``dragsaga``; the line's total is its final damage.
RESULT_MODEL, LINE_MODEL, LINE_POINTS = DragSagaResult, DragSagaLine, "final_damage"
RESULT_KIND = "dragsaga"
RECORD_LINK = gettext_lazy("Record a DragSaga game")
SHEET_NAME = gettext_lazy("DragSaga game sheet")
TABLE_OPTIONS: dict[str, Any] = {}
TABLE_NOTE = ""


# --- the platform's hooks ------------------------------------------------------------------


def record_form(data: Any, *, league: Any) -> Any:
    return forms.DragSagaForm(data, league=league)


def record(match: Match, form: Any, by: Any = None) -> str:
    result = scoring.record_result(match, form.seats, by=by)
    return reverse("leagues:dragsaga_detail", args=[result.pk])


def result_pages(result: DragSagaResult) -> tuple[str, str]:
    """A game's result page and its printable sheet."""
    pk = result.pk
    return reverse("leagues:dragsaga_detail", args=[pk]), reverse(
        "leagues:dragsaga_sheet", args=[pk]
    )


MEMBER_FIGURES = "dragsaga/league/_member_figures.html"


def member_section(member: Member, section: Any) -> None:
    """A player's DragSaga: games played and first places (shared ones too), as the platform
    counted them (games that are not void)."""
    section.figures = {"games_played": section.played, "first_places": section.first_places}


def blank_sheet(players: int) -> tuple[str, dict[str, Any]]:
    return "dragsaga/league/game_sheet.html", sheets.blank_dragsaga(players)


def open_real_table(match: Match, seats: Sequence[Any]) -> None:
    """A club night's table drawn for real cards: its keeper records the game once played."""


def drawn_table_form(data: Any, *, seats: list[Any]) -> Any:
    return forms.DrawnDragSagaForm(data, seats=seats)


def record_drawn_table(match: Match, form: Any, by: Any = None) -> DragSagaResult:
    return scoring.record_result(match, form.entries(), by=by)


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
    scoring.record_result(
        match,
        by=services.THE_TABLE,
        seats=[
            DragSagaEntry(
                member=members[row["seat"]],
                damage=row["damage"],
                leftover_cost=cards.cost(row["hand"]),
                cards_left=row["hand_count"],
            )
            for row in rows
        ],
    )
