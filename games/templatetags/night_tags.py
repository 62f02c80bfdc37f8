"""``{% load night_tags %}{% night_clock match %}``: on a page about one of a club night's
matches (its set's score keeping, say), the night's round clock and a link back to the night."""

from __future__ import annotations

from typing import Any

from django import template

from games.leagues.models import Match
from games.nights.board import seconds_left
from games.nights.models import NightRound

register = template.Library()


@register.inclusion_tag("nights/_night_clock.html")
def night_clock(match: Match | None) -> dict[str, Any]:
    night_id = match.club_night_id if match is not None else None
    if night_id is None:
        return {"night_id": None}
    night_round = NightRound.objects.filter(night_id=night_id).order_by("-number").first()
    left = seconds_left(night_round)
    return {
        "night_id": night_id,
        "round": night_round,
        "seconds_left": left,
        "clock": f"{left // 60}:{left % 60:02d}" if left is not None else "",
    }
