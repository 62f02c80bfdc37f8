"""Forms of who is who in a league: a keeper links a player to an account, names a seat
that waited for a keeper, or a player redeems the claim code a keeper gave them."""

from __future__ import annotations

from django import forms
from django.contrib.auth import get_user_model
from django.utils.translation import gettext_lazy as _

from games.leagues.forms import MemberChoiceField
from games.leagues.member_models import Member
from games.leagues.models import League
from games.tables.validators import IdChoiceField, posted_id


def _league_members(league: League, **filters) -> IdChoiceField:
    return MemberChoiceField(
        queryset=league.members.filter(guest=False, **filters),
        label=_("League player"),
    )


class LinkMemberForm(forms.Form):
    """A keeper links one of the league's players to an existing account by its user name."""

    def __init__(self, *args, league: League, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["member"] = _league_members(league, user=None)
        self.fields["username"] = forms.CharField(
            label=_("Account (user name)"), max_length=150, strip=True
        )

    def clean_username(self) -> object:
        name = self.cleaned_data["username"]
        user = get_user_model().objects.filter(username=name, is_active=True).first()
        if user is None:
            raise forms.ValidationError(_("No account has that user name."))
        return user


class NameSeatForm(forms.Form):
    """ "This guest was Ben": the league player who played a seat waiting for a keeper."""

    def __init__(self, *args, league: League, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["member"] = _league_members(league)
        self.fields["member"].label = _("Who played")


class ClaimCodeForm(forms.Form):
    code = forms.CharField(
        label=_("Claim code"),
        max_length=20,
        strip=True,
        widget=forms.TextInput(attrs={"autocomplete": "off", "autocapitalize": "characters"}),
    )


def member_choice(league: League, raw: str) -> Member | None:
    """The league's (non-placeholder) player posted as ``raw`` (ASCII digits), or None."""
    pk = posted_id(raw)
    return None if pk is None else league.members.filter(guest=False, pk=pk).first()
