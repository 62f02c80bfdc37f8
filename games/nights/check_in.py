"""Who is here tonight: members checking in, visitors by name, players going home."""

from __future__ import annotations

import unicodedata

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _

from games.leagues.member_models import Member
from games.nights.announcing import announce
from games.nights.models import ClubNight, NightEntrant, NightRound
from games.nights.refused import NightRefused, locked_running_night
from games.tables.validators import plain_name

VISITOR_NAME_LENGTH = 40


def next_round_number(night: ClubNight) -> int:
    """The first round not drawn yet: where someone arriving now starts."""
    drawn = night.rounds.exclude(status=NightRound.Status.ANNOUNCED).aggregate(n=Max("number"))
    return (drawn["n"] or 0) + 1


def last_drawn_round(night: ClubNight) -> int:
    return next_round_number(night) - 1


@transaction.atomic
def check_in(night: ClubNight, member: Member) -> NightEntrant:
    """``member`` is here: drawn from the next round on (again, after leaving earlier)."""
    night = locked_running_night(night)
    if not night.league.members.filter(pk=member.pk).exists():
        raise NightRefused(_("%(name)s does not play in this league.") % {"name": member.name})
    starts = next_round_number(night)
    entrant = NightEntrant.objects.filter(night=night, member=member).first()
    if entrant is None:
        entrant = NightEntrant.objects.create(
            night=night, member=member, name=member.name, from_round=starts
        )
    elif entrant.left_after is not None:
        entrant.from_round, entrant.left_after = starts, None
        entrant.save(update_fields=["from_round", "left_after"])
    else:
        raise NightRefused(_("%(name)s is already checked in.") % {"name": member.name}, 409)
    announce(night.pk)
    return entrant


@transaction.atomic
def add_visitor(night: ClubNight, name: str) -> NightEntrant:
    """A visitor tonight: a name only. Their results go to a player row of their own, made
    here, never to an existing player or account of the same name."""
    night = locked_running_night(night)
    name = " ".join(str(name).split())
    if not name:
        raise NightRefused(_("Give the visitor's name."))
    if any(unicodedata.category(character) == "Cc" for character in name):
        raise NightRefused(_("A name cannot hold control characters."))
    if len(name) > VISITOR_NAME_LENGTH:
        raise NightRefused(
            _("A name is at most %(count)s characters.") % {"count": VISITOR_NAME_LENGTH}
        )
    try:
        plain_name(name)
    except ValidationError as error:
        raise NightRefused(error.messages[0]) from None
    label = _("%(name)s (visitor)") % {"name": name}
    candidate, count = label, 1
    while Member.objects.filter(name=candidate).exists():  # a free name for the new row
        count += 1
        candidate = f"{label} {count}"
    member = Member.objects.create(name=candidate)
    entrant = NightEntrant.objects.create(
        night=night, member=member, visitor=True, name=name, from_round=next_round_number(night)
    )
    announce(night.pk)
    return entrant


@transaction.atomic
def leave(entrant: NightEntrant) -> NightEntrant:
    """``entrant`` goes home: not drawn from the next round on (the current one stands)."""
    locked_running_night(entrant.night)
    entrant = NightEntrant.objects.select_for_update().get(pk=entrant.pk)
    if entrant.left_after is not None:
        raise NightRefused(_("%(name)s has already left.") % {"name": entrant.name}, 409)
    entrant.left_after = max(last_drawn_round(entrant.night), entrant.from_round - 1)
    entrant.save(update_fields=["left_after"])
    announce(entrant.night_id)
    return entrant
