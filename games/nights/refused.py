"""What a club night refuses its organisers, with a message and an HTTP status; the night
locked for a write, refused unless it is running."""

from __future__ import annotations

from django.utils.translation import gettext as _

from games.nights.models import ClubNight


class NightRefused(Exception):  # noqa: N818 - a refusal, shown to the keeper
    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.message = message
        self.status = status


class NeedsConfirmation(NightRefused):
    """A choice the organiser must confirm before it is made (a date outside the season)."""

    def __init__(self, message: str) -> None:
        super().__init__(message, 200)


def locked_running_night(night: ClubNight) -> ClubNight:
    """``night`` locked for a write, refused unless it has opened and not ended."""
    locked = ClubNight.objects.select_for_update().get(pk=night.pk)
    if locked.ended is not None:
        raise NightRefused(_("This club night has ended."), 409)
    if locked.opened is None:
        raise NightRefused(
            _("This club night is scheduled for %(date)s; an organiser opens it on its evening.")
            % {"date": f"{locked.date:%Y-%m-%d}"},
            409,
        )
    return locked
