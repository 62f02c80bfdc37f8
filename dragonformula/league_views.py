"""Dragon Formula's league pages (this game's ``league_urls``): a set's running table, where
a keeper adds its games, the next set of the match, the reading of typed cards, the sheet."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_http_methods

from dragonformula import forms, scored_hands, scoring, set_history, sheets
from dragonformula.models import SetGame, SetResult
from games.leagues import record_marks, services
from games.leagues.views import may_keep_score, organiser_refusal, refuse_or_login, sheet_response
from games.tables.validators import posted_id

SET_SHEET = "dragonformula/league/set_sheet.html"
# These pages serve Dragon Formula's sets only (another game may keep its results as sets).
OURS = {"match__league__game": "dragonformula"}


def _recording_refusal(set_result: SetResult) -> str:
    """Why no game can be added to the set now ("" when one can): void, or its night ended."""
    if set_result.voided_at is not None:
        return _("This set is void; count it again before recording its games.")
    try:
        services.check_night_open(set_result.match)
    except services.NightEnded as refusal:
        return str(refusal)
    return ""


@require_http_methods(["GET", "POST"])
def set_detail(request: HttpRequest, pk: int) -> HttpResponse:
    """A set's running table; while it is open, the keeper adds the next game here."""
    set_result = get_object_or_404(sheets.set_sheets(), pk=pk, **OURS)
    league = set_result.match.league
    keeper = may_keep_score(request.user, league)
    if request.method == "POST" and keeper and league.archived:
        return organiser_refusal(request, league)
    refusal = "" if set_result.complete else _recording_refusal(set_result)
    if request.method == "POST" and keeper and refusal:
        return _message(request, refusal, 409)
    form = None
    status = 200
    if keeper and not league.archived and not set_result.complete and not refusal:
        form = forms.GameForm(request.POST or None, lines=list(set_result.lines.all()))
        if request.method == "POST":
            if form.is_valid():
                try:
                    scoring.record_game(set_result, form.entry, by=request.user)
                except services.NightEnded as ended:
                    return _message(request, str(ended), 409)
                except ValueError as error:
                    form.add_error(None, str(error))
                else:
                    return redirect("leagues:set_detail", pk=set_result.pk)
            status = 400
    elif request.method == "POST":
        if not keeper:
            return refuse_or_login(request)
        return render(
            request,
            "leagues/message.html",
            {"message": _("This set is complete: every player has started a game.")},
            status=409,
        )
    void = record_marks.void_mark(set_result)
    context = {
        **sheets.filled_set(set_result),
        "form": form,
        "keeper": keeper and not league.archived,
        "void": void,
        "kind": "set",
        "result": set_result,
        "recording_refused": refusal if keeper and not league.archived else "",
        "records_again": scoring.records_again(set_result),
        # A club night's table plays one set a round: it says so instead of offering the next.
        "one_set": scoring.ONE_SET_A_ROUND if scoring.plays_one_set(set_result.match) else "",
        "history": set_history.set_history(set_result),
    }
    return render(request, "dragonformula/league/set_detail.html", context, status=status)


def _message(request: HttpRequest, message: str, status: int) -> HttpResponse:
    return render(request, "leagues/message.html", {"message": message}, status=status)


VOID_SET = gettext_lazy("This set is void; count it again before correcting its games.")


