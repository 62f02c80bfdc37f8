"""A league's CSV exports: its standings and every result line, with headers in the reader's
language."""

from __future__ import annotations

from decimal import Decimal
from types import SimpleNamespace
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from django.views.decorators.http import require_GET

from games.leagues import (
    selectors,
)
from games.leagues.csv_cells import csv_response as _csv_response
from games.leagues.csv_cells import yes_no
from games.leagues.models import League, Match
from games.ratings import ratings
from games.registry import game_kind


def _rating_cell(row: Any) -> Any:
    """The rating as the pages show it: the rounded ordinal, "?" while provisional."""
    value = getattr(row, "rating_shown", None)
    return "?" if value is None else ratings.rounded(value)


@require_GET
def standings_csv(request: HttpRequest, pk: int) -> HttpResponse:
    """The standings with headers in the reader's language (an ended season: as archived)."""
    league = get_object_or_404(League, pk=pk)
    response, writer = _csv_response(f"{slugify(league.name) or 'league'}-standings.csv")
    extra = list(game_kind(league.game).league_part.STANDINGS_CSV)
    writer.writerow(
        [
            _("League"),
            _("Place"),
            _("Player"),
            _("VP"),
            _("Rating"),
            league.played_label,
            league.average_label,
            _("Wins"),
            league.points_label,
            *(str(label) for label, _cell in extra),
        ]
    )
    rows: Any = selectors.standings(league)
    if league.archived:
        rows = [SimpleNamespace(**row) for row in league.final_standings]
    for row in rows:
        writer.writerow(
            [
                league.name,
                row.place,
                row.name,
                f"{Decimal(str(row.vp_total)):.2f}",
                _rating_cell(row),
                row.played,
                f"{row.vp_average:.2f}",
                row.wins,
                row.total_points,
                *(cell(row) for _label, cell in extra),
            ]
        )
    return response


def _line_player(line: Any) -> str:
    """A result line's player in a CSV: a bot that played for no one is nobody's name."""
    return "" if line.member.guest and line.by_bot else line.member.name


def _match_columns(league: League, match: Match) -> list[Any]:
    """The columns every results row starts with: the league, when, where and which match."""
    night = match.club_night.date if match.club_night else ""
    return [
        league.name,
        match.played_on,
        night,
        match.number,
        match.get_source_display(),
        match.table_code,
    ]


@require_GET
def results_csv(request: HttpRequest, pk: int) -> HttpResponse:
    """Every result line of the league, one row per player per set (or DragSaga game), with
    headers in the reader's language; a void result is listed and marked void, an unfinished
    set marked not complete, with no rank or victory points."""
    league = get_object_or_404(League, pk=pk)
    response, writer = _csv_response(f"{slugify(league.name) or 'league'}-results.csv")
    common = [
        _("League"),
        _("Date"),
        _("Club night"),
        pgettext("results CSV", "Match"),
        _("Played with"),
        _("Table"),
    ]
    kind = game_kind(league.game)
    extra = list(kind.league_part.RESULTS_CSV)
    listed = selectors.league_results(league).prefetch_related(
        *kind.league_part.RESULTS_CSV_PREFETCH
    )
    # The game's own columns: of a result (its number …), then of a player's line in it.
    of_result = list(kind.league_part.RESULTS_CSV_RESULT)
    of_line = list(kind.league_part.RESULTS_CSV_LINE)
    writer.writerow(
        [
            *common,
            *(str(label) for label, _cell in of_result),
            pgettext("results CSV", "Complete"),
            pgettext("results CSV", "Void"),
            _("Seat"),
            _("Player"),
            _("Played by a bot"),
            *(str(label) for label, _cell in of_line),
            _("Rank"),
            _("VP"),
            *(str(label) for label, _cell in extra),
        ]
    )
    for result in listed:
        # An unfinished set has no rank or victory points yet: those cells stay empty.
        complete = getattr(result, "complete", True)
        for line in result.lines.all():
            writer.writerow(
                [
                    *_match_columns(league, result.match),
                    *(cell(result) for _label, cell in of_result),
                    yes_no(complete),
                    yes_no(result.voided_at),
                    line.seat + 1,
                    _line_player(line),
                    yes_no(line.by_bot),
                    *(cell(line) for _label, cell in of_line),
                    line.rank if complete else "",
                    line.victory_points if complete else "",
                    *(cell(result, line) for _label, cell in extra),
                ]
            )
    return response
