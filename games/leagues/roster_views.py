"""A league's members in bulk: the CSV import and a printable A4 of claim slips, one per member
with a QR code. Both are an organiser's (``may_keep_score``), checked on each request."""

from __future__ import annotations

import datetime
from typing import Any

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django.views.decorators.http import require_http_methods, require_POST

from games.leagues import roster, roster_care, services
from games.leagues.models import League
from games.leagues.views import organiser_refusal, sheet_response
from games.nights.views import confirm_step
from games.tables import qr
from games.tables.validators import is_ascii_number, posted_id

MAX_SLIPS = 60  # six A4 pages: a sheet a printer and a PDF worker make in a few seconds


class RosterForm(forms.Form):
    file = forms.FileField(
        label=gettext_lazy("CSV file"),
        help_text=gettext_lazy(
            "One member a line: name, reading (optional), e-mail (optional). A first line "
            "naming the columns is allowed."
        ),
    )
    import_flagged = forms.BooleanField(
        label=gettext_lazy(
            "Import the lines flagged as possible duplicates too (they are other people)"
        ),
        required=False,
    )


def _organiser_league(request: HttpRequest, pk: int) -> tuple[League, HttpResponse | None]:
    league = get_object_or_404(League, pk=pk)
    return league, organiser_refusal(request, league)


