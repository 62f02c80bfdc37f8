"""A club night's pages: the night (check-in, rounds, tables, clock), its projector page, a
drawn member's seat (a real-cards table's sheet and result: ``real_table_views``; the seat
draw's check on ``/verify/``: ``verify_views``). Thin: writes in ``games.nights``' business modules
(``schedule``, ``check_in``, ``rounds``, ``round_tables``, ``seat_links``), reads in
``games.nights.board``. Every write is the league's organisers' (``may_keep_score``),
checked on each request, except a member's own check-in, leaving and seat, and a seat link
(whose one-time token is the permission)."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from games.leagues import tournament
from games.leagues import views as league_views
from games.leagues.member_models import Member
from games.leagues.models import League
from games.leagues.views import may_keep_score, refuse_or_login
from games.nights import board as night_board
from games.nights import check_in as night_check_in
from games.nights import online_rounds, reopening, round_tables, schedule, seat_links
from games.nights import rounds as night_rounds
from games.nights.models import ClubNight, NightEntrant, NightRound, NightSeat, NightTable
from games.nights.refused import NeedsConfirmation, NightRefused
from games.tables import qr
from games.tables import selectors as table_selectors
from games.tables import views as table_views
from games.tables.actions import guests
from games.tables.validators import posted_id


def night_or_404(pk: int) -> ClubNight:
    """The club night ``pk`` with its league, or a 404."""
    return get_object_or_404(ClubNight.objects.select_related("league"), pk=pk)


def _own_member(request: HttpRequest, league: League) -> Member | None:
    """The league player the signed-in account is linked to (by a keeper or a claim)."""
    if not request.user.is_authenticated:
        return None
    return league.members.filter(user=request.user).first()


def _page(request: HttpRequest, night: ClubNight, message: str = "", status: int = 200):
    context = night_board.board(night)
    keeper = may_keep_score(request.user, night.league)
    own = _own_member(request, night.league)
    mine = next((e for e in context["entrants"] if own and e.member_id == own.pk), None)
    checked_in = {e.member_id for e in context["present"]}
    context.update(
        {
            "keeper": keeper,
            "own_member": own,
            "own_entrant": mine if mine and mine.left_after is None else None,
            "not_checked_in": [m for m in night.league.members.all() if m.pk not in checked_in]
            if keeper
            else [],
            "message": message,
            "night_history": reopening.night_history(night),
            "by_round": tournament.standings_by_round(night),
            "modes": NightTable.Mode,
            "statuses": NightRound.Status,
        }
    )
    return render(request, "nights/night.html", context, status=status)


@require_GET
def night_page(request: HttpRequest, pk: int) -> HttpResponse:
    return _page(request, night_or_404(pk))


@require_GET
def screen(request: HttpRequest, pk: int) -> HttpResponse:
    """The projector page: it redraws itself from the night's socket."""
    night = night_or_404(pk)
    return render(request, "nights/screen.html", night_board.board(night))


@require_POST
def new_night(request: HttpRequest, league: int) -> HttpResponse:
    """Tonight's night (``schedule.run_tonight``): a day outside the season asks first."""
    league_row = get_object_or_404(League, pk=league)
    if (refused := league_views.organiser_refusal(request, league_row)) is not None:
        return refused
    try:
        night = schedule.run_tonight(league_row, confirmed=request.POST.get("confirmed") == "yes")
    except NeedsConfirmation as question:
        back = reverse("leagues:league_detail", args=[league_row.pk])
        return confirm_step(request, league_row, question.message, _("Yes, run it tonight"), back)
    except NightRefused as refusal:
        context = {"message": refusal.message}
        return render(request, "leagues/message.html", context, status=refusal.status)
    return redirect("nights:night", pk=night.pk)


@require_POST
def new_online_round(request: HttpRequest, league: int) -> HttpResponse:
    """An organiser opens an online round of the league (``online_rounds``): its move
    deadline and length as chosen; a choice not offered is refused, nothing made."""
    league_row = get_object_or_404(League, pk=league)
    if (refused := league_views.organiser_refusal(request, league_row)) is not None:
        return refused
    try:
        night = online_rounds.open_online_round(
            league_row,
            request.POST.get("move_deadline"),
            request.POST.get("days"),
            request.POST.get("out_of_time"),
        )
    except NightRefused as refusal:
        context = {"message": refusal.message, "league": league_row}
        return render(request, "leagues/message.html", context, status=refusal.status)
    return redirect("nights:night", pk=night.pk)