@require_http_methods(["GET", "POST"])
def correct_game(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """An organiser corrects one recorded game of the set, saying why; the set's history keeps
    the change and its reason."""
    set_result = get_object_or_404(sheets.set_sheets(), pk=pk, **OURS)
    if (refused := organiser_refusal(request, set_result.match.league)) is not None:
        return refused
    if set_result.voided_at is not None:
        return _message(request, str(VOID_SET), 409)
    game = get_object_or_404(
        SetGame.objects.prefetch_related("penalties"), set=set_result, number=number
    )
    lines = list(set_result.lines.all())
    initial = forms.GameForm.initial_for(game, lines)
    rows = sum(1 for key in initial if key.startswith("penalty_seat_"))
    form = forms.GameForm(request.POST or None, lines=lines, penalty_rows=rows, initial=initial)
    reason = request.POST.get("reason", "")[:1000]
    status = 200
    if request.method == "POST":
        if form.is_valid():
            try:
                scoring.correct_game(game, form.entry, request.user, reason)
            except ValueError as error:
                form.add_error(None, str(error))
            else:
                return redirect(f"{reverse('leagues:set_detail', args=[set_result.pk])}#history")
        status = 400
    context = {"set": set_result, "game": game, "form": form, "reason": reason}
    return render(request, "dragonformula/league/correct_game.html", context, status=status)


@require_http_methods(["POST"])
def undo_game(request: HttpRequest, pk: int) -> HttpResponse:
    """An organiser takes back the set's last recorded game (the reason is optional)."""
    set_result = get_object_or_404(SetResult.objects.select_related("match__league"), pk=pk, **OURS)
    if (refused := organiser_refusal(request, set_result.match.league)) is not None:
        return refused
    try:
        scoring.undo_last_game(set_result, request.user, request.POST.get("reason", "")[:1000])
    except ValueError as error:
        return _message(request, str(error), 409)
    return redirect(f"{reverse('leagues:set_detail', args=[set_result.pk])}#history")


@require_http_methods(["POST"])
def next_set(request: HttpRequest, pk: int) -> HttpResponse:
    """After a complete set: the next set of the match, with the Fire seat drawn at the table."""
    set_result = get_object_or_404(SetResult.objects.select_related("match__league"), pk=pk, **OURS)
    if (refused := organiser_refusal(request, set_result.match.league)) is not None:
        return refused
    if scoring.plays_one_set(set_result.match):
        if not scoring.records_again(set_result):
            return _message(request, str(scoring.ONE_SET_A_ROUND), 409)
        try:  # its set was voided: the table records its set again, same seats and elements
            following = scoring.record_again(set_result, request.user)
        except services.NightEnded as ended:
            return _message(request, str(ended), 409)
        return redirect("leagues:set_detail", pk=following.pk)
    if not set_result.complete:
        return _message(request, _("Finish this set first: every player starts one game."), 409)
    try:
        following = scoring.start_next_set(set_result, _fire_seat(request))
    except services.NightEnded as ended:
        return _message(request, str(ended), 409)
    except ValueError as error:
        message = str(error) if str(error) else _("Choose the Fire seat.")
        return render(request, "leagues/message.html", {"message": message}, status=400)
    return redirect("leagues:set_detail", pk=following.pk)


def _fire_seat(request: HttpRequest) -> int:
    """The Fire seat the keeper chose (its index, posted in ASCII digits)."""
    seat = posted_id(request.POST.get("fire", ""))
    if seat is None:
        raise ValueError(_("Choose the Fire seat."))
    return seat


@require_http_methods(["POST"])
def hand_preview(request: HttpRequest, pk: int) -> HttpResponse:
    """HTMX: the reading of the cards typed for the winner, before the game is saved."""
    set_result = get_object_or_404(SetResult, pk=pk, **OURS)
    lines = {str(line.seat): line for line in set_result.lines.all()}
    winner = lines.get(request.POST.get("winner", ""))
    context: dict[str, Any] = {}
    if winner is None:
        context["error"] = _("Choose the winner first: the hand is scored for their element.")
    elif request.POST.get("cards", "").strip():
        try:
            context["scored"] = scored_hands.score_cards(
                request.POST["cards"], winner.element, request.POST.getlist("multipliers")
            )
        except ValueError as error:
            context["error"] = str(error)
    return render(request, "dragonformula/league/_reading.html", context)


@require_GET
def set_sheet(request: HttpRequest, pk: int, as_pdf: bool = False) -> HttpResponse:
    set_result = get_object_or_404(sheets.set_sheets(), pk=pk, **OURS)
    context = sheets.filled_set(set_result)
    name = f"dragonformula-match{set_result.match_id}-set{set_result.number}"
    return sheet_response(request, SET_SHEET, context, name, as_pdf)
