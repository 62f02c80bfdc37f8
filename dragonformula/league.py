"""Dragon Formula in a league (this game's ``league`` hook, ``games.registry``): what the
platform's league pages, standings, nights and online tables ask of the game. The set's own
scoring is :mod:`dragonformula.scoring`; its forms and sheets build on that, and this module
on all three.

Online league tables record each game of a set as it ends (:func:`record_online`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.db.models import Count, Func, IntegerField, OuterRef, Subquery, Value
from django.db.models.functions import Coalesce
from django.urls import reverse
from django.utils.translation import gettext_lazy

from dragonformula import forms, scored_hands, scoring, sheets
from dragonformula.models import Element, Penalty, SetGame, SetLine, SetResult
from dragonformula.scoring import GameEntry, PenaltyEntry, SeatEntry
from games.leagues import counting, services
from games.leagues.member_models import Member
from games.leagues.models import Match
from games.leagues.online import seat_members
from games.tables.models import Game

RECENT_RESULTS = "dragonformula/league/_recent_results.html"  # the league page's list
# The standings' words for a set's results (more set points place higher, the default).
PLAYED_LABEL, AVERAGE_LABEL = gettext_lazy("Sets"), gettext_lazy("VP / set")
# The models of a set and of a player's line in it (``games.leagues.results``); the void
# links name a set ``set``; the line's total is its set points.
RESULT_MODEL, LINE_MODEL, LINE_POINTS, RESULT_KIND = SetResult, SetLine, "points", "set"
# A set's games change the night's results too (``games.nights.announcing``).
NIGHT_RESULT_ROWS = {
    SetGame: lambda game: (
        SetResult.objects.filter(pk=game.set_id).values_list("match_id", flat=True).first()
    )
}
RESULTS_CSV_PREFETCH = ["games"]
SEAT_ELEMENT_LABELS = dict(Element.choices)
RECORD_LINK = gettext_lazy("Keep score of a set at a real table")
SHEET_NAME = gettext_lazy("Dragon Formula set sheet")
TOOLS = [("dragonformula:calculator", gettext_lazy("Dragon Formula hand calculator"))]

# The standings' own column: each player's best won hand (``selectors.standings``'s
# ``best_hand`` / ``best_hand_points``), sorted by its points.
WINS_TITLE = gettext_lazy("Games won (Dan or Pick-and-Dan)")
STANDINGS_COLUMNS = [("best", gettext_lazy("Best hand"))]
STANDINGS_CELLS = "dragonformula/league/_standings_cells.html"


def standings_wins(counted: dict[str, Any]) -> Func:
    """The standings' wins: games won by Dan or Pick-and-Dan in the sets that count."""
    won = (
        SetGame.objects.filter(
            counting.through("set", counted),
            winner=OuterRef("pk"),
            win__in=[SetGame.Win.DAN, SetGame.Win.PICK_AND_DAN],
        )
        .order_by()
        .values("winner")
        .annotate(n=Count("pk"))
        .values("n")
    )
    return Coalesce(Subquery(won, output_field=IntegerField()), Value(0))


def standings_annotations(counted: dict[str, Any]) -> dict[str, Any]:
    """Each standings row's best won hand (``best_hand``) and its points (``best_hand_points``)
    in the sets that count."""
    best = SetGame.objects.filter(counting.through("set", counted), winner=OuterRef("pk")).order_by(
        "-points", "set__created_at", "number"
    )
    return {
        "best_hand": Subquery(best.values("hand")[:1]),
        "best_hand_points": Subquery(best.values("points")[:1]),
    }


def hand_over(match: Match, placeholder: Member, member: Member) -> None:
    """A keeper named who played a seat: the match's games won and penalties of the seat's
    placeholder are now ``member``'s (the platform moves the set lines)."""
    SetGame.objects.filter(winner=placeholder, set__match=match).update(winner=member)
    Penalty.objects.filter(member=placeholder, game__set__match=match).update(member=member)


def _best_hand_cell(row: Any) -> str:
    return scored_hands.hand_name(row.best_hand) if row.best_hand else ""


def _hands_won_cell(set_result: SetResult, line: SetLine) -> str:
    """The hands a set line's player won the set's games with, by name."""
    return "; ".join(
        scored_hands.hand_name(game.hand)
        for game in set_result.games.all()
        if game.winner_id == line.member_id and game.hand
    )


# The CSV exports' own columns, headed and worded in the reader's language.
STANDINGS_CSV = [
    (gettext_lazy("Best hand"), _best_hand_cell),
    (gettext_lazy("Best hand points"), lambda row: row.best_hand_points if row.best_hand else ""),
]
RESULTS_CSV_RESULT = [(gettext_lazy("Set"), lambda set_result: set_result.number)]
RESULTS_CSV_LINE = [
    (gettext_lazy("Element"), lambda line: line.get_element_display()),
    (gettext_lazy("Points"), lambda line: line.points),
]
RESULTS_CSV = [(gettext_lazy("Hands won"), _hands_won_cell)]

# RULES §1.5.1: a club night's drawn table deals the elements to its seats (a random seat is
# Fire, then clockwise Water, Air, Earth); an online table it opens deals the same.
SEAT_ELEMENTS = list(Element.values)


