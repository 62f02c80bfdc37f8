"""A club night's pages: the night (check-in, rounds, tables, clock), its projector page, the
seat draw's check on ``/verify/``. Thin: writes in ``games.nights``' business modules
(``schedule``, ``check_in``, ``rounds``, ``round_tables``, ``seat_links``), reads in
``games.nights.board``. Every write is the league's organisers' (``may_keep_score``),
checked on each request, except a member's own check-in, leaving and seat, and a seat link
(whose one-time token is the permission)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from games.leagues import results, services, tournament
from games.leagues import views as league_views
from games.leagues.views import may_keep_score, refuse_or_login
from games.models import (
    ClubNight,
    League,
    Member,
    NightEntrant,
    NightRound,
    NightSeat,
    NightTable,
)
from games.nights import board as night_board
from games.nights import check_in as night_check_in
from games.nights import online_rounds, reopening, round_tables, schedule, seat_links
from games.nights import rounds as night_rounds
from games.nights.refused import NeedsConfirmation, NightRefused
from games.registry import game_kind
from games.tables import qr
from games.tables import selectors as table_selectors
from games.tables import views as table_views
from games.tables.actions import guests
from games.tables.validators import DigitsIntegerField, posted_id
from games.trust import fairness
from games.trust import views as trust_views
from games.trust.fairness import COMMITMENT_PATTERN, SALT_PATTERN


def _night(pk: int) -> ClubNight:
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
    return _page(request, _night(pk))


@require_GET
def screen(request: HttpRequest, pk: int) -> HttpResponse:
    """The projector page: it redraws itself from the night's socket."""
    night = _night(pk)
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
    night = _night(pk)
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


# --- a drawn table at real cards: its sheet, and a DragSaga table's result ----------------------


def _drawn_seats(night_table: NightTable) -> list[Any]:
    return list(night_table.seats.select_related("entrant__member").order_by("number"))


@require_GET
def table_sheet(request: HttpRequest, pk: int, table: int, as_pdf: bool = False) -> HttpResponse:
    """The table's score sheet, ready to print: its first result's own sheet (a Dragon Formula
    set's, with the names and elements of the draw), or for a game of single results (DragSaga)
    the game's blank sheet with the drawn players' names until its result is recorded."""
    night = _night(pk)
    night_table = get_object_or_404(NightTable, round__night=night, pk=table)
    match = night_table.match
    kind = game_kind(night.league.game)
    if match is not None:
        # The table's result has its own sheet, where the game says (``result_pages``; a
        # sheet's PDF is at its URL + ``pdf/``, as ``sheet_response`` serves it): the one that
        # counts, as the board shows it (a void one recorded again is replaced).
        first = night_board.shown_result(match, kind)
        sheet_url = kind.result_pages(first)[1] if first is not None else None
        if sheet_url:
            return redirect(f"{sheet_url}pdf/" if as_pdf else sheet_url)
    if kind.league_part.drawn_table_form is None:  # its result starts with the draw
        message = _("Open the table with real cards first: its set is started with the draw.")
        return render(request, "leagues/message.html", {"message": message}, status=409)
    if kind.league.blank_sheet is None:  # a game that prints no sheet
        raise Http404
    template, blank = kind.league.blank_sheet(len(_drawn_seats(night_table)))
    context = {
        **blank,
        "lines": [
            {"seat": seat.number, "member": {"name": seat.entrant.name}}
            for seat in _drawn_seats(night_table)
        ],
        "league": night.league,
    }
    name = f"{night.league.game}-night{night.pk}-table{night_table.pk}"
    return league_views.sheet_response(request, template, context, name, as_pdf)


