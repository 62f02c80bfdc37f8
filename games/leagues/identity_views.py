"""Who is who in a league: a keeper links a player to an account or makes them a claim code,
a player redeems it, a keeper names who played a guest seat."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from games.leagues import identity_forms, services
from games.leagues.member_models import GuestSeat
from games.leagues.models import League
from games.leagues.views import organiser_refusal, refusal_page
from games.tables import client_limits


def _back_to_league(league: League, anchor: str = "") -> HttpResponse:
    url = reverse("leagues:league_detail", args=[league.pk])
    return redirect(f"{url}#{anchor}" if anchor else url)


@require_POST
def link_member(request: HttpRequest, pk: int) -> HttpResponse:
    """A keeper links one of the league's players to an account."""
    league = get_object_or_404(League, pk=pk)
    if (refused := organiser_refusal(request, league)) is not None:
        return refused
    form = identity_forms.LinkMemberForm(request.POST, league=league)
    if not form.is_valid():
        errors = "; ".join(str(e) for errors in form.errors.values() for e in errors)
        return refusal_page(request, errors)
    try:
        member = services.link_member(form.cleaned_data["member"], form.cleaned_data["username"])
    except ValueError as error:
        return refusal_page(request, str(error))
    messages.success(
        request,
        _("%(member)s is now linked to the account %(user)s.")
        % {"member": member.name, "user": member.user.get_username()},
    )
    return _back_to_league(league, "players")


def _league_member_or_404(league: League, member_pk: int):
    return get_object_or_404(league.members.filter(guest=False), pk=member_pk)


@require_POST
def unlink_member(request: HttpRequest, pk: int, member_pk: int) -> HttpResponse:
    league = get_object_or_404(League, pk=pk)
    if (refused := organiser_refusal(request, league)) is not None:
        return refused
    member = services.unlink_member(_league_member_or_404(league, member_pk))
    messages.success(request, _("%(member)s is linked to no account now.") % {"member": member})
    return _back_to_league(league, "players")


@require_POST
def claim_code(request: HttpRequest, pk: int, member_pk: int) -> HttpResponse:
    """A keeper makes a one-time claim code for a player; the page shows it once."""
    league = get_object_or_404(League, pk=pk)
    if (refused := organiser_refusal(request, league)) is not None:
        return refused
    member = _league_member_or_404(league, member_pk)
    try:
        code = services.make_claim_code(member, league, request.user)
    except ValueError as error:
        return refusal_page(request, str(error))
    context = {
        "league": league,
        "member": member,
        "code": code,
        "days": services.claim_code_lifetime().days,
        "claim_url": request.build_absolute_uri(reverse("leagues:claim")),
    }
    response = render(request, "leagues/claim_code.html", context)
    response["Cache-Control"] = "no-store"
    return response


@require_http_methods(["GET", "POST"])
def claim(request: HttpRequest) -> HttpResponse:
    """A player redeems the claim code a keeper gave them: their account is linked."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path(), reverse(settings.LOGIN_URL))
    # A printed slip's QR code opens this page with its code filled in.
    initial = {"code": request.GET.get("code", "")[:20]}
    form = identity_forms.ClaimCodeForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid() and not _may_try_a_claim_code(request):
        form.add_error(
            "code", _("Too many tries. Please wait a quarter of an hour, then try again.")
        )
        return render(request, "leagues/claim.html", {"form": form}, status=429)
    if request.method == "POST" and form.is_valid():
        try:
            member = services.redeem_claim_code(form.cleaned_data["code"], request.user)
        except ValueError as error:
            form.add_error("code", str(error))
        else:
            _a_claim_code_was_right(request)
            messages.success(
                request, _("Your account now plays as %(member)s.") % {"member": member.name}
            )
            return redirect("leagues:member_detail", pk=member.pk)
    status = 400 if request.method == "POST" else 200
    linked = services.linked_member(request.user)
    return render(request, "leagues/claim.html", {"form": form, "linked": linked}, status=status)


def _may_try_a_claim_code(request: HttpRequest) -> bool:
    """Count a claim code tried by this account and from this address; whether both may
    (a right one is given back, :func:`_a_claim_code_was_right`)."""
    by_account = client_limits.take(client_limits.CLAIMS_PER_ACCOUNT, f"user:{request.user.pk}")
    by_address = client_limits.take(
        client_limits.CLAIMS_PER_ADDRESS, client_limits.address(request)
    )
    return by_account and by_address


def _a_claim_code_was_right(request: HttpRequest) -> None:
    """Only wrong codes count: a club whose members redeem their slips on one network is not
    stopped by its own right codes. (Each try is counted before it is checked, so guesses
    sent at once cannot all slip under the limit.)"""
    client_limits.give_back(client_limits.CLAIMS_PER_ACCOUNT, f"user:{request.user.pk}")
    client_limits.give_back(client_limits.CLAIMS_PER_ADDRESS, client_limits.address(request))


@require_POST
def name_seat(request: HttpRequest, pk: int, seat_pk: int) -> HttpResponse:
    """ "This guest was Ben": a keeper says who played a seat that waited for a keeper."""
    league = get_object_or_404(League, pk=pk)
    if (refused := organiser_refusal(request, league)) is not None:
        return refused
    guest_seat = get_object_or_404(GuestSeat, pk=seat_pk, match__league=league)
    member = identity_forms.member_choice(league, request.POST.get("member", ""))
    if member is None:
        return refusal_page(request, _("Choose a player of this league."))
    try:
        services.name_guest_seat(guest_seat, member, request.user)
    except ValueError as error:
        return refusal_page(request, str(error))
    messages.success(
        request,
        _("The results of %(name)s now count for %(member)s.")
        % {"name": guest_seat.name, "member": member.name},
    )
    return _back_to_league(league, "pending")
