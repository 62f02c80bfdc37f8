"""Score keeping of a Dragon Formula set at a real table: its seats, then game by game.

Each form turns posted fields into the entries ``dragonformula.league`` records; the
league's ``ValueError`` becomes a form error, so nothing half-saves.
"""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from dragonformula import scored_hands
from dragonformula.models import Element, Penalty, SetGame, SetLine
from dragonformula.scoring import GameEntry, PenaltyEntry, SeatEntry
from games.leagues.forms import MAX_SEATS, MatchFieldsMixin, member_field
from games.leagues.models import League

PENALTY_ROWS = 2


class SetStartForm(MatchFieldsMixin, forms.Form):
    """The players of a Dragon Formula table in clockwise order, with this set's elements."""

    heading = _("A Dragon Formula set at a real table")
    fields_template = "dragonformula/league/record_fields.html"

    def __init__(self, *args, league: League, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.league = league
        self.add_club_night(league)
        for seat in range(MAX_SEATS):
            self.fields[f"player_{seat}"] = member_field(league, required=seat < 2)
            self.fields[f"element_{seat}"] = forms.ChoiceField(
                choices=[("", "—"), *Element.choices], required=seat < 2, label=_("Element")
            )

    def seat_rows(self) -> list[tuple[int, forms.BoundField, forms.BoundField]]:
        return [(s + 1, self[f"player_{s}"], self[f"element_{s}"]) for s in range(MAX_SEATS)]

    def clean(self) -> dict:
        data = super().clean()
        seats = []
        for seat in range(MAX_SEATS):
            member, element = data.get(f"player_{seat}"), data.get(f"element_{seat}")
            if member and element:
                seats.append(SeatEntry(member=member, element=element))
            elif member or element:
                raise forms.ValidationError(
                    _("Seat %(seat)s needs both a player and an element.") % {"seat": seat + 1}
                )
        self.seats = seats
        return data


class GameForm(forms.Form):
    """One game of a set: the winner, how, the hand (11 cards or a chosen hand), penalties."""

    winner = forms.TypedChoiceField(label=_("Winner"), coerce=int, empty_value=None, required=False)
    win = forms.ChoiceField(
        label=_("How"),
        choices=SetGame.Win.choices,
        initial=SetGame.Win.DAN,
        help_text=_("Only for a game with a winner."),
    )
    offender = forms.TypedChoiceField(
        label=_("False Dan by"),
        coerce=int,
        empty_value=None,
        required=False,
        help_text=_("The game ends with no winner; they lose 500 points."),
    )
    multipliers = forms.MultipleChoiceField(
        label=_("Multipliers (×)"), required=False, widget=forms.CheckboxSelectMultiple
    )
    cards = forms.CharField(
        label=_("The 11 cards"),
        required=False,
        help_text=_("Card codes such as W3 C3 S3 M7, separated by spaces or commas."),
        widget=forms.TextInput(attrs={"autocomplete": "off", "spellcheck": "false"}),
    )
    hand = forms.ChoiceField(label=_("or the hand"), required=False)
    bonuses = forms.MultipleChoiceField(
        label=_("Bonus points"), required=False, widget=forms.CheckboxSelectMultiple
    )

    def __init__(
        self, *args, lines: list[SetLine], penalty_rows: int = PENALTY_ROWS, **kwargs
    ) -> None:
        super().__init__(*args, **kwargs)
        self.penalty_count = max(penalty_rows, PENALTY_ROWS)
        seats = [
            (str(line.seat), f"{line.member} ({line.get_element_display()})") for line in lines
        ]
        self.fields["winner"].choices = [("", _("no winner")), *seats]
        self.fields["offender"].choices = [("", "—"), *seats]
        self.fields["multipliers"].choices = scored_hands.multiplier_choices()
        self.fields["hand"].choices = [("", "—"), *scored_hands.hand_choices()]
        self.fields["bonuses"].choices = scored_hands.bonus_choices()
        for row in range(self.penalty_count):
            self.fields[f"penalty_seat_{row}"] = forms.TypedChoiceField(
                label=_("Penalty for"),
                choices=[("", "—"), *seats],
                coerce=int,
                empty_value=None,
                required=False,
            )
            self.fields[f"penalty_offence_{row}"] = forms.ChoiceField(
                label=_("Offence"), choices=[("", "—"), *Penalty.Offence.choices], required=False
            )
            self.fields[f"penalty_intentional_{row}"] = forms.BooleanField(
                label=_("intentional (×10)"), required=False
            )

    @staticmethod
    def initial_for(game: SetGame, lines: list[SetLine]) -> dict:
        """The form filled with a recorded game, for its correction."""
        seat_of = {line.member_id: line.seat for line in lines}
        initial: dict = {
            "winner": seat_of.get(game.winner_id, ""),
            "win": game.win,
            "multipliers": list(game.multipliers),
            "cards": game.cards,
            "hand": "" if game.cards else game.hand,
            "bonuses": [] if game.cards else list(game.bonuses),
        }
        others = []
        for penalty in game.penalties.all():
            if penalty.offence == Penalty.Offence.FALSE_DAN and "offender" not in initial:
                initial["offender"] = seat_of.get(penalty.member_id)
            else:
                others.append(penalty)
        for row, penalty in enumerate(others):
            initial[f"penalty_seat_{row}"] = seat_of.get(penalty.member_id)
            initial[f"penalty_offence_{row}"] = penalty.offence
            initial[f"penalty_intentional_{row}"] = penalty.intentional
        return initial

    def penalty_rows(self) -> list[tuple[forms.BoundField, ...]]:
        return [
            (
                self[f"penalty_seat_{r}"],
                self[f"penalty_offence_{r}"],
                self[f"penalty_intentional_{r}"],
            )
            for r in range(self.penalty_count)
        ]

    def clean_cards(self) -> tuple[str, ...]:
        text = self.cleaned_data["cards"].strip()
        if not text:
            return ()
        try:
            codes = scored_hands.parse(text)
        except ValueError as error:
            raise forms.ValidationError(str(error)) from error
        if len(codes) != 11:
            raise forms.ValidationError(
                _("A winning hand has 11 cards; you gave %(count)s.") % {"count": len(codes)}
            )
        return tuple(codes)

    def clean(self) -> dict:
        data = super().clean()
        penalties = []
        for row in range(self.penalty_count):
            seat, offence = data.get(f"penalty_seat_{row}"), data.get(f"penalty_offence_{row}")
            if seat is not None and offence:
                penalties.append(
                    PenaltyEntry(seat, offence, bool(data.get(f"penalty_intentional_{row}")))
                )
            elif seat is not None or offence:
                raise forms.ValidationError(_("A penalty needs both a player and an offence."))
        offender = data.get("offender")
        if offender is not None and not any(
            p.seat == offender and p.offence == Penalty.Offence.FALSE_DAN for p in penalties
        ):
            penalties.append(PenaltyEntry(offender, Penalty.Offence.FALSE_DAN, False))
        if self.errors:
            return data
        winner = data.get("winner")
        # "How" says how a winner won; with no winner (a false Dan, the pile ran out) the
        # game is recorded as having none, whatever the field was left at.
        win = (data.get("win") or SetGame.Win.DAN) if winner is not None else SetGame.Win.NONE
        self.entry = GameEntry(
            winner=winner,
            win=win,
            multipliers=tuple(data.get("multipliers") or ()),
            cards=data.get("cards") or (),
            hand=data.get("hand") or "",
            bonuses=tuple(data.get("bonuses") or ()),
            penalties=tuple(penalties),
        )
        return data
