"""The lobby, players, and the table views both games share (thin: selectors read, services act).

Table requests answer HTMX with the table's regions as out-of-band swaps (the
prompt carries any refusal message): an action's answer with what the actor acts
on next (prompt, hand, what they saw), since the table's socket brings every
changed region to every seat; plain requests get the whole page.
"""

from __future__ import annotations

import json
import secrets
from typing import Any

from django.contrib.auth import login
from django.contrib.auth.forms import UserCreationForm
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST
from django_htmx.http import HttpResponseClientRedirect

from games.presence import leavers
from games.regions import page_load, rendering, snapshots
from games.registry import GAMES, game_kind
from games.tables import client_limits, oplog, selectors
from games.tables import limits as table_limits
from games.tables.actions import guests as table_guests
from games.tables.actions import hints as table_hints
from games.tables.actions import opening, playing, recording, seating, starting
from games.tables.actions.refused import ActionRefused, IllegalMove, NotSeated
from games.tables.forms import GuestForm, JoinForm, NewTableForm
from games.tables.models import BotPace, Game, Player, Seat, Table
from games.tables.validators import is_ascii_number

# The longest real action (a DragSaga place: two card ids and a target) is well under this.
MAX_ACTION_CHARS = 1000


def current_player(request: HttpRequest) -> Player | None:
    """The player behind this request: the member's, else this browser's guest."""
    if request.user.is_authenticated:
        return table_guests.player_for_user(request.user)
    return selectors.player_from_session(None, request.session)


def table_url(table: Table) -> str:
    return reverse(f"{table.game_name}:table", args=[table.code])


# --- lobby and players ----------------------------------------------------------


def lobby(
    request: HttpRequest,
    join_form: JoinForm | None = None,
    guest_form: GuestForm | None = None,
    status: int = 200,
) -> HttpResponse:
    player = current_player(request)
    table_limits.expire_now_and_then()  # lobby tables that never started go away by themselves
    tables = table_limits.lobby_tables()
    for name, listed in tables.items():
        kind = game_kind(name)
        labels = kind.presenters.OPTION_LABELS
        # A turn-based table's clocks are off: its pace says it all.
        clocks = getattr(kind.engine, "turn_based_options", dict)()
        for table in listed:
            table.option_list = [
                (labels.get(key, key), value)
                for key, value in table.options.items()
                if isinstance(value, bool | int | float | str)  # a card set is no summary
                and not (table.is_turn_based and key in clocks)
            ]
    games = [
        {
            "kind": kind,
            "tables": tables.get(name, []),
            "form": NewTableForm(kind, turn_based=player is not None and not player.is_guest),
            "create_url": reverse("games:new_table", args=[name]),
        }
        for name, kind in GAMES.items()
    ]
    context = {
        "player": player,
        "games": games,
        "join_form": join_form or JoinForm(),
        "guest_form": guest_form or GuestForm(),
    }
    return render(request, "games/lobby.html", context, status=status)


@require_POST
def guest(request: HttpRequest) -> HttpResponse:
    """Name yourself: a guest player bound to this browser's session (named again: renamed).

    A browser that already has a guest keeps it (a second lobby tab still shows the
    form): a new player would leave the first one's seats with nobody to play them.
    """
    form = GuestForm(request.POST)
    if not form.is_valid():
        return lobby(request, guest_form=form, status=400)
    name = form.cleaned_data["display_name"]
    known = selectors.player_from_session(None, request.session)
    if known is None and not client_limits.take(
        client_limits.GUESTS_PER_ADDRESS, client_limits.address(request)
    ):
        # A short page, not the whole lobby: only a flood meets this limit.
        return _refuse_page(
            request,
            _("Too many guests were named from your network this hour; please try again later."),
            429,
        )
    player = table_guests.rename_guest(known, name) if known else table_guests.create_guest(name)
    # A new session key, as at a login: a key someone planted or saw before now is worthless.
    request.session.cycle_key()
    request.session[selectors.SESSION_PLAYER] = player.pk
    return HttpResponseRedirect(_safe_next(request))  # a path, never a view name to reverse


def signup(request: HttpRequest) -> HttpResponse:
    form = UserCreationForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        table_guests.player_for_user(user)
        return redirect("games:lobby")
    return render(request, "registration/signup.html", {"form": form})


@require_GET
def join(request: HttpRequest) -> HttpResponse:
    """Join by code: the table page (where a seat can be taken)."""
    form = JoinForm(request.GET)
    if form.is_valid():
        table = selectors.table_by_code(form.cleaned_data["code"])
        if table is not None:
            return redirect(table_url(table))
        form.add_error("code", _("No table has that code. Check the letters and try again."))
    return lobby(request, join_form=form, status=404)


