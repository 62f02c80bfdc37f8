"""A club night's own downloads: every result line of its tables, and tonight's standings, as
CSV in the reader's language. An unfinished or void result is listed with no rank and no
victory points (it counts nowhere), and says so."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from django.views.decorators.http import require_GET

from games.leagues.csv_cells import csv_response, yes_no
from games.leagues.models import ResultLine
from games.nights import tonight as night_tonight
from games.nights.models import ClubNight


def _name(night: ClubNight, what: str) -> str:
    return f"{slugify(night.league.name) or 'league'}-{night.date:%Y-%m-%d}-{what}.csv"


@require_GET
def results_csv(request: HttpRequest, pk: int) -> HttpResponse:
    """Every result line of the night's tables, by round, table and seat."""
    night = get_object_or_404(ClubNight.objects.select_related("league"), pk=pk)
    response, writer = csv_response(_name(night, "results"))
    writer.writerow(
        [
            _("Round"),
            _("Table"),
            _("Played with"),
            pgettext("results CSV", "Match"),
            _("Result"),
            _("Complete"),
            pgettext("results CSV", "Void"),
            _("Seat"),
            _("Player"),
            _("Visitor"),
            _("Played by a bot"),
            _("Points"),
            _("Rank"),
            _("VP"),
        ]
    )
    visitors = set(night.entrants.filter(visitor=True).values_list("member_id", flat=True))
    lines = (
        ResultLine.objects.filter(result__match__club_night=night)
        .select_related("member", "result__match__night_table__round")
        .order_by(
            "result__match__night_table__round__number",
            "result__match__night_table__number",
            "result__match_id",
            "result__number",
            "seat",
        )
    )
    for line in lines:
        result, match = line.result, line.result.match
        table = getattr(match, "night_table", None)
        counts = result.complete and result.voided_at is None
        writer.writerow(
            [
                table.round.number if table else "",
                table.number if table else "",
                match.get_source_display(),
                match.number,
                result.number,
                yes_no(result.complete),
                yes_no(result.voided_at),
                line.seat + 1,
                "" if line.member.guest and line.by_bot else line.member.name,
                yes_no(line.member_id in visitors),
                yes_no(line.by_bot),
                line.points if counts else "",
                line.rank if counts else "",
                line.victory_points if counts else "",
            ]
        )
    return response


@require_GET
def standings_csv(request: HttpRequest, pk: int) -> HttpResponse:
    """Tonight's standings as the night page shows them."""
    night = get_object_or_404(ClubNight.objects.select_related("league"), pk=pk)
    response, writer = csv_response(_name(night, "standings"))
    league = night.league
    writer.writerow(
        [
            _("Place"),
            _("Player"),
            _("Visitor"),
            _("VP"),
            str(league.played_label),
            str(league.points_label),
            _("Played by a bot"),
        ]
    )
    for row in night_tonight.tonight_standings(night):
        writer.writerow(
            [
                row.place,
                row.name,
                yes_no(row.visitor),
                f"{row.vp:.2f}",
                row.played,
                row.points,
                row.by_bot,
            ]
        )
    return response
