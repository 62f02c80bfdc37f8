"""Pages that let players trust a table: verify the shuffle, watch replays, see a player's
history, and leave a game to a bot. Thin: the work is in ``games.trust.fairness``,
``games.trust.replays`` and ``games.presence.leavers``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from django.views.decorators.http import require_GET, require_POST
from django_htmx.http import HttpResponseClientRedirect

from games.coach import views as review_views
from games.presence import leavers
from games.regions import rendering
from games.registry import game_kind
from games.tables import selectors
from games.tables.models import Game, Player, Table
from games.tables.views import is_count
from games.trust import fairness, history
from games.trust.forms import VerifyForm
from games.trust.models import ShuffleCommitment
from games.trust.replay_marks import jumps, marks_of
from games.trust.replay_words import (
    SECRET_ACTION,
    action_words,
    cards_named,
    run_words,
    target_named,
)
from games.trust.replays import (
    UNSEEN,
    LoggedAction,
    Replay,
    ReplayRefused,
    ReplayStep,
    ReplayTurn,
    faces_of,
    replay_of,
    replay_turns,
    seat_cards,
    seat_names,
    seen_by,
    turn_at,
)


def _table_or_404(code: str) -> Table:
    table = selectors.table_by_code(code)
    if table is None:
        raise Http404(_("No table has that code."))
    return table


def _current_player(request: HttpRequest) -> Player | None:
    if request.user.is_authenticated:
        return Player.objects.filter(user=request.user).first()
    return selectors.player_from_session(None, request.session)


# --- verify ---------------------------------------------------------------------------

# Other things the verify page checks, by ``?kind=`` (e.g. a club night's seat draw): a view
# each, registered by the room that owns the thing.
VERIFY_KINDS: dict[str, Callable[[HttpRequest], HttpResponse]] = {}


def register_verify_kind(kind: str, view: Callable[[HttpRequest], HttpResponse]) -> None:
    VERIFY_KINDS[kind] = view


def _verification(form: VerifyForm) -> fairness.Verification:
    data = form.cleaned_data
    return fairness.verify(
        seed=data["seed"],
        salt=data["salt"],
        commitment=data["commitment"],
        engine=game_kind(data["game"]).engine,
        players=data["players"],
        options=data["options"],
    )


@require_GET
def verify(request: HttpRequest) -> HttpResponse:
    """The public verify page: anyone may check any revealed seed and salt."""
    other_kind = VERIFY_KINDS.get(request.GET.get("kind", ""))
    if other_kind is not None:
        return other_kind(request)
    form = VerifyForm(request.GET or None)
    verification, status = None, 200
    if form.is_bound:
        if form.is_valid():
            verification = _verification(form)
        else:
            status = 400
    context = {
        "form": form,
        "verification": verification,
        "game_label": _label(form),
        "card_template": _card_template(verification.game) if verification else "",
        "card_symbols": _card_symbols(verification.game) if verification else "",
        "small_card": _small_card(verification.game) if verification else "",
    }
    return render(request, "games/trust/verify.html", context, status=status)


@require_GET
def table_verify(request: HttpRequest, code: str) -> HttpResponse:
    """A table's commitment; after the end, the same check filled in with what was revealed."""
    table = _table_or_404(code)
    game = selectors.current_game(table)
    commitment = ShuffleCommitment.objects.filter(game=game).first() if game else None
    context: dict[str, Any] = {
        "table": table,
        "game": game,
        "commitment": commitment,
        "stacked": bool(game is not None and game.stacking),
    }
    if game is not None and commitment is not None and game.is_finished:
        form = VerifyForm(
            {
                "game": game.game_name,
                "players": game.players,
                "seed": game.seed,
                "salt": commitment.salt,
                "commitment": commitment.commitment,
                "options": fairness.options_json(game.options),
            }
        )
        if form.is_valid():
            context["verification"] = _verification(form)
            context["card_template"] = _card_template(game.game_name)
            context["card_symbols"] = _card_symbols(game.game_name)
            context["small_card"] = _small_card(game.game_name)
        context["replay_check"] = fairness.replay_reaches_record(game)
        context["form"] = form
    else:
        initial = {"game": table.game_name, "players": table.players}
        if commitment is not None:
            initial["commitment"] = commitment.commitment
        context["form"] = VerifyForm(initial=initial)
    context["game_label"] = game_kind(table.game_name).label
    return render(request, "games/trust/verify.html", context)


def _card_template(game_name: str) -> str:
    """The game's own card face partial (it reads ``card``, a face from its presenters)."""
    return f"{game_kind(game_name).template_dir}/partials/card.html"


def _card_symbols(game_name: str) -> str:
    """The game's symbol definitions its card faces draw from (Dragon Formula's suits),
    included once per page: its presenters' ``CARD_SYMBOLS``; "" for a game without."""
    return game_kind(game_name).presenters.CARD_SYMBOLS