@require_POST
def new_table(request: HttpRequest, game_name: str) -> HttpResponse:
    try:
        kind = game_kind(game_name)
    except LookupError:
        raise Http404(_("The club does not play that game.")) from None
    player = current_player(request)
    if player is None:
        return _refuse_page(request, _("Please name yourself first."), 403)
    form = NewTableForm(kind, request.POST)
    if not form.is_valid():
        if "move_deadline" in form.errors:
            refusal = opening.move_deadline_refused()
            return _refuse_page(request, refusal.message, refusal.status)
        problems = "; ".join(
            f"{form.fields[name].label}: {' '.join(errors)}"
            if name in form.fields
            else " ".join(errors)
            for name, errors in form.errors.items()
        )
        message = _("Please check the table's options: %(problems)s") % {"problems": problems}
        return _refuse_page(request, message, 400)
    move_deadline = form.cleaned_data.get("move_deadline")
    if move_deadline is not None and player.is_guest:
        return _refuse_page(
            request, _("Turn-based tables are for club members: please log in first."), 403
        )
    # This browser, for the limits: kept in the session's data, so it outlives the key
    # cycling when a guest names themselves (``guest``).
    browser = request.session.setdefault(table_limits.SESSION_BROWSER, secrets.token_hex(16))
    address = client_limits.stored_address(client_limits.address(request))
    try:
        table_limits.check_may_open(player, browser, address, turn_based=move_deadline is not None)
        table = opening.create_table(
            game_name=game_name,
            players=form.cleaned_data["players"],
            options=form.options(),
            bot_level=form.cleaned_data["bot_level"],
            bot_pace=form.cleaned_data["bot_pace"] or BotPace.NORMAL,
            created_by=player,
            created_session=browser,
            created_address=address,
            seat_bots=True,
            move_deadline=move_deadline,
        )
    except ActionRefused as refusal:
        return _refuse_page(request, refusal.message, refusal.status)
    leavers.set_away_limit(table, form.cleaned_data["away_seconds"])
    if request.htmx:  # a button on a pushed region (a guided game's last step)
        return HttpResponseClientRedirect(table_url(table))
    return redirect(table_url(table))


@require_POST
def rematch(request: HttpRequest, code: str) -> HttpResponse:
    """The same people at a new table (made by the first to ask; the others follow)."""
    table = selectors.table_by_code(code)
    if table is None:
        raise Http404(_("No table has that code."))
    player = current_player(request)
    if player is None:
        return _refuse_page(request, _("Please name yourself first."), 403)
    try:
        new = opening.rematch(table, player)
    except ActionRefused as refusal:
        return _refuse_page(request, refusal.message, refusal.status)
    if request.htmx:  # the button on a pushed screen (no form token): htmx sends the header
        return HttpResponseClientRedirect(table_url(new))
    return redirect(table_url(new))


# --- tables ---------------------------------------------------------------------


def table_page(request: HttpRequest, code: str, game_name: str) -> HttpResponse:
    """A game's table page: every region rendered in place for this viewer."""
    table = _table(code, game_name)
    game = selectors.current_game(table)
    if game is not None:
        playing.tick(game)  # the lazy timeout: whoever looks applies passed deadlines
    player = current_player(request)
    if player is not None:
        leavers.retake(table, player)  # back at the table: a bot holding the seat gives it back
    return _table_response(request, table, oob=False)


@require_POST
def seat_action(request: HttpRequest, code: str, game_name: str, what: str) -> HttpResponse:
    """Sit, stand up, start, or (its creator) add or remove a bot, at a table that has
    not started; a seated player's hints on or off, at any time."""
    table = _table(code, game_name)
    player = current_player(request)
    try:
        if player is None:
            raise NotSeated(_("Please name yourself first."), "no_player")
        if what == "sit":
            number = request.POST.get("seat", "")
            if number and not is_count(number):
                raise IllegalMove(_("That seat is not at this table."), "bad_seat")
            table_limits.check_may_sit(table, player)
            seating.sit(table, player, int(number) if number else None)
        elif what == "stand":
            seating.stand(table, player)
        elif what == "start":
            starting.start(table, player)
        elif what in ("add_bot", "remove_bot"):
            number = request.POST.get("seat", "")
            if not is_count(number):
                raise IllegalMove(_("That seat is not at this table."), "bad_seat")
            seating.set_seat_bot(table, player, int(number), bot=what == "add_bot")
        elif what == "hints":
            table_hints.set_hints(table, player, on=request.POST.get("on") == "true")
        else:
            raise Http404
    except ActionRefused as refusal:
        return _table_response(request, table, refusal.message, refusal.status)
    return _table_response(request, table)


