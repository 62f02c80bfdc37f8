"""High Card in a league (its ``league`` hook): a result is one game, each player's rounds
won, ranked more first, kept in the platform's own result models (``Result`` and
``ResultLine``) through the platform's result helpers, so it counts in the standings and the
ratings like any game's. A keeper records a game played with real cards; an online league
table's game is recorded when it ends by the platform, from the outcome's placings (their
``points`` are the rounds won)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django import forms
from django.db import transaction
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from examples.highcard.rules import HAND
from games.leagues import services
from games.leagues.forms import MAX_SEATS, MatchFieldsMixin, member_field
from games.leagues.models import League, Match, Result, ResultLine

# The platform's own result models: High Card keeps none of its own.
RESULT_MODEL, LINE_MODEL, LINE_POINTS, RESULT_KIND = Result, ResultLine, "points", "result"
RECENT_RESULTS = "highcard/league/_recent_results.html"
RESULTS_CSV_RESULT = [(gettext_lazy("Game"), lambda result: result.number)]
RESULTS_CSV_LINE = [(gettext_lazy("Rounds won"), lambda line: line.points)]
PLAYED_LABEL, AVERAGE_LABEL = gettext_lazy("Games"), gettext_lazy("VP / game")
POINTS_LABEL = gettext_lazy("Rounds won")
RECORD_LINK = gettext_lazy("Record a High Card game")
SHEET_NAME = gettext_lazy("High Card sheet")
TABLE_OPTIONS: dict[str, Any] = {}
TABLE_NOTE = ""


def ended_a_game(before: dict[str, Any], state: dict[str, Any]) -> bool:
    """A High Card table plays one game: it ends when the table's game is finished."""
    return False


class HighCardResultForm(MatchFieldsMixin, forms.Form):
    """A game played with real cards: who sat where and how many rounds each won."""

    heading = gettext_lazy("A High Card game at a real table")
    fields_template = "highcard/league/record_fields.html"

    def __init__(self, *args: Any, league: League, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.add_club_night(league)
        for seat in range(MAX_SEATS):
            self.fields[f"player_{seat}"] = member_field(league, required=seat < 2)
            self.fields[f"won_{seat}"] = forms.IntegerField(
                min_value=0, max_value=HAND, required=seat < 2
            )

    def seat_rows(self) -> list[tuple[int, forms.BoundField, forms.BoundField]]:
        return [(s + 1, self[f"player_{s}"], self[f"won_{s}"]) for s in range(MAX_SEATS)]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        self.seats = [
            (data[f"player_{s}"], data[f"won_{s}"])
            for s in range(MAX_SEATS)
            if data.get(f"player_{s}") and data.get(f"won_{s}") is not None
        ]
        if not self.errors and sum(won for _member, won in self.seats) != HAND:
            raise forms.ValidationError(
                _("A game has %(rounds)s rounds: the rounds won must add up to %(rounds)s.")
                % {"rounds": HAND}
            )
        return data


def record_form(data: Any, *, league: League) -> HighCardResultForm:
    return HighCardResultForm(data, league=league)


@transaction.atomic
def record(match: Match, form: HighCardResultForm) -> str:
    members = [member.pk for member, _won in form.seats]
    if len(set(members)) != len(members):
        raise ValueError(_("A player can sit only once at a table."))
    _keep(match, [(member, won) for member, won in form.seats])
    return reverse("leagues:league_detail", args=[match.league_id])


def _keep(match: Match, seats: Sequence[tuple[Any, int]]) -> Result:
    """One result of ``seats`` (member, rounds won) in seat order, ranked and complete."""
    result = Result.objects.create(match=match, number=services.next_number(match.results))
    lines = [
        ResultLine(result=result, member=member, seat=seat, points=won)
        for seat, (member, won) in enumerate(seats)
    ]
    services.place_lines(lines, key=lambda line: line.points)
    ResultLine.objects.bulk_create(lines)
    services.complete_set(result)
    return result


def blank_sheet(players: int) -> tuple[str, dict[str, Any]]:
    """The printable sheet: a row per seat, a box per round and the rounds won."""
    players = min(max(players, 2), MAX_SEATS)
    return "highcard/league/sheet.html", {
        "seats": range(1, players + 1),
        "rounds": range(1, HAND + 1),
    }


def open_real_table(match: Match, seats: Any) -> None:
    """A club night's table drawn for real cards: its keeper records the game once played."""