def drawn_table_options(elements: Sequence[str]) -> dict[str, Any]:
    """The options of an online table whose seats were drawn with ``elements`` (seat order):
    its first set's Fire seat is the draw's, so each seat plays the element it was drawn."""
    scoring.check_elements(elements)
    return {"fire_seat": list(elements).index(Element.FIRE)}


def dealt_elements(state: Mapping[str, Any]) -> list[str]:
    """The seats' elements of an online table's game, once dealt."""
    return list(state.get("elements") or [])


# RULES §1.5: league tables are strict (Dan is always offered; a false Dan costs 500),
# and their turns have a clock (30 s a turn and a 60 s bank; dragonformula.rules.clock).
TABLE_OPTIONS = {"dan_assist": False, "turn_seconds": 30, "time_bank": 60}
TABLE_NOTE = gettext_lazy(
    "League tables are strict: Dan is always offered and a false Dan costs 500."
)


# --- the platform's hooks ------------------------------------------------------------------


def record_form(data: Any, *, league: Any) -> Any:
    return forms.SetStartForm(data, league=league)


def record(match: Match, form: Any) -> str:
    """A set at a real table is started; the keeper adds its games on the set's page."""
    return reverse("leagues:set_detail", args=[scoring.start_set(match, form.seats).pk])


def result_pages(set_result: SetResult) -> tuple[str, str]:
    """A set's running table (where its keeper adds games) and its printable sheet."""
    pk = set_result.pk
    return reverse("leagues:set_detail", args=[pk]), reverse("leagues:set_sheet", args=[pk])


MEMBER_FIGURES = "dragonformula/league/_member_figures.html"
MEMBER_DETAILS = "dragonformula/league/_member_details.html"
BEST_HANDS = 5  # the player page's best won hands


def member_section(member: Member, section: Any) -> None:
    """A player's Dragon Formula beyond the sets played (``section.played``): games played,
    games won and by which hand, the best won hands (complete sets that are not void)."""
    counted = SetLine.objects.filter(
        counting.through("set", counting.counted("dragonformula")), member=member
    )
    sets = counted.values("set_id")
    games = SetGame.objects.filter(set_id__in=sets)
    won = games.filter(winner=member).exclude(hand="")
    section.figures = {
        "sets_played": section.played,
        "games_played": games.count(),
        "games_won": won.count(),
        "wins_by_hand": list(
            won.values_list("hand").annotate(n=Count("id")).order_by("-n", "hand")
        ),
        "best_hands": list(
            won.select_related("set__match").order_by("-points", "set__created_at", "number")[
                :BEST_HANDS
            ]
        ),
    }


def blank_sheet(players: int) -> tuple[str, dict[str, Any]]:
    return "dragonformula/league/set_sheet.html", sheets.blank_set(players)


def open_real_table(match: Match, seats: Sequence[Any]) -> None:
    """A club night's table drawn for real cards: its first set starts with the drawn elements."""
    scoring.start_set(match, [SeatEntry(seat.entrant.member, seat.element) for seat in seats])


def _game_entry(summary: dict[str, Any], last_game: dict[str, Any] | None) -> GameEntry:
    if summary["result"] == "false_dan":
        return GameEntry(
            winner=None, win="none", penalties=(PenaltyEntry(summary["seat"], "false_dan"),)
        )
    if summary["result"] != "win":
        return GameEntry(winner=None, win="none")
    detail = last_game or {}
    reading = detail.get("reading") or {
        "hand": summary["hand"],
        "base": summary["points"],
        "multipliers": summary["multipliers"],
        "total": summary["points"],
    }
    return GameEntry(
        winner=summary["seat"],
        win=detail.get("via", "dan"),
        engine_hand=reading,
        cards=tuple(detail.get("cards", ())),
    )


def ended_a_game(before: dict[str, Any], state: dict[str, Any]) -> bool:
    """Whether a save ended one of the match's games (a set has several)."""
    return len(state.get("games", ())) != len(before.get("games", ()))


def record_online(match: Match, game: Game) -> None:
    """Every game of the online table that ended since the last call, set by set, with the
    engine's own scored reading."""
    state = game.state
    ended = state.get("games", [])
    recorded = {s.number: s for s in match.sets.prefetch_related("games")}
    members = None
    last = state.get("last_game") or {}
    for index, summary in enumerate(ended):
        number = summary["set"]
        set_result = recorded.get(number)
        done = set_result.games.count() if set_result else 0
        position = sum(1 for g in ended[:index] if g["set"] == number)
        if position < done:
            continue
        if set_result is None:
            members = members or seat_members(game, match)
            closed = state["sets"][number - 1] if len(state["sets"]) >= number else None
            elements = closed["elements"] if closed else state["elements"]
            seats = [SeatEntry(members[seat], elements[seat]) for seat in range(state["players"])]
            set_result = scoring.start_set(match, seats)
            recorded[number] = set_result
        is_last = index == len(ended) - 1 and last.get("set") == number
        entry = _game_entry(summary, last if is_last else None)
        scoring.record_game(set_result, entry, by=services.THE_TABLE)
        recorded[number] = SetResult.objects.prefetch_related("games").get(pk=set_result.pk)