@require_http_methods(["GET", "POST"])
def table_result(request: HttpRequest, pk: int, table: int) -> HttpResponse:
    """A keeper records the DragSaga game of a drawn table played with real cards."""
    night = _night(pk)
    night_table = get_object_or_404(
        NightTable.objects.select_related("match"), round__night=night, pk=table
    )
    if (refused := league_views.organiser_refusal(request, night.league)) is not None:
        return refused
    match = night_table.match
    kind = game_kind(night.league.game)
    recorded_here = kind.league_part.drawn_table_form is not None
    if not recorded_here or match is None or match.table_id is not None:
        message = _("This table's results are kept on its set's page.")
        return render(request, "leagues/message.html", {"message": message}, status=409)
    # A void result leaves the table to be recorded again (its match keeps both).
    if getattr(match, results.match_results(kind)).filter(voided_at=None).exists():
        message = _("This table's game is recorded already.")
        return render(request, "leagues/message.html", {"message": message}, status=409)
    try:
        services.check_night_open(match)
    except services.NightEnded as refusal:
        return league_views.refuse_result(request, refusal)
    scoring = kind.league
    form = scoring.drawn_table_form(request.POST or None, seats=_drawn_seats(night_table))
    status = 200
    if request.method == "POST":
        if form.is_valid():
            try:
                scoring.record_drawn_table(match, form)
            except services.NightEnded as refusal:
                return league_views.refuse_result(request, refusal)
            except ValueError as error:
                form.add_error(None, str(error))
            else:
                return redirect("nights:night", pk=night.pk)
        status = 400
    context = {"night": night, "league": night.league, "night_table": night_table, "form": form}
    return render(request, "nights/table_result.html", context, status=status)


# --- /verify/?kind=seat-draw --------------------------------------------------------------------


class SeatDrawVerifyForm(forms.Form):
    night = DigitsIntegerField(label=gettext_lazy("Club night"), min_value=1, max_value=2**31 - 1)
    round = DigitsIntegerField(label=gettext_lazy("Round"), min_value=1, max_value=2**15)
    seed = DigitsIntegerField(label=gettext_lazy("Seed"), min_value=-(2**63), max_value=2**63 - 1)
    salt = forms.RegexField(
        label=gettext_lazy("Salt"), regex=SALT_PATTERN, max_length=32, strip=True
    )
    commitment = forms.RegexField(
        label=gettext_lazy("Commitment published before the draw"),
        regex=COMMITMENT_PATTERN,
        max_length=64,
        strip=True,
    )


def verify_seat_draw(request: HttpRequest) -> HttpResponse:
    """Recompute a round's seat draw from its revealed seed: the commitment, then the seating."""
    form = SeatDrawVerifyForm(request.GET)
    context: dict[str, Any] = {"form": form}
    if not form.is_valid():
        return render(request, "nights/verify_draw.html", context, status=400)
    data = form.cleaned_data
    night_round = (
        NightRound.objects.select_related("night__league")
        .filter(night_id=data["night"], number=data["round"])
        .first()
    )
    if night_round is None or night_round.status != NightRound.Status.DONE:
        context["message"] = _("No finished round has that number: its seed is shown when it ends.")
        return render(request, "nights/verify_draw.html", context, status=404)
    matches = fairness.commitment_matches(data["salt"], data["seed"], data["commitment"])
    published = night_round.commitment == data["commitment"]
    redrawn = night_rounds.redraw(night_round.draw_input, data["seed"])
    names = {str(e.pk): e.name for e in night_round.night.entrants.all()}
    kind = game_kind(night_round.night.league.game)
    recorded = night_rounds.drawn_tables(night_round)
    same = [
        [(int(p), e) for p, e in zip(t.players, t.elements or [""] * len(t.players), strict=True)]
        for t in redrawn.tables
    ] == recorded
    context.update(
        {
            "night_round": night_round,
            "night": night_round.night,
            "commitment_matches": matches and published,
            "recomputed": fairness.commit(data["salt"], data["seed"]),
            "hash_input": fairness.commitment_message(data["salt"], data["seed"]).decode("ascii"),
            "same_seating": same,
            "tables": [
                [
                    (names.get(p, p), night_board.element_label(kind, e))
                    for p, e in zip(t.players, t.elements or [""] * len(t.players), strict=True)
                ]
                for t in redrawn.tables
            ],
            "repeat_pairs": redrawn.repeat_pairs,
        }
    )
    return render(request, "nights/verify_draw.html", context)


trust_views.register_verify_kind("seat-draw", verify_seat_draw)