@require_POST
def act(request: HttpRequest, code: str, game_name: str) -> HttpResponse:
    """A player's action, with the version they saw: applied, or refused with a reason.

    The table and its game are read by the move's own lock (``recording.CurrentGame``);
    a refusal reads the table for its answer if the move did not get that far."""
    player = current_player(request)
    try:
        version = _posted_version(request)
        action = _posted_action(request, game_name)
        seen = request.POST.get("prompt", "")

        def still_seen(current: Game, seats: list[Seat]) -> bool:
            return (
                bool(seen)
                and rendering.prompt_fingerprint(current.table, player, current, seats) == seen
            )

        game = playing.apply_action(
            recording.CurrentGame(selectors.cleaned_code(code), game_name),
            player,
            action,
            version,
            still_seen=still_seen,
        )
    except ActionRefused as refusal:
        # The table as the refusal found it (a stale click's newer state, the ticks it
        # applied), when the move read it: answered from that, without reading it again.
        snapshot = _refused_at(refusal)
        if snapshot is not None:
            table, seat = snapshot.table, snapshot.seat_of(player)
        else:  # refused before: an unknown code, or a table of the other game, is a 404
            table = _table(code, game_name)
            seat = selectors.seat_number(table, player)
        oplog.log_action_rejected(
            table,
            seat,
            _logged_type(request, game_name),
            refusal.code,
            _claimed_version(request),
        )
        return _table_response(
            request,
            table,
            refusal.message,
            refusal.status,
            only=rendering.ACTOR_REGIONS,
            player=player,
            snapshot=snapshot,
        )
    table = game.table
    if not request.htmx:
        return redirect(table_url(table))
    # The table as the move left it, read once for this answer and this process's sockets.
    snapshot = snapshots.announced(game) or snapshots.read(table, game)
    return HttpResponse("".join(rendering.actor_regions(table, player, snapshot).values()))


def _refused_at(refusal: ActionRefused) -> snapshots.TableSnapshot | None:
    """The table as the move that refused read it (its game locked, its seats), if it got
    that far."""
    if refusal.game is None or refusal.seats is None:
        return None
    return snapshots.read(refusal.game.table, refusal.game, refusal.seats)


def _table(code: str, game_name: str) -> Table:
    return _of_game(selectors.table_by_code(code), game_name)


def _of_game(table: Table | None, game_name: str) -> Table:
    if table is None or table.game_name != game_name:
        raise Http404(_("No table of this game has that code."))
    return table


def _claimed_version(request: HttpRequest) -> int | None:
    """The version a refused request said it saw, for the operator's log (None if unreadable)."""
    raw = request.POST.get("version", "")
    return int(raw) if is_count(raw) else None


def _posted_version(request: HttpRequest) -> int:
    raw = request.POST.get("version", "")
    if not is_count(raw):
        raise IllegalMove(_("That request did not say which state you saw."), "no_version")
    return int(raw)


def is_count(raw: str) -> bool:
    """Whether ``raw`` is a plain count as forms and links send it (ASCII digits, not absurdly long)."""
    return is_ascii_number(raw, digits=9)


def _posted_action(request: HttpRequest, game_name: str) -> dict[str, Any]:
    raw = request.POST.get("action")
    try:
        if raw is not None and len(raw) > MAX_ACTION_CHARS:
            action = None  # no action of either game is this long; the log would keep it forever
        elif raw is not None:
            action = json.loads(raw, parse_constant=_no_constant)
        else:
            action = game_kind(game_name).presenters.action_from_post(request.POST)
    except (ValueError, KeyError, TypeError, RecursionError):  # nesting deeper than json can read
        action = None
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise IllegalMove(_("That is not an action of this game."), "malformed")
    return action


def _logged_type(request: HttpRequest, game_name: str) -> str:
    """A refused action as the operator's log writes it: its type, if it is one of the
    game's, else "not_an_action"; never its fields (a refused placing's face-down cards,
    whatever else its sender put in)."""
    try:
        action: Any = _posted_action(request, game_name)
    except IllegalMove:
        action = {"type": request.POST.get("type")}
    return game_kind(game_name).action_type(action)


def _no_constant(name: str) -> Any:
    """NaN and Infinity are no JSON (Python's reader takes them): no action carries them."""
    raise ValueError(f"{name} is not a number an action may carry.")


def _table_response(
    request: HttpRequest,
    table: Table,
    message: str = "",
    status: int = 200,
    oob: bool = True,
    only: tuple[str, ...] | None = None,
    player: Player | None = None,
    snapshot: snapshots.TableSnapshot | None = None,
) -> HttpResponse:
    """The table after a request: its regions (``only`` these) for htmx, else the page.

    An action's answer carries what the actor sees and acts on next
    (``rendering.ACTOR_REGIONS``); the table's socket brings the rest to every seat.
    ``player`` saves reading again who the caller has just read; ``snapshot``, the table
    as the caller has just read it, saves reading the table: its regions are then rendered
    as the table's socket renders them (from their looks, not the request's context).
    """
    player = player if player is not None else current_player(request)
    if request.htmx and oob:
        regions = rendering.render_regions(
            table,
            player,
            message=message,
            request=request if snapshot is None else None,
            only=only,
            snapshot=snapshot,
        )
        return HttpResponse("".join(regions.values()), status=status)
    if request.method == "POST" and status < 400:
        return redirect(table_url(table))
    context = rendering.page_context(table, player, message)
    # What the page shows: its socket's first frame sends only what differs by then.
    context["page_token"] = page_load.note_page(table, player, context["snapshot"], message)
    template = f"{context['kind'].template_dir}/table.html"
    return render(request, template, context, status=status)


def _refuse_page(request: HttpRequest, message: str, status: int) -> HttpResponse:
    return render(request, "games/refused.html", {"message": message}, status=status)


def _safe_next(request: HttpRequest) -> str:
    target = request.POST.get("next") or request.GET.get("next") or ""
    if target and url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return target
    return reverse("games:lobby")
