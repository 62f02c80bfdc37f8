"""The public verify form: a game, its player count, the revealed seed and salt, and the
commitment published at the start."""

from __future__ import annotations

import json
from typing import Any

from django import forms
from django.core.validators import RegexValidator
from django.utils.translation import gettext_lazy as _

from games.registry import GAMES
from games.tables.validators import DigitsIntegerField
from games.trust.fairness import COMMITMENT_PATTERN, SALT_PATTERN


def away_seconds_field() -> DigitsIntegerField:
    """The lobby's table option: how long a seat may stay without its player before a bot
    of the table's level plays it (``games.presence.leavers``)."""
    from games.presence.leavers import DEFAULT_AWAY_SECONDS, MAX_AWAY_SECONDS, MIN_AWAY_SECONDS

    return DigitsIntegerField(
        label=_("Seconds away before a bot plays the seat"),
        initial=DEFAULT_AWAY_SECONDS,
        min_value=MIN_AWAY_SECONDS,
        max_value=MAX_AWAY_SECONDS,
        required=False,
    )


# A table's options as JSON (a DragSaga card set included) stay far below this.
MAX_OPTIONS_CHARS = 20_000


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is no JSON number.")


class VerifyForm(forms.Form):
    game = forms.ChoiceField(label=_("Game"))
    players = DigitsIntegerField(label=_("Players"), min_value=2, max_value=4)
    seed = DigitsIntegerField(label=_("Seed"), min_value=-(2**63), max_value=2**63 - 1)
    salt = forms.CharField(
        label=_("Salt"),
        max_length=32,
        validators=[
            RegexValidator(SALT_PATTERN, _("The salt is 32 hexadecimal digits (0-9, a-f)."))
        ],
    )
    commitment = forms.CharField(
        label=_("Commitment published at the start"),
        max_length=64,
        validators=[
            RegexValidator(
                COMMITMENT_PATTERN, _("The commitment is 64 hexadecimal digits (0-9, a-f).")
            )
        ],
    )
    options = forms.CharField(
        label=_("Table options (JSON, optional)"), required=False, widget=forms.HiddenInput
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = [(name, kind.label) for name, kind in GAMES.items()]

    def clean_salt(self) -> str:
        return self.cleaned_data["salt"].strip().lower()

    def clean_commitment(self) -> str:
        return self.cleaned_data["commitment"].strip().lower()

    def clean_options(self) -> dict[str, Any]:
        text = self.cleaned_data.get("options") or ""
        if not text.strip():
            return {}
        try:
            if len(text) > MAX_OPTIONS_CHARS:
                raise ValueError("longer than any table's options")
            options = json.loads(text, parse_constant=_no_constant)
        except (ValueError, RecursionError):  # RecursionError: nested deeper than json reads
            raise forms.ValidationError(_("The table options are not valid JSON.")) from None
        if not isinstance(options, dict):
            raise forms.ValidationError(_("The table options are not valid JSON."))
        return options

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        game, players = cleaned.get("game"), cleaned.get("players")
        if game and players is not None:
            engine = GAMES[game].engine
            if not engine.min_players <= players <= engine.max_players:
                self.add_error(
                    "players",
                    _("This game is for %(min)d to %(max)d players.")
                    % {"min": engine.min_players, "max": engine.max_players},
                )
            else:
                try:
                    cleaned["options"] = engine.validate_options(cleaned.get("options") or {})
                except ValueError as error:
                    self.add_error("options", str(error))
        return cleaned
