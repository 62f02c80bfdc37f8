"""The players a table knows: a signed-in member's player, a guest known by a name."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from games.tables import statements
from games.tables.actions.refused import ActionRefused
from games.tables.models import Player


def player_for_user(user: Any) -> Player:
    """The player of a signed-in club member (made on first use)."""
    known = statements.player(member=user.pk)  # on every request a member makes
    if known is not None:
        return known
    player, _created = Player.objects.get_or_create(
        user=user, defaults={"display_name": user.get_username()[:40]}
    )
    return player


def create_guest(display_name: str) -> Player:
    """A guest known only by a name (the caller binds it to the browser's session)."""
    return Player.objects.create(display_name=_guest_name(display_name))


def rename_guest(guest: Player, display_name: str) -> Player:
    """This browser's guest under a new name: the same player, so its seats stay its own."""
    guest.display_name = _guest_name(display_name)
    guest.save(update_fields=["display_name"])
    return guest


def _guest_name(display_name: str) -> str:
    name = " ".join(display_name.split())[:40]
    if not name:
        raise ActionRefused(_("Please give a name to play under."), "no_name")
    return name