# Irreversible taps: the page asks once more before they are made.
CONFIRM = {
    "draw": (
        gettext_lazy("Draw the seats now? The draw cannot be taken back."),
        gettext_lazy("Yes, draw the seats"),
    ),
    "end": (
        gettext_lazy("End the night now? No round can be announced or drawn after it."),
        gettext_lazy("Yes, end the night"),
    ),
}
# The same questions of an online round, in its own words.
CONFIRM_ONLINE_ROUND = {
    **CONFIRM,
    "end": (
        gettext_lazy(
            "End the round now? Its seed is shown, and it takes no more results "
            "(an organiser can reopen it, saying why)."
        ),
        gettext_lazy("Yes, end the round"),
    ),
}


def confirm_step(
    request: HttpRequest, league: League, message: str, label: str, back: str
) -> HttpResponse:
    """The page that asks before an irreversible tap: the same POST again, confirmed."""
    fields = [
        (key, value)
        for key in request.POST
        if key not in ("csrfmiddlewaretoken", "confirmed")
        for value in request.POST.getlist(key)
    ]
    context = {
        "league": league,
        "message": message,
        "label": label,
        "fields": fields,
        "action": request.path,
        "back": back,
    }
    return render(request, "nights/confirm.html", context)


def _number(value: Any) -> int:
    number = posted_id(value)
    if number is None or not 0 < number < 2**31:
        raise NightRefused(_("That is not a choice on this page."))
    return number


def _entrant(night: ClubNight, value: Any) -> NightEntrant:
    entrant = night.entrants.filter(pk=_number(value)).first()
    if entrant is None:
        raise NightRefused(_("That player is not checked in tonight."), 404)
    return entrant


def _round(night: ClubNight, value: Any) -> NightRound:
    night_round = night.rounds.filter(number=_number(value)).first()
    if night_round is None:
        raise NightRefused(_("There is no such round tonight."), 404)
    return night_round


def _table(night: ClubNight, value: Any) -> NightTable:
    table = NightTable.objects.filter(round__night=night, pk=_number(value)).first()
    if table is None:
        raise NightRefused(_("There is no such table tonight."), 404)
    return table


# A club night's steps an online round has not: one round, its tables opened and started
# by the draw, no round clock (each move has its deadline), no visitors (no account).
NOT_IN_AN_ONLINE_ROUND = frozenset({"visitor", "announce", "timer", "open_table", "start_table"})


def _keeper_action(request: HttpRequest, night: ClubNight, action: str) -> None:
    data = request.POST
    if online_rounds.online_round(night) is not None and action in NOT_IN_AN_ONLINE_ROUND:
        raise NightRefused(_("An online round has no such step."), 409)
    if action == "check_in":
        member = night.league.members.filter(pk=_number(data.get("member"))).first()
        if member is None:
            raise NightRefused(_("That player does not play in this league."), 404)
        online_rounds.refuse_sign_up(night, member)
        night_check_in.check_in(night, member)
    elif action == "visitor":
        night_check_in.add_visitor(night, data.get("name", ""))
    elif action == "leave":
        online_rounds.refuse_sign_up_change(night)
        night_check_in.leave(_entrant(night, data.get("entrant")))
    elif action == "announce":
        night_rounds.announce_round(night)
    elif action == "draw" and online_rounds.online_round(night) is not None:
        online_rounds.draw(_round(night, data.get("round")))
    elif action == "draw":
        night_rounds.draw(_round(night, data.get("round")))
    elif action == "timer":
        night_rounds.start_timer(_round(night, data.get("round")), data.get("minutes"))
    elif action == "open_table":
        round_tables.open_table(_table(night, data.get("table")), data.get("mode", ""))
    elif action == "start_table":
        round_tables.start_online_table(_table(night, data.get("table")))
    elif action == "end":
        online_rounds.refuse_end_while_playing(night)
        night_rounds.end_night(night)
    elif action == "open":
        schedule.open_night(night)
    else:
        raise NightRefused(_("That is not a choice on this page."))


def _drawn_seat(night: ClubNight, value: Any) -> NightSeat:
    seat = (
        NightSeat.objects.select_related("table__round", "table__match__table", "entrant__member")
        .filter(table__round__night=night, pk=_number(value))
        .first()
    )
    if seat is None:
        raise NightRefused(_("There is no such seat tonight."), 404)
    return seat


