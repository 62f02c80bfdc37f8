"""Reopening an ended club night (organisers only, with a reason): the page that asks, and
the POST that does it."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_http_methods

from games.leagues.views import organiser_refusal
from games.nights.models import ClubNight
from games.nights.refused import NightRefused
from games.nights.reopening import reopen_night


@require_http_methods(["GET", "POST"])
def reopen(request: HttpRequest, pk: int) -> HttpResponse:
    night = get_object_or_404(ClubNight.objects.select_related("league"), pk=pk)
    if (refused := organiser_refusal(request, night.league)) is not None:
        return refused
    context = {"night": night, "league": night.league, "reason": ""}
    if request.method == "POST":
        reason = request.POST.get("reason", "")[:1000]
        try:
            reopen_night(night, request.user, reason)
        except NightRefused as refusal:
            context.update(error=refusal.message, reason=reason)
            return render(request, "nights/reopen.html", context, status=refusal.status)
        return redirect("nights:night", pk=night.pk)
    if night.ended is None:
        return redirect("nights:night", pk=night.pk)
    return render(request, "nights/reopen.html", context)
