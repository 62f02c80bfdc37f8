"""One-time seat links: an organiser seats the phone of a drawn member without an account
(only the link's hash is kept; it ends with its round)."""

from __future__ import annotations

import hashlib
import secrets
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.nights.models import NightRound, NightSeat
from games.nights.refused import NightRefused, locked_running_night
from games.nights.round_tables import online_seat, round_is_on, take_drawn_seat, waiting_stand_in


def _link_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@transaction.atomic
def make_seat_link(night_seat: NightSeat) -> str:
    """A one-time token that seats a phone for a drawn member without an account (an
    organiser shows it as a link and a QR code), before the start or, for one who arrives
    late, while the bot stands in. Only its hash is kept; a new one replaces the last; it
    ends with its round."""
    night_seat = NightSeat.objects.select_for_update().get(pk=night_seat.pk)
    locked_running_night(night_seat.table.round.night)
    round_is_on(night_seat)
    seat = online_seat(night_seat.table, night_seat.number)
    if night_seat.entrant.member.user_id is not None:
        raise NightRefused(
            _("%(name)s has an account: they sit by tapping their name.")
            % {"name": night_seat.entrant.name},
            409,
        )
    if seat.player_id is not None or (seat.bot_level and waiting_stand_in(seat) is None):
        raise NightRefused(_("This seat is taken already."), 409)
    token = secrets.token_urlsafe(24)
    night_seat.link_hash, night_seat.link_used_at = _link_hash(token), None
    night_seat.save(update_fields=["link_hash", "link_used_at"])
    return token


def _unused_links() -> Any:
    """The seat links not used yet whose round and night are still on: a link ends with its
    round."""
    return NightSeat.objects.filter(
        link_used_at=None,
        table__round__status=NightRound.Status.DRAWN,
        table__round__night__ended=None,
    ).exclude(link_hash="")


def seat_link_seat(token: str) -> NightSeat | None:
    """The drawn seat a seat link (not used yet, its round still on) is for."""
    return (
        _unused_links()
        .filter(link_hash=_link_hash(str(token)[:64]))
        .select_related("table__round__night__league", "entrant")
        .first()
    )


@transaction.atomic
def use_seat_link(token: str) -> tuple[NightSeat, Any]:
    """The phone holding a seat link becomes the drawn member's player and sits (once)."""
    night_seat = (
        _unused_links()
        .select_for_update()
        .filter(link_hash=_link_hash(str(token)[:64]))
        .select_related("table__round__night", "entrant")
        .first()
    )
    if night_seat is None:
        raise NightRefused(link_gone_message(), 404)
    seat = online_seat(night_seat.table, night_seat.number)
    player = seat.kept_for
    if player is None or not player.is_guest:  # a link never makes a phone an account's player
        raise NightRefused(link_gone_message(), 404)
    take_drawn_seat(night_seat, player)
    night_seat.link_used_at = timezone.now()
    night_seat.save(update_fields=["link_used_at"])
    return night_seat, player


def link_gone_message() -> str:
    """What a seat link that no longer seats anyone says."""
    return _("This seat link has been used, replaced, or ended with its round; ask an organiser.")
