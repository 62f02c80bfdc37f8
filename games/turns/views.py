"""The member's "your move" page: every turn-based table waiting on them, and their vacation."""

from __future__ import annotations

import time

from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from games.registry import game_kind
from games.tables.actions import guests
from games.tables.actions.refused import ActionRefused
from games.tables.validators import is_ascii_number
from games.turns import inbox, push, vacations
from games.turns.models import NoticeSettings, PushSubscription

MAX_DAYS_CHARS = 3


# htmx's answer that stops a poll: the visitor is no longer signed in, so the link goes.
STOP_POLLING = 286


@require_GET
def your_move_link(request: HttpRequest) -> HttpResponse:
    """The header's "your move" link and count alone, for the page to ask again (every
    minute, and when its tab comes back into view). Not signed in any more: empty, and the
    page stops asking."""
    if not request.user.is_authenticated:
        return HttpResponse("", status=STOP_POLLING)
    response = render(request, "games/partials/your_move_link.html")
    response["Cache-Control"] = "no-store"
    return response


@login_required
def your_move(request: HttpRequest, refusal: str = "", status: int = 200) -> HttpResponse:
    player = guests.player_for_user(request.user)
    now = time.time()
    rows = [
        {
            "entry": entry,
            "game_label": game_kind(entry.game_name).label,
            "url": reverse(f"{entry.game_name}:table", args=[entry.code]),
        }
        for entry in inbox.waiting(player, now)
    ]
    context = {
        "player": player,
        "rows": rows,
        "vacation": vacations.current(player.pk, now),
        "days_left": vacations.days_left(player, now),
        "days_per_season": vacations.DAYS_PER_SEASON,
        "refusal": refusal,
        "notices": NoticeSettings.objects.filter(player=player).first()
        or NoticeSettings(player=player, language=request.LANGUAGE_CODE or "ja"),
        "hours": range(24),
        "languages": settings.LANGUAGES,
        "has_email": bool(request.user.email),
        "push_key": push.public_key(),
        "push_devices": PushSubscription.objects.filter(player=player).count(),
    }
    return render(request, "games/your_move.html", context, status=status)


@login_required
@require_POST
def vacation(request: HttpRequest) -> HttpResponse:
    """Take vacation days (``days``), or come back early (``back``)."""
    player = guests.player_for_user(request.user)
    now = time.time()
    if "back" in request.POST:
        vacations.end(player, now)
        return redirect("games:your_move")
    raw = request.POST.get("days", "")
    if not (0 < len(raw) <= MAX_DAYS_CHARS and is_ascii_number(raw)):
        return your_move(request, _("Give a whole number of days."), 400)
    try:
        vacations.take(player, int(raw), now)
    except ActionRefused as refused:
        return your_move(request, refused.message, refused.status)
    return redirect("games:your_move")


@login_required
@require_POST
def notice_settings(request: HttpRequest) -> HttpResponse:
    """The member's e-mail about turn-based tables: on or off, a daily digest, quiet hours
    (both hours, or neither), the language of the messages. Anything else: 400, unchanged."""
    player = guests.player_for_user(request.user)
    post = request.POST
    hours = []
    for name in ("quiet_from", "quiet_until"):
        raw = post.get(name, "")
        if raw == "":
            hours.append(None)
        elif len(raw) <= 2 and is_ascii_number(raw) and 0 <= int(raw) <= 23:
            hours.append(int(raw))
        else:
            return your_move(request, _("Quiet hours are whole hours from 0 to 23."), 400)
    if (hours[0] is None) != (hours[1] is None):
        return your_move(request, _("Give both quiet hours, or neither."), 400)
    language = post.get("language", "")
    if language not in dict(settings.LANGUAGES):
        return your_move(request, _("Choose one of the languages offered."), 400)
    NoticeSettings.objects.update_or_create(
        player=player,
        defaults={
            "email": post.get("email") == "on",
            "digest": post.get("digest") == "on",
            "quiet_from": hours[0],
            "quiet_until": hours[1],
            "language": language,
        },
    )
    return redirect("games:your_move")


@login_required
@require_POST
def push_on(request: HttpRequest) -> HttpResponse:
    """This device's browser subscribed to pushes (``endpoint``, ``p256dh``, ``auth``, as
    ``static/js/push.js`` posts them): kept for the member. Not an https push endpoint
    with valid keys: 400, nothing kept."""
    player = guests.player_for_user(request.user)
    post = request.POST
    try:
        push.subscribe(player, post.get("endpoint"), post.get("p256dh"), post.get("auth"))
    except push.BadSubscription:
        message = _("That is not a push subscription this server can send to.")
        return HttpResponse(message, status=400, content_type="text/plain; charset=utf-8")
    return HttpResponse(status=204)


@login_required
@require_POST
def push_off(request: HttpRequest) -> HttpResponse:
    """This device gets no more pushes (its ``endpoint``): forgotten."""
    push.unsubscribe(guests.player_for_user(request.user), request.POST.get("endpoint"))
    return HttpResponse(status=204)