def _small_card(game_name: str) -> str:
    """The game's small card partial (its presenters' ``SMALL_CARD``; "" for none)."""
    return game_kind(game_name).presenters.SMALL_CARD


def _label(form: VerifyForm) -> Any:
    name = form.cleaned_data.get("game") if form.is_bound and form.is_valid() else None
    return game_kind(name).label if name else ""


# --- replays ----------------------------------------------------------------------------


def _step_number(request: HttpRequest, turns: list[ReplayTurn]) -> int:
    """The step asked for: ``?step=N`` (N actions in, or ``end``) or ``?turn=K`` (the
    board's K-th step, as the slider sends it)."""
    last = turns[-1].last
    if "turn" in request.GET:
        if not is_count(request.GET["turn"]):
            raise ValueError(_("A step is a whole number."))
        index = int(request.GET["turn"])
        if not 0 <= index < len(turns):
            raise ValueError(_("This replay has steps 0 to %(last)d.") % {"last": len(turns) - 1})
        return turns[index].last
    text = request.GET.get("step", "0")
    if text == "end":
        return last
    if not is_count(text):
        raise ValueError(_("A step is a whole number."))
    number = int(text)
    if not 0 <= number <= last:
        raise ValueError(_("This replay has steps 0 to %(last)d.") % {"last": last})
    return number


def _seat_name(names: list[str], seat: int) -> str:
    name = names[seat] if 0 <= seat < len(names) else ""
    return _("Seat %(seat)d") % {"seat": seat + 1} + (f" · {name}" if name else "")


def _turn_line(
    game: Game,
    game_replay: Replay,
    turn: ReplayTurn,
    step: ReplayStep,
    names: list[str],
    viewer: int | None,
) -> dict[str, Any]:
    """What the board says of the turn shown, up to the step shown: who, and what each of
    their actions did (words, the cards as the table draws them, the target). While the game
    is played, another seat's action shows only what every seat saw of it."""
    entries = turn.shown(step.number)
    if not entries:
        return {"kind": "deal"}
    if entries[0].seat is None:
        return {"kind": "clock"}
    kind = game_kind(game.game_name)
    open_actions = kind.presenters.REPLAY_OPEN_ACTIONS
    if turn.run:  # a run holds no secret (see _board_turns)
        seats = [entry.seat for entry in entries if entry.seat is not None]
        return {
            "kind": "turn",
            "who": pgettext("list separator", ", ").join(_seat_name(names, seat) for seat in seats),
            "acts": [{"words": run_words(turn.run, len(seats))}],
        }
    face = kind.presenters.face  # a game whose cards are codes draws them
    acts: list[dict[str, Any]] = []
    for entry in entries:
        action = entry.action if game_replay.finished else seen_by(entry, viewer, open_actions)
        if action is None:
            acts.append({"words": str(SECRET_ACTION)})
            continue
        target = target_named(action)
        acts.append(
            {
                "words": action_words(action, kind.presenters.ACTION_WORDS),
                "faces": faces_of(step.spectator, cards_named(action), face),
                "target_name": names[target] if target is not None and target < len(names) else "",
            }
        )
    return {"kind": "turn", "who": _seat_name(names, entries[0].seat), "acts": acts}


def _board_turns(game: Game, game_replay: Replay, viewer: int | None) -> list[ReplayTurn]:
    """The board's steps as ``viewer`` may see them: while the game is played, grouped by
    what they saw of each action (another seat's secret answer is a step of its own)."""
    if game_replay.finished:
        return replay_turns(game_replay.log)
    presenters = game_kind(game.game_name).presenters
    open_actions = presenters.REPLAY_OPEN_ACTIONS
    unseen = presenters.REPLAY_UNSEEN_ACTIONS

    def kind_of(entry: LoggedAction) -> str | None:
        if entry.seat != viewer and entry.action.get("type") in unseen:
            return UNSEEN
        action = seen_by(entry, viewer, open_actions)
        return None if action is None else str(action.get("type"))

    return replay_turns(game_replay.log, kind_of)


def _step_context(
    game: Game, game_replay: Replay, turns: list[ReplayTurn], number: int, viewer: int | None
) -> dict[str, Any]:
    kind = game_kind(game.game_name)
    face = kind.presenters.face  # a game whose cards are codes draws them
    names = seat_names(game)
    step = game_replay.step(number, viewer)
    turn = turn_at(turns, number)
    shown_jumps = jumps(marks_of(game, game_replay), names)
    previous = turns[turn.index - 1].last if turn.index > 0 else None
    if number < turn.last:
        following: int | None = turn.last
    else:
        following = turns[turn.index + 1].last if turn.index + 1 < len(turns) else None
    return {
        "game": game,
        "table": game.table,
        "kind": kind,
        "step": step,
        "turn": turn,
        "last_turn": len(turns) - 1,
        "previous_step": previous,
        "next_step": following,
        "last_step": turns[-1].last,
        "line": _turn_line(game, game_replay, turn, step, names, viewer),
        "viewer_seat": viewer,
        "spectator": _spectator_regions(game, step),
        "hands": [
            {"seat": seat, "name": names[seat], "cards": seat_cards(view, face)}
            for seat, view in step.seats.items()
        ],
        "jumps": shown_jumps,
        # The game the selector names: the last one dealt at or before the step shown.
        "game_shown": max(
            (g["step"] for g in shown_jumps["games"] if g["step"] <= number), default=None
        ),
        "step_url": reverse("games:replay", args=[game.pk]),
    }


