"""The toy game in a league (its ``league`` hook): a result is a one-game set of each player's
total, ranked higher first, recorded through the platform's own result helpers."""

from __future__ import annotations

from typing import Any

from django import forms
from django.db import transaction
from django.urls import reverse
from django.utils.translation import gettext_lazy

from games.leagues import services
from games.leagues.forms import MAX_SEATS, MatchFieldsMixin, member_field
from games.leagues.models import League, Match, Result, ResultLine
from tests.web.toygame import DECK

RECENT_RESULTS = "toygame/_recent_results.html"
RESULTS_CSV_RESULT = [(gettext_lazy("Set"), lambda result: result.number)]
RESULTS_CSV_LINE = [(gettext_lazy("Points"), lambda line: line.points)]
PLAYED_LABEL, AVERAGE_LABEL = gettext_lazy("Sets"), gettext_lazy("VP / set")
# The platform's own result models: the toy game keeps none of its own.
RESULT_MODEL, LINE_MODEL, LINE_POINTS, RESULT_KIND = Result, ResultLine, "points", "result"
RECORD_LINK = "Record a toy game"
SHEET_NAME = "Toy game sheet"
TABLE_OPTIONS: dict[str, Any] = {}
TABLE_NOTE = ""
HIGHEST_TOTAL = sum(range(DECK - 2, DECK + 1))  # the three highest cards


def ended_a_game(before: dict[str, Any], state: dict[str, Any]) -> bool:
    """A toy table plays one game: it ends when the table's game is finished."""
    return False


class ToyResultForm(MatchFieldsMixin, forms.Form):
    heading = "A toy game at a real table"
    fields_template = "toygame/record_fields.html"

    def __init__(self, *args: Any, league: League, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.add_club_night(league)
        for seat in range(MAX_SEATS):
            self.fields[f"player_{seat}"] = member_field(league, required=seat < 2)
            self.fields[f"total_{seat}"] = forms.IntegerField(
                min_value=0, max_value=HIGHEST_TOTAL, required=seat < 2
            )

    def seat_rows(self) -> list[tuple[int, forms.BoundField, forms.BoundField]]:
        return [(s + 1, self[f"player_{s}"], self[f"total_{s}"]) for s in range(MAX_SEATS)]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        self.seats = [
            (data[f"player_{s}"], data[f"total_{s}"])
            for s in range(MAX_SEATS)
            if data.get(f"player_{s}") and data.get(f"total_{s}") is not None
        ]
        return data


def record_form(data: Any, *, league: League) -> ToyResultForm:
    return ToyResultForm(data, league=league)


@transaction.atomic
def record(match: Match, form: ToyResultForm) -> str:
    members = [member.pk for member, _total in form.seats]
    if len(set(members)) != len(members):
        raise ValueError("A player can sit only once at a table.")
    result = Result.objects.create(match=match, number=services.next_number(match.results))
    lines = [
        ResultLine(result=result, member=member, seat=seat, points=total)
        for seat, (member, total) in enumerate(form.seats)
    ]
    services.place_lines(lines, key=lambda line: line.points)
    ResultLine.objects.bulk_create(lines)
    services.complete_set(result)
    return reverse("leagues:league_detail", args=[match.league_id])


def blank_sheet(players: int) -> tuple[str, dict[str, Any]]:
    players = min(max(players, 2), MAX_SEATS)
    return "toygame/sheet.html", {"seats": range(1, players + 1), "hand": range(1, 4)}


def open_real_table(match: Match, seats: Any) -> None:
    """A club night's table drawn for real cards: its keeper records the game once played."""
