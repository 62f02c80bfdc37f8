"""Forms of the lobby: a guest's name, a join code, a new table (built from the engine's options)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from games.registry import RegisteredGame
from games.tables.actions.opening import default_bot_level
from games.tables.models import JOIN_CODE_LENGTH, BotPace, MoveDeadline
from games.tables.validators import DigitsFloatField, DigitsIntegerField, plain_name
from games.templatetags.bot_levels import bot_level_choices
from games.trust.forms import away_seconds_field


class GuestForm(forms.Form):
    display_name = forms.CharField(
        label=_("Your name"),
        max_length=40,
        validators=[plain_name],
        widget=forms.TextInput(attrs={"autocomplete": "nickname", "placeholder": _("Your name")}),
    )


class JoinForm(forms.Form):
    code = forms.CharField(
        label=_("Join code"),
        max_length=JOIN_CODE_LENGTH + 4,
        widget=forms.TextInput(
            attrs={
                "autocapitalize": "characters",
                "autocomplete": "off",
                "inputmode": "text",
                "placeholder": "K7M2Q",
                "size": JOIN_CODE_LENGTH + 2,
            }
        ),
    )


class NewTableForm(forms.Form):
    """A new table of one game: players, bots for empty seats, and the engine's own options."""

    players = forms.TypedChoiceField(label=_("Players"), coerce=int)
    bot_level = forms.ChoiceField(label=_("Bots in empty seats"), required=False)
    bot_pace = forms.ChoiceField(
        label=_("Bot pace"), choices=BotPace.choices, initial=BotPace.NORMAL, required=False
    )
    away_seconds = away_seconds_field()  # games.presence.leavers: a bot plays a seat left alone
    # Blank: a live table. Else a turn-based one (members only), this long for each move.
    move_deadline = forms.TypedChoiceField(
        label=_("Pace"),
        choices=[
            ("", _("Live: everyone plays now")),
            (MoveDeadline.TWELVE_HOURS, _("Turn-based: 12 hours a move")),
            (MoveDeadline.ONE_DAY, _("Turn-based: 1 day a move")),
            (MoveDeadline.THREE_DAYS, _("Turn-based: 3 days a move")),
        ],
        coerce=int,
        empty_value=None,
        required=False,
        help_text=_("Turn-based tables are for club members: a move when you have a minute."),
    )

    def __init__(
        self, kind: RegisteredGame, *args: Any, turn_based: bool = True, **kwargs: Any
    ) -> None:
        """``turn_based``: offer the turn-based paces (a member's lobby; a guest's has none)."""
        kwargs.setdefault("prefix", kind.name)
        super().__init__(*args, **kwargs)
        if not turn_based or not hasattr(kind.engine, "turn_based_options"):
            del self.fields["move_deadline"]
        self.kind = kind
        engine = kind.engine
        counts = range(engine.min_players, engine.max_players + 1)
        self.fields["players"].choices = [(n, str(n)) for n in counts]
        self.fields["players"].initial = engine.max_players
        self.fields["bot_level"].choices = [
            ("", _("No bots")),
            *bot_level_choices(engine.bot_levels()),
        ]
        # A newcomer alone at a table gets bots in the other seats unless they say otherwise.
        self.fields["bot_level"].initial = default_bot_level(kind.name)
        labels = kind.presenters.OPTION_LABELS
        # What an option does, in a sentence under it, where its name alone says too little.
        helps = kind.presenters.OPTION_HELP
        choices = kind.presenters.OPTION_CHOICES
        # Where a casual table starts otherwise than the engine's default (a league's not).
        lobby_initial = kind.presenters.LOBBY_INITIAL
        self.option_names = []
        for name, default in engine.default_options().items():
            field = _option_field(default, labels.get(name, name), choices.get(name))
            if field is not None and name in lobby_initial:
                field.initial = lobby_initial[name]
            if field is not None and name in helps:
                field.help_text = helps[name]
            if field is not None:
                self.fields[f"option_{name}"] = field
                self.option_names.append(name)
        if "move_deadline" in self.fields:
            self._mark_live_only(engine)

    def _mark_live_only(self, engine: Any) -> None:
        """The fields a turn-based table does without (the away limit, the game's own clocks:
        its ``turn_based_options``) say so, for ``static/js/lobby.js`` to hide them while a
        turn-based pace is chosen."""
        live_only = ["away_seconds", *(f"option_{n}" for n in engine.turn_based_options())]
        for name in live_only:
            if name in self.fields:
                self.fields[name].widget.attrs["data-live-only"] = ""

    def options(self) -> dict[str, Any]:
        """The chosen options as the engine takes them."""
        chosen = {name: self.cleaned_data[f"option_{name}"] for name in self.option_names}
        return self.kind.presenters.lobby_options(chosen)


def _option_field(default: Any, label: Any, choices: Any) -> forms.Field | None:
    if callable(choices):  # choices from the database, read per form
        choices = choices()
    if choices:
        return forms.ChoiceField(label=label, choices=choices, initial=choices[0][0])
    if isinstance(default, bool):
        return forms.BooleanField(label=label, required=False, initial=default)
    if isinstance(default, int):
        return DigitsIntegerField(label=label, initial=default, min_value=0)
    if isinstance(default, float):
        return DigitsFloatField(label=label, initial=default, min_value=0)
    if isinstance(default, str):
        return forms.CharField(label=label, initial=default, required=False)
    return None  # options the lobby does not offer keep their defaults