def _seat_link_page(request: HttpRequest, night: ClubNight, seat: NightSeat) -> HttpResponse:
    """The one-time seat link of a drawn member without an account: a link and a QR code,
    shown once (only its hash is kept)."""
    token = seat_links.make_seat_link(seat)
    url = qr.public_url(request, reverse("nights:take_seat", args=[token]))
    context = {
        "night": night,
        "seat": seat,
        "url": url,
        "qr_svg": qr.join_qr_svg(url),
    }
    response = render(request, "nights/seat_link.html", context)
    response["Cache-Control"] = "no-store"
    return response


def _linked_member(request: HttpRequest, night: ClubNight) -> Member | HttpResponse:
    """The league's player the signed-in account is linked to, for what a member does for
    themself (check in, leave, sit); the login page for the signed out; refused for an
    account no organiser linked."""
    own = _own_member(request, night.league)
    if own is not None:
        return own
    if not request.user.is_authenticated:
        return refuse_or_login(request)
    raise NightRefused(
        _("Your account is not linked to a player of this league; ask an organiser."), 403
    )


def _sit(request: HttpRequest, night: ClubNight) -> HttpResponse:
    """A drawn member with an account taps their name: they sit in the seat drawn for them."""
    own = _linked_member(request, night)
    if isinstance(own, HttpResponse):
        return own
    seat = _drawn_seat(night, request.POST.get("seat"))
    if seat.entrant.member_id != own.pk:
        raise NightRefused(_("That seat is kept for the player drawn to it."), 403)
    table = round_tables.take_drawn_seat(seat, guests.player_for_user(request.user))
    return redirect(table_views.table_url(table))


@require_POST
def act(request: HttpRequest, pk: int) -> HttpResponse:
    """Every change to the night: a member's own "I'm here" / "I'm leaving" / "my seat",
    else the organisers'."""
    night = night_or_404(pk)
    action = request.POST.get("action", "")
    try:
        if action == "sit":
            return _sit(request, night)
        if action == "seat_link":
            if (refused := league_views.organiser_refusal(request, night.league)) is not None:
                return refused
            return _seat_link_page(request, night, _drawn_seat(night, request.POST.get("seat")))
        if action in ("here", "going"):
            own = _linked_member(request, night)
            if isinstance(own, HttpResponse):
                return own
            if action == "here":
                online_rounds.refuse_sign_up(night, own)
                night_check_in.check_in(night, own)
            else:
                online_rounds.refuse_sign_up_change(night)
                entrant = night.entrants.filter(member=own, left_after__isnull=True).first()
                if entrant is None:
                    raise NightRefused(_("You are not checked in tonight."), 409)
                night_check_in.leave(entrant)
        else:
            if (refused := league_views.organiser_refusal(request, night.league)) is not None:
                return refused
            if action in CONFIRM and request.POST.get("confirmed") != "yes":
                asks = CONFIRM_ONLINE_ROUND if online_rounds.online_round(night) else CONFIRM
                message, label = asks[action]
                back = reverse("nights:night", args=[night.pk])
                return confirm_step(request, night.league, str(message), str(label), back)
            _keeper_action(request, night, action)
    except NightRefused as refusal:
        return _page(request, night, refusal.message, refusal.status)
    return redirect("nights:night", pk=night.pk)


@require_http_methods(["GET", "POST"])
def take_seat(request: HttpRequest, token: str) -> HttpResponse:
    """A phone opens an organiser's seat link: it asks first (a link preview must not take
    the seat), then this browser plays as the drawn member, in their seat. The token is the
    permission: it works once, for one seat."""
    seat = seat_links.seat_link_seat(token)
    if seat is None:
        message = seat_links.link_gone_message()
        return render(request, "leagues/message.html", {"message": message}, status=404)
    if request.user.is_authenticated:
        message = _(
            "This phone is signed in to an account; a seat link is for a phone without one. "
            "Sign out first, or use another phone."
        )
        return render(request, "leagues/message.html", {"message": message}, status=409)
    if request.method == "GET":
        return render(request, "nights/take_seat.html", {"seat": seat})
    try:
        night_seat, player = seat_links.use_seat_link(token)
    except NightRefused as refusal:
        context = {"message": refusal.message}
        return render(request, "leagues/message.html", context, status=refusal.status)
    request.session.cycle_key()  # as at a login: a key seen before now is worthless
    request.session[table_selectors.SESSION_PLAYER] = player.pk
    return redirect(table_views.table_url(night_seat.table.match.table))