@require_http_methods(["GET", "POST"])
def import_members(request: HttpRequest, pk: int) -> HttpResponse:
    """An organiser imports members from a CSV: every line checked first, then all or none."""
    league, refused = _organiser_league(request, pk)
    if refused is not None:
        return refused
    form = RosterForm(request.POST or None, request.FILES or None)
    problems: list[str] = []
    flagged = False
    status = 200
    if request.method == "POST":
        if form.is_valid():
            upload = form.cleaned_data["file"]
            try:
                if upload.size > roster.MAX_BYTES:
                    raise roster.RosterRefused(
                        [
                            _("The file is larger than %(size)s KB.")
                            % {"size": roster.MAX_BYTES // 1024}
                        ]
                    )
                made, plan = roster.import_members(
                    league,
                    roster.read(upload.read()),
                    request.user,
                    import_flagged=form.cleaned_data["import_flagged"],
                )
            except roster.DuplicatesFlagged as refusal:
                problems, flagged = refusal.problems, True
                status = 409
            except roster.RosterRefused as refusal:
                problems = refusal.problems
                status = 400
            else:
                claim_url = qr.public_url(request, reverse("leagues:claim"))
                invited = roster.invite(league, made, request.user, claim_url)
                messages.success(request, _summary(made, plan, invited))
                return redirect(f"{reverse('leagues:league_detail', args=[league.pk])}#players")
        else:
            status = 400
    context = {"league": league, "form": form, "problems": problems, "flagged": flagged}
    return render(request, "leagues/import_members.html", context, status=status)


def _summary(made: list[Any], plan: roster.ImportPlan, invited: int) -> str:
    """What an import did, in a sentence for the organiser."""
    parts = [
        ngettext(
            "%(count)s member imported",
            "%(count)s members imported",
            len(made),
        )
        % {"count": len(made)}
        + (f": {', '.join(m.name for m in made)}" if made else "")
    ]
    if plan.on_roster:
        parts.append(
            ngettext(
                "%(count)s line already on the roster (skipped)",
                "%(count)s lines already on the roster (skipped)",
                len(plan.on_roster),
            )
            % {"count": len(plan.on_roster)}
        )
    if invited:
        parts.append(
            ngettext(
                "%(count)s invited by e-mail with a claim code",
                "%(count)s invited by e-mail with a claim code",
                invited,
            )
            % {"count": invited}
        )
    return "; ".join(parts) + "."


MEMBER_CHANGES = {
    "withdraw": (
        gettext_lazy("Withdraw %(name)s from the league? Their results stay in the standings."),
        gettext_lazy("Yes, withdraw"),
    ),
    "remove": (
        gettext_lazy("Remove %(name)s from the league? They have no results."),
        gettext_lazy("Yes, remove"),
    ),
    "merge": (
        gettext_lazy(
            "Merge %(name)s into %(into)s? Every result, night and history of %(name)s becomes "
            "%(into)s's, and %(name)s is gone. This cannot be taken back."
        ),
        gettext_lazy("Yes, merge them"),
    ),
}


@require_POST
def change_member(request: HttpRequest, pk: int, member_pk: int) -> HttpResponse:
    """An organiser withdraws a member, removes one with no results, or merges one into
    another (``into``); each asks once more, and is kept in the roster's history."""
    league, refused = _organiser_league(request, pk)
    if refused is not None:
        return refused
    member = get_object_or_404(league.members.filter(guest=False), pk=member_pk)
    action = request.POST.get("action", "")
    back = f"{reverse('leagues:league_detail', args=[league.pk])}#players"
    if action not in MEMBER_CHANGES:
        return _refused(request, league, _("That is not a choice here."), 400)
    into = None
    if action == "merge":
        into_pk = posted_id(request.POST.get("into"))
        into = league.members.filter(guest=False, pk=into_pk).first() if into_pk else None
        if into is None or into.pk == member.pk:
            return _refused(request, league, _("Choose another player of this league."), 400)
    if request.POST.get("confirmed") != "yes":
        question, label = MEMBER_CHANGES[action]
        names = {"name": member.name, "into": into.name if into else ""}
        return confirm_step(request, league, str(question) % names, str(label), back)
    try:
        if action == "withdraw":
            roster_care.withdraw(league, member, request.user)
        elif action == "remove":
            roster_care.remove(league, member, request.user)
        else:
            roster_care.merge(league, member, into, request.user)
    except roster_care.RosterChangeRefused as refusal:
        return _refused(request, league, refusal.message, refusal.status)
    return redirect(back)


@require_POST
def readmit_member(request: HttpRequest, pk: int, member_pk: int) -> HttpResponse:
    """An organiser puts a withdrawn member back on the roster (kept in its history)."""
    league, refused = _organiser_league(request, pk)
    if refused is not None:
        return refused
    member = get_object_or_404(roster_care.withdrawn_members(league), pk=member_pk)
    try:
        roster_care.readmit(league, member, request.user)
    except roster_care.RosterChangeRefused as refusal:
        return _refused(request, league, refusal.message, refusal.status)
    messages.success(request, _("%(name)s is back on the roster.") % {"name": member.name})
    return redirect(f"{reverse('leagues:league_detail', args=[league.pk])}#players")


def _refused(request: HttpRequest, league: League, message: str, status: int) -> HttpResponse:
    context = {"message": message, "league": league}
    return render(request, "leagues/message.html", context, status=status)


@require_POST
def claim_slips(request: HttpRequest, pk: int) -> HttpResponse:
    """An organiser prints claim codes for the ticked members: an A4 PDF of slips, each with
    its QR code. The codes exist only on this sheet (only their hashes are kept)."""
    league, refused = _organiser_league(request, pk)
    if refused is not None:
        return refused
    ids = [raw for raw in request.POST.getlist("members") if is_ascii_number(raw)]
    members = list(league.members.filter(guest=False, user=None, pk__in=ids))
    if not members:
        message = _("Tick at least one player without an account.")
        return render(
            request, "leagues/message.html", {"message": message, "league": league}, status=400
        )
    if len(members) > MAX_SLIPS:
        message = _("At most %(count)s slips at once: tick fewer players.") % {"count": MAX_SLIPS}
        context = {"message": message, "league": league}
        return render(request, "leagues/message.html", context, status=400)
    made = services.make_claim_codes(league, members, request.user)
    claim_path = reverse("leagues:claim")
    expires = timezone.localdate() + datetime.timedelta(days=services.claim_code_lifetime().days)
    slips = []
    for member, code in made:
        url = qr.public_url(request, f"{claim_path}?code={code}")
        slips.append({"member": member, "code": code, "url": url, "qr": qr.qr_png_data_uri(url)})
    context = {
        "league": league,
        "slips": slips,
        "expires": expires,
        "claim_url": qr.public_url(request, claim_path),
    }
    name = f"{slugify(league.name) or 'league'}-claim-slips"
    response = sheet_response(request, "sheets/claim_slips.html", context, name, as_pdf=True)
    response["Cache-Control"] = "no-store"
    return response