def _spectator_regions(game: Game, step: ReplayStep) -> str:
    """The table as a spectator saw it at this step, drawn by the game's own partials."""
    kind = game_kind(game.game_name)
    seats = selectors.seats(game.table)
    context: dict[str, Any] = {
        "table": game.table,
        "kind": kind,
        "seats": seats,
        "names": [rendering.seat_label(seat) for seat in seats],
        "seat_rows": [(seat, rendering.seat_label(seat)) for seat in seats],
        "viewer": None,
        "my_seat": None,
        "game": game,
        "version": None,  # a replay step is no table version (table.js drops "older" answers)
        "act_url": "",
        "can_start": False,
        "view": step.spectator,
        "legal": [],
        "waiting_for": list(step.waiting_for),
        "remaining": None,
        "finished": step.finished,
        "message": "",
        "oob": False,
        "replay": True,
    }
    context.update(kind.presenters.present(step.spectator, None, context))
    return "".join(
        render_to_string(template, context)
        for region, template in kind.presenters.REGIONS
        if region != "clock"
    )


@require_GET
def replay(request: HttpRequest, pk: int) -> HttpResponse:
    """A game's review board. Once the game is over every hand is shown; while it is being
    played a seated viewer sees their own seat's view of each step and a spectator the
    table alone."""
    game = get_object_or_404(Game.objects.select_related("table"), pk=pk)
    try:
        game_replay = replay_of(game)
    except ReplayRefused as refusal:
        context = {"game": game, "table": game.table, "message": str(refusal)}
        return render(request, "games/trust/replay_refused.html", context, status=409)
    viewer = None
    if not game_replay.finished:
        viewer = selectors.seat_number(game.table, _current_player(request))
    turns = _board_turns(game, game_replay, viewer)
    try:
        number = _step_number(request, turns)
    except ValueError as error:
        context = {"game": game, "table": game.table, "message": str(error)}
        return render(request, "games/trust/replay_refused.html", context, status=400)
    context = _step_context(game, game_replay, turns, number, viewer)
    costly = review_views.costly_marks(game, _current_player(request))
    context["costly"] = [costly[n] for n in context["turn"].numbers if n in costly]
    context["card_symbols"] = _card_symbols(game.game_name)
    if request.headers.get("HX-Request"):
        response = HttpResponse(render_to_string("games/trust/replay_step.html", context, request))
        # The slider asks by turn; the address bar keeps the step, as every link names it.
        response["HX-Push-Url"] = f"{context['step_url']}?step={number}"
        return response
    return render(request, "games/trust/replay.html", context)


@require_GET
def table_replay(request: HttpRequest, code: str) -> HttpResponse:
    table = _table_or_404(code)
    game = selectors.current_game(table)
    if game is None:
        raise Http404(_("Nothing has been played at this table yet."))
    return redirect("games:replay", pk=game.pk)


# --- history ---------------------------------------------------------------------------------


@require_GET
def player_history(request: HttpRequest, pk: int) -> HttpResponse:
    player = get_object_or_404(Player, pk=pk)
    mine = _current_player(request) == player  # a player's own list links their reviews
    context = {"player": player, "games": history.games_of(player), "mine": mine}
    return render(request, "games/trust/history.html", context)


@require_GET
def my_history(request: HttpRequest) -> HttpResponse:
    player = _current_player(request)
    if player is None:
        return redirect("games:lobby")
    return redirect("games:player_history", pk=player.pk)


# --- leaving ------------------------------------------------------------------------------------


@require_POST
def leave_table(request: HttpRequest, code: str) -> HttpResponse:
    """The viewer leaves a game in progress; a bot plays their seat until they come back."""
    table = _table_or_404(code)
    player = _current_player(request)
    if player is None:
        return HttpResponse(_("You have no seat in this game."), status=403)
    try:
        leavers.leave(table, player)
    except leavers.LeaveRefused as refusal:
        return HttpResponse(refusal.message, status=refusal.status)
    if request.headers.get("HX-Request"):
        return HttpResponseClientRedirect(reverse("games:lobby"))
    return redirect("games:lobby")


__all__ = [
    "leave_table",
    "my_history",
    "player_history",
    "replay",
    "table_replay",
    "table_verify",
    "verify",
]
