"""A turn-based move's time left as a person reads it: "2 d 3 h", "5 h 20 min", "12 min"."""

from __future__ import annotations

from django.utils.translation import gettext as _


def time_left(seconds: float | None) -> str:
    """``seconds`` as a person reads a move's time left ("" for none)."""
    if seconds is None:
        return ""
    minutes = int(max(0.0, float(seconds)) // 60)
    days, rest = divmod(minutes, 24 * 60)
    hours, minutes = divmod(rest, 60)
    if days:
        return _("%(days)d d %(hours)d h") % {"days": days, "hours": hours}
    if hours:
        return _("%(hours)d h %(minutes)d min") % {"hours": hours, "minutes": minutes}
    return _("%(minutes)d min") % {"minutes": minutes}
