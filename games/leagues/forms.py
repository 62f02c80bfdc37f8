"""League forms every game shares: the club night of a match, a seat's player, a league table.

Each game's score-keeping forms are the game's own (``dragonformula.forms``,
``dragsaga.forms``), built from these parts.
"""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from games.leagues.member_models import Member
from games.leagues.models import League
from games.nights.models import ClubNight
from games.registry import game_kind
from games.tables.validators import IdChoiceField
from games.templatetags.bot_levels import bot_level_choices

MAX_SEATS = 4


class MemberChoiceField(IdChoiceField):
    """A league player to choose: the name with its reading, so two 佐藤 read apart."""

    def label_from_instance(self, obj: Member) -> str:
        return f"{obj.name}（{obj.reading}）" if obj.reading else obj.name


def member_field(league: League, required: bool) -> MemberChoiceField:
    return MemberChoiceField(
        queryset=league.members.all() if league.members.exists() else Member.objects.all(),
        required=required,
        label=_("Player"),
    )


class ClubNightField(IdChoiceField):
    """A club night of the league, an ended one said so (it takes no results)."""

    def label_from_instance(self, obj: ClubNight) -> str:
        if obj.ended is not None:
            return str(_("%(night)s (ended: reopen it first)") % {"night": obj})
        return str(obj)


class MatchFieldsMixin:
    def add_club_night(self, league: League) -> None:
        self.fields["club_night"] = ClubNightField(
            queryset=ClubNight.objects.filter(league=league).select_related("league"),
            required=False,
            label=_("Club night"),
        )


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
