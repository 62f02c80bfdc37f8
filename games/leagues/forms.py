"""Score-keeping forms for games played with real cards.

Each form turns posted fields into the entries ``games.leagues.services`` records;
the service's ``ValueError`` becomes a form error, so nothing half-saves.
"""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from games.leagues import hands
from games.leagues.services import DragSagaEntry, GameEntry, PenaltyEntry, SeatEntry
from games.models import ClubNight, Element, League, Member, Penalty, SetGame, SetLine
from games.registry import game_kind
from games.templatetags.bot_levels import bot_level_choices

MAX_SEATS = 4
MAX_TALLY = 9999  # damage tokens or card costs no table reaches (the database column is bounded)
PENALTY_ROWS = 2


def _member_field(league: League, required: bool) -> forms.ModelChoiceField:
    return forms.ModelChoiceField(
        queryset=league.members.all() if league.members.exists() else Member.objects.all(),
        required=required,
        label=_("Player"),
    )


class MatchFieldsMixin:
    def add_club_night(self, league: League) -> None:
        self.fields["club_night"] = forms.ModelChoiceField(
            queryset=ClubNight.objects.filter(league=league),
            required=False,
            label=_("Club night"),
        )


class SetStartForm(MatchFieldsMixin, forms.Form):
    """The players of a Dragon Formula table in clockwise order, with this set's elements."""

    def __init__(self, *args, league: League, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.league = league
        self.add_club_night(league)
        for seat in range(MAX_SEATS):
            self.fields[f"player_{seat}"] = _member_field(league, required=seat < 2)
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

    def __init__(self, *args, lines: list[SetLine], **kwargs) -> None:
        super().__init__(*args, **kwargs)
        seats = [
            (str(line.seat), f"{line.member} ({line.get_element_display()})") for line in lines
        ]
        self.fields["winner"].choices = [("", _("no winner")), *seats]
        self.fields["offender"].choices = [("", "—"), *seats]
        self.fields["multipliers"].choices = hands.multiplier_choices()
        self.fields["hand"].choices = [("", "—"), *hands.hand_choices()]
        self.fields["bonuses"].choices = hands.bonus_choices()
        for row in range(PENALTY_ROWS):
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

    def penalty_rows(self) -> list[tuple[forms.BoundField, ...]]:
        return [
            (
                self[f"penalty_seat_{r}"],
                self[f"penalty_offence_{r}"],
                self[f"penalty_intentional_{r}"],
            )
            for r in range(PENALTY_ROWS)
        ]

    def clean_cards(self) -> tuple[str, ...]:
        text = self.cleaned_data["cards"].strip()
        if not text:
            return ()
        try:
            codes = hands.parse(text)
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
        for row in range(PENALTY_ROWS):
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


class DragSagaForm(MatchFieldsMixin, forms.Form):
    """A DragSaga game at a real table: per player damage, cards left and their cost."""

    def __init__(self, *args, league: League, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.add_club_night(league)
        for seat in range(MAX_SEATS):
            required = seat < 2
            self.fields[f"player_{seat}"] = _member_field(league, required)
            self.fields[f"damage_{seat}"] = forms.IntegerField(
                label=_("Damage tokens"), min_value=0, max_value=MAX_TALLY, required=required
            )
            self.fields[f"cards_left_{seat}"] = forms.IntegerField(
                label=_("Cards left in hand"), min_value=0, max_value=13, required=required
            )
            self.fields[f"leftover_cost_{seat}"] = forms.IntegerField(
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


class LeagueTableForm(MatchFieldsMixin, forms.Form):
    """Open an online table whose results go to the league by themselves."""

    players = forms.TypedChoiceField(
        label=_("Players"), choices=[(n, n) for n in (2, 3, 4)], coerce=int, initial=4
    )
    bot_level = forms.ChoiceField(label=_("Bots in empty seats"), required=False)

    def __init__(self, *args, league: League, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.add_club_night(league)
        levels = game_kind(league.game).engine.bot_levels()
        self.fields["bot_level"].choices = [("", _("no bots")), *bot_level_choices(levels)]
