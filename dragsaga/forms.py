"""Score keeping of a DragSaga game at a real table: each player's damage, cards left, cost.

Each form turns posted fields into the entries ``dragsaga.scoring`` records; the league's
``ValueError`` becomes a form error, so nothing half-saves.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from dragsaga.scoring import DragSagaEntry
from games.leagues.forms import MAX_SEATS, MatchFieldsMixin, member_field
from games.leagues.models import REASON_MAX_LENGTH, League
from games.tables.validators import DigitsIntegerField

MAX_TALLY = 9999  # damage tokens or card costs no table reaches (the database column is bounded)


class DragSagaForm(MatchFieldsMixin, forms.Form):
    """A DragSaga game at a real table: per player damage, cards left and their cost."""

    heading = _("A DragSaga game at a real table")
    fields_template = "dragsaga/league/record_fields.html"

    def __init__(self, *args, league: League, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.add_club_night(league)
        for seat in range(MAX_SEATS):
            required = seat < 2
            self.fields[f"player_{seat}"] = member_field(league, required)
            self.fields[f"damage_{seat}"] = DigitsIntegerField(
                label=_("Damage tokens"), min_value=0, max_value=MAX_TALLY, required=required
            )
            self.fields[f"cards_left_{seat}"] = DigitsIntegerField(
                label=_("Cards left in hand"), min_value=0, max_value=13, required=required
            )
            self.fields[f"leftover_cost_{seat}"] = DigitsIntegerField(
                label=_("Their total cost"), min_value=0, max_value=MAX_TALLY, required=required
            )

    def seat_rows(self) -> list[tuple[int, forms.BoundField, ...]]:
        return [
            (
                s + 1,
                self[f"player_{s}"],
                self[f"damage_{s}"],
                self[f"cards_left_{s}"],
                self[f"leftover_cost_{s}"],
            )
            for s in range(MAX_SEATS)
        ]

    def clean(self) -> dict:
        data = super().clean()
        seats = []
        for seat in range(MAX_SEATS):
            values = [
                data.get(f"{name}_{seat}")
                for name in ("player", "damage", "cards_left", "leftover_cost")
            ]
            if all(v is not None for v in values):
                member, damage, cards_left, cost = values
                seats.append(DragSagaEntry(member, damage, cost, cards_left))
            elif any(v is not None for v in values):
                raise forms.ValidationError(
                    _("Seat %(seat)s: fill in the player, damage, cards left and their cost.")
                    % {"seat": seat + 1}
                )
        self.seats = seats
        return data


class DrawnDragSagaForm(forms.Form):
    """A DragSaga game at a drawn table: each drawn player's damage, cards left and their cost."""

    def __init__(self, *args: Any, seats: list[Any], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.seats = seats
        for seat in seats:
            n = seat.number
            self.fields[f"damage_{n}"] = DigitsIntegerField(
                label=_("Damage tokens"), min_value=0, max_value=999
            )
            self.fields[f"cards_left_{n}"] = DigitsIntegerField(
                label=_("Cards left in hand"), min_value=0, max_value=13
            )
            self.fields[f"leftover_cost_{n}"] = DigitsIntegerField(
                label=_("Their total cost"), min_value=0, max_value=78
            )

    def rows(self) -> list[tuple[Any, ...]]:
        return [
            (
                seat,
                self[f"damage_{seat.number}"],
                self[f"cards_left_{seat.number}"],
                self[f"leftover_cost_{seat.number}"],
            )
            for seat in self.seats
        ]

    def entries(self) -> list[DragSagaEntry]:
        data = self.cleaned_data
        return [
            DragSagaEntry(
                member=seat.entrant.member,
                damage=data[f"damage_{seat.number}"],
                cards_left=data[f"cards_left_{seat.number}"],
                leftover_cost=data[f"leftover_cost_{seat.number}"],
            )
            for seat in self.seats
        ]


class CorrectDragSagaForm(DrawnDragSagaForm):
    """A recorded game corrected: each player's damage, cards left and their cost (the players
    stay in their seats), and why (kept in the game's history)."""

    def __init__(self, *args: Any, lines: list[Any], **kwargs: Any) -> None:
        seats = [
            SimpleNamespace(
                number=line.seat, entrant=SimpleNamespace(member=line.member, name=line.member.name)
            )
            for line in lines
        ]
        initial = {
            f"{name}_{line.seat}": getattr(line, name)
            for line in lines
            for name in ("damage", "cards_left", "leftover_cost")
        }
        super().__init__(*args, seats=seats, initial=initial, **kwargs)
        self.fields["reason"] = forms.CharField(
            label=_("Why is it corrected? (kept in the game's history)"),
            max_length=REASON_MAX_LENGTH,
        )
