"""A league's season pages: its calendar of club nights (scheduled ahead, opened on the evening,
attendance listed) and the season's end, where the next season starts from this one. Every
write is an organiser's (``may_keep_score``), checked on each request."""

from __future__ import annotations

from django import forms
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from games.leagues import seasons
from games.leagues.models import League
from games.leagues.views import may_keep_score, organiser_refusal
from games.nights import schedule as night_schedule
from games.nights.models import ClubNight
from games.nights.refused import NeedsConfirmation, NightRefused
from games.nights.views import confirm_step
from games.tables.validators import PostedDateField


class ScheduleForm(forms.Form):
    date = PostedDateField(label=gettext_lazy("Date"))
    venue = forms.CharField(label=gettext_lazy("Venue"), max_length=100, required=False)


class RenameForm(forms.Form):
    name = forms.CharField(label=gettext_lazy("Name"), max_length=100, required=False)


class MoveForm(forms.Form):
    date = PostedDateField(label=gettext_lazy("New date"))
    reason = forms.CharField(label=gettext_lazy("Reason"), max_length=200, required=False)


class CancelForm(forms.Form):
    reason = forms.CharField(label=gettext_lazy("Reason"), max_length=200, required=False)


class NextSeasonForm(forms.Form):
    name = forms.CharField(label=gettext_lazy("Name of the next season"), max_length=100)
    start = PostedDateField(label=gettext_lazy("First day"))
    end = PostedDateField(label=gettext_lazy("Last day"))
    scheduled = forms.ChoiceField(
        label=gettext_lazy("The nights of this season still scheduled"),
        choices=seasons.ScheduledNights.CHOICES,
        widget=forms.RadioSelect,
        required=False,
    )


def _calendar(
    request: HttpRequest,
    league: League,
    form: ScheduleForm | None = None,
    status: int = 200,
    message: str = "",
) -> HttpResponse:
    keeper = may_keep_score(request.user, league) and not league.archived
    context = {
        "league": league,
        "nights": night_schedule.calendar(league),
        "keeper": keeper,
        "form": form or (ScheduleForm() if keeper else None),
        "today": timezone.localdate(),
        "rename_form": RenameForm(),
        "move_form": MoveForm(),
        "cancel_form": CancelForm(),
        "message": message,
    }
    return render(request, "leagues/calendar.html", context, status=status)


@require_GET
def calendar(request: HttpRequest, pk: int) -> HttpResponse:
    return _calendar(request, get_object_or_404(League, pk=pk))


@require_POST
def schedule(request: HttpRequest, pk: int) -> HttpResponse:
    """An organiser puts a night on the calendar; a date outside the season asks first."""
    league = get_object_or_404(League, pk=pk)
    if (refused := organiser_refusal(request, league)) is not None:
        return refused
    form = ScheduleForm(request.POST)
    if not form.is_valid():
        return _calendar(request, league, form, 400)
    try:
        night_schedule.schedule_night(
            league,
            form.cleaned_data["date"],
            form.cleaned_data["venue"],
            confirmed=request.POST.get("confirmed") == "yes",
        )
    except NeedsConfirmation as question:
        back = reverse("leagues:calendar", args=[league.pk])
        return confirm_step(request, league, question.message, _("Yes, schedule it"), back)
    except NightRefused as refusal:
        form.add_error(None, refusal.message)
        return _calendar(request, league, form, refusal.status)
    return redirect("leagues:calendar", pk=league.pk)


CHANGES = {"rename": RenameForm, "move": MoveForm, "cancel": CancelForm}


@require_POST
def change_night(request: HttpRequest, pk: int, night: int) -> HttpResponse:
    """An organiser renames a night, moves a scheduled one to another date (outside the
    season only once confirmed) or cancels it (asked once more); each kept in its history."""
    league = get_object_or_404(League, pk=pk)
    if (refused := organiser_refusal(request, league)) is not None:
        return refused
    club_night = get_object_or_404(ClubNight, pk=night, league=league)
    action = request.POST.get("action", "")
    form_class = CHANGES.get(action)
    if form_class is None:
        return _calendar(request, league, status=400, message=_("That is not a choice here."))
    form = form_class(request.POST)
    if not form.is_valid():
        errors = "; ".join(str(e) for field in form.errors.values() for e in field)
        return _calendar(request, league, status=400, message=errors)
    data, confirmed = form.cleaned_data, request.POST.get("confirmed") == "yes"
    back = reverse("leagues:calendar", args=[league.pk])
    try:
        if action == "rename":
            night_schedule.rename_night(club_night, data["name"], request.user)
        elif action == "move":
            night_schedule.move_night(
                club_night, data["date"], request.user, data["reason"], confirmed
            )
        elif not confirmed:
            question = _("Cancel the night of %(date)s? It can no longer be opened.") % {
                "date": f"{club_night.date:%Y-%m-%d}"
            }
            return confirm_step(request, league, question, _("Yes, cancel the night"), back)
        else:
            night_schedule.cancel_night(club_night, request.user, data["reason"])
    except NeedsConfirmation as question:
        return confirm_step(request, league, question.message, _("Yes, move it"), back)
    except NightRefused as refusal:
        return _calendar(request, league, status=refusal.status, message=refusal.message)
    return redirect(f"{back}#night-{club_night.pk}")


@require_http_methods(["GET", "POST"])
def end_season(request: HttpRequest, pk: int) -> HttpResponse:
    """An organiser ends the season: its standings are archived, the next season starts."""
    league = get_object_or_404(League, pk=pk)
    if (refused := organiser_refusal(request, league)) is not None:
        return refused
    form = NextSeasonForm(request.POST or None, initial=seasons.next_season_defaults(league))
    status = 200
    if request.method == "POST":
        if form.is_valid():
            data = form.cleaned_data
            try:
                following = seasons.end_season(
                    league,
                    data["name"],
                    data["start"],
                    data["end"],
                    scheduled=data["scheduled"],
                    by=request.user,
                )
            except ValueError as error:
                form.add_error(None, str(error))
            else:
                return redirect("leagues:league_detail", pk=following.pk)
        status = 400
    context = {"league": league, "form": form, "scheduled": night_schedule.scheduled_nights(league)}
    return render(request, "leagues/end_season.html", context, status=status)
