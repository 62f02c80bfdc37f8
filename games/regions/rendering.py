"""The table's regions for one viewer, rendered from ``engine.view(state, seat)`` only.

The same templates serve the page load (in place) and every push or action
response (as htmx out-of-band swaps), so a region looks the same however it
arrived. A game's ``table.html`` includes its partials; each partial's root
element carries the region's id and, when ``oob`` is set, ``hx-swap-oob``.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable, Mapping
from decimal import ROUND_HALF_UP, Decimal
from functools import lru_cache
from typing import Any

from django.template import Context
from django.template.loader import render_to_string
from django.urls import get_script_prefix, reverse
from django.utils import translation
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from games.learn import steps as guided_steps
from games.presence import at_the_table
from games.regions import looks, snapshots
from games.regions.recent import remembered
from games.regions.snapshots import TableSnapshot
from games.registry import game_kind
from games.tables import selectors
from games.tables.models import Game, Player, Seat, Table
from games.turns.time_left import time_left


def table_context(
    table: Table,
    player: Player | None,
    game: Game | None = None,
    snapshot: TableSnapshot | None = None,
) -> dict[str, Any]:
    """Everything a table's templates read for ``player`` (``None``: a spectator).

    ``snapshot`` is the table as already read (a push shares one among its sockets);
    by default it is read now, with ``game`` as the table's current game if the
    caller holds it (e.g. locked, in a transaction).
    """
    snapshot = snapshot if snapshot is not None else snapshots.read(table, game)
    table, game, seats = snapshot.table, snapshot.game, snapshot.seats
    kind = game_kind(table.game_name)
    seat = snapshot.seat_of(player)
    names = [seat_label(s) for s in seats]
    context: dict[str, Any] = {
        "table": table,
        "snapshot": snapshot,
        "kind": kind,
        "seats": seats,
        "names": names,
        "seat_rows": list(zip(seats, names, strict=True)),
        "viewer": player,
        "my_seat": seat,
        "game": game,
        "version": game.version if game is not None else None,
        "act_url": act_url(table.game_name, table.code, get_script_prefix()),
        "can_start": _can_start(table, seats, seat),
        # Before the start its creator may add and remove bots (``services.set_seat_bot``).
        "is_creator": player is not None and table.created_by_id == player.pk,
        # The viewer's own seat shows hints (games.learn), computed from its view alone.
        "hints_on": seat is not None and any(s.hints for s in seats if s.number == seat),
        # The language the regions are worded in, read once: every look and worded region
        # of the render is filed under it (:func:`language_of`).
        "render_language": translation.get_language() or "",
    }
    if game is None:
        return context
    engine = kind.engine
    view = engine.view(game.state, seat)
    playing = seat is not None and not game.is_finished
    # A guided first game runs no clock (``services``): it shows no countdown either.
    guided = table.created_session == guided_steps.GUIDED
    deadline = None if guided else engine.deadline(game.state)
    waiting = engine.waiting_for(game.state)
    context.update(
        view=view,
        legal=_legal(engine, game.state, seat, view) if playing else [],
        waiting_for=waiting,
        waiting_names=[names[number] for number in waiting],
        remaining=None if deadline is None else max(0.0, deadline - time.time()),
        # A turn-based table: each awaited seat's own move deadline (games.turns).
        move_deadlines=[
            (names[number], max(0.0, due - time.time()))
            for number, due in sorted(snapshot.move_deadlines.items(), key=lambda item: item[1])
        ],
        finished=game.is_finished,
        coached=kind.presenters.COACHED,
        presence=at_the_table.seat_presence(snapshot, here=seat),
        log_credit=at_the_table.LogCredit(snapshot.stand_in_history, names, view.get("events", [])),
        # The bot holding the viewer's seat for them (their clock ran out), if one does.
        stand_in_for_you=next(
            (s for s in snapshot.stand_ins.values() if player and s.player_id == player.pk), None
        ),
    )
    if seat is not None:  # a guided first game's step, read from the seat's own view
        context["guide"] = guide = guided_steps.step_of(kind, table, view)
        if guide is not None and guide.done:  # nothing to press but its way to a real game
            view = {**view, "legal_actions": []}
            context.update(view=view, legal=[])
    context.update(kind.presenters.present(view, seat, context))
    return context


def _legal(engine: Any, state: dict[str, Any], seat: int, view: dict[str, Any]) -> list[Any]:
    """The seat's legal actions: its view's when the view lists them (both games' do),
    not worked out a second time."""
    legal = view.get("legal_actions")
    return legal if legal is not None else engine.legal_actions(state, seat)


@lru_cache(maxsize=1024)
def act_url(game_name: str, code: str, prefix: str) -> str:
    """Where a table's prompt posts (``prefix``: the site's script prefix, part of it);
    worked out once per table, not for every viewer of every move."""
    return reverse(f"{game_name}:act", args=[code])


SEEN_REGION = ("seen", "games/partials/seen.html")
# What the viewer's next action posts with it: the version it was shown and its prompt's
# fingerprint. Worded here, not in a template, as every viewer is sent it after every move
# (``{% seen_region %}`` puts it in the page).
SEEN_HTML = (
    '<span id="seen" hidden{}><input type="hidden" id="table-version" name="version" '
    'value="{}"><input type="hidden" name="prompt" value="{}"></span>\n'
)
OOB = mark_safe(' hx-swap-oob="true"')


# A countdown (table.js ticks it down): its seconds to a tenth for the page, whole seconds
# shown. Worded here, not with floatformat (a tenth of a millisecond, once a move).
COUNTDOWN_HTML = (
    '<span class="countdown" data-remaining="{}" aria-live="off">'
    '<span class="seconds">{}</span> {}</span>'
)


def countdown(remaining: float) -> SafeString:
    """The countdown from ``remaining`` seconds (:data:`COUNTDOWN_HTML`): the whole seconds
    rounded half up, as a template's ``floatformat:0`` rounds them."""
    seconds = int(Decimal(str(remaining)).quantize(Decimal(1), ROUND_HALF_UP))
    return format_html(COUNTDOWN_HTML, f"{remaining:.1f}", seconds, _("s"))


# The clock of the seats the table waits for (``games/partials/clock.html``): named, and
# shown small unless one of them is the viewer's (the table's CSS, by the viewer's seat).
CLOCK_REGION = ("clock", "games/partials/clock.html")
CLOCK_HTML = '<div id="clock" class="clock"{}{}>{}</div>\n'
TURN_BASED_HTML = '<span class="turn-based-note">{}</span>'
MOVE_DEADLINE_HTML = ' <span class="move-deadline">{}</span>'
CLOCK_OWNER_HTML = '<span class="clock-owner">{}</span> '


def worded(sentence: str, **values: Any) -> SafeString:
    """A translated ``sentence`` with its ``%(name)s`` values escaped, as
    ``{% blocktranslate %}`` words it (the sentence itself is the catalogue's, trusted)."""
    return mark_safe(sentence % {name: conditional_escape(v) for name, v in values.items()})  # noqa: S308


def clock_region(context: Mapping[str, Any]) -> SafeString:
    """The clock region: a turn-based table's time a move and each awaited seat's time
    left, then the countdown of a live game's awaited seats. Worded here, not in a
    template, as every viewer is sent it after every move."""
    waiting = context.get("waiting_for")
    parts = []
    table = context.get("table")
    if table is not None and table.is_turn_based:
        note = worded(_("Turn-based: %(time)s a move"), time=table.get_move_deadline_display())
        parts.append(format_html(TURN_BASED_HTML, note))
        for name, left in context.get("move_deadlines") or ():
            said = worded(_("%(name)s: %(left)s left"), name=name, left=time_left(left))
            parts.append(format_html(MOVE_DEADLINE_HTML, said))
    remaining = context.get("remaining")
    if remaining is not None and not context.get("finished"):
        names = context.get("waiting_names")
        if names:
            listed = mark_safe(", ".join(map(conditional_escape, names)))  # noqa: S308 - escaped
            parts.append(
                format_html(CLOCK_OWNER_HTML, worded(_("Waiting for: %(names)s"), names=listed))
            )
        parts.append(countdown(remaining))
    return format_html(
        CLOCK_HTML,
        format_html(' data-waiting="{}"', " ".join(map(str, waiting))) if waiting else "",
        OOB if context.get("oob") else "",
        mark_safe("".join(parts)),  # noqa: S308 - each part escaped
    )


def seen_region(context: dict[str, Any]) -> SafeString:
    """The what-was-seen region (:data:`SEEN_HTML`) of a table's context, escaped."""
    version = context["version"]
    return format_html(
        SEEN_HTML,
        OOB if context["oob"] else "",
        "" if version is None else version,
        context["prompt_seen"],
    )


# A table's log: its lines (``<li>``) under its title once a game has started.
LOG_HTML = '<section id="log" class="event-log"{} aria-label="{}">\n{}\n</section>\n'
LOG_LINES_HTML = '<h2 class="region-title">{}</h2>\n<ol class="events" tabindex="0">{}</ol>'


def log_region(context: Mapping[str, Any], lines: Callable[[], str]) -> SafeString:
    """A game's log region (its ``partials/log.html``): the ``lines`` it words, each
    escaped, once a game has started. Worded here, not in a template, as Dragon Formula's
    is rendered for every viewer after every move (a seat's own draws name its card)."""
    title = _("What happened")
    shown = format_html(LOG_LINES_HTML, title, lines()) if context["game"] else ""
    return format_html(LOG_HTML, OOB if context["oob"] else "", title, shown)


# A game's seats region (its ``partials/seats.html``): the game's panels, or the seats of
# a table not started yet.
SEATS_HTML = (
    '<section id="seats" class="seats {}-seats seats-{}"{} aria-label="{}">\n{}\n</section>\n'
)


def seats_region(
    context: Mapping[str, Any], game_class: str, players: Any, panels: Callable[[], str]
) -> SafeString:
    """A game's seats region: its ``panels`` (already escaped) once a game has started,
    else :func:`waiting_seats`; ``game_class`` names the game's own class (``df``: the
    ``df-seats`` class). Worded here, not in a template, as every viewer is sent it after
    every move."""
    inner = panels() if context["game"] else waiting_seats(context)
    oob = OOB if context["oob"] else ""
    return format_html(SEATS_HTML, game_class, players, oob, _("Seats"), inner)


def waiting_seats(context: Mapping[str, Any]) -> SafeString:
    """The seats of a table not started yet (``games/partials/waiting_seats.html``)."""
    data = context.flatten() if isinstance(context, Context) else context
    return render_to_string("games/partials/waiting_seats.html", data)


PROMPT_REGION = "prompt"
# A returning player's "while you were away" (games.presence.at_the_table), above their prompt.
CATCH_UP_REGION = ("catch-up", "games/partials/catch_up.html")
CATCH_UP_HTML = '<div id="catch-up" class="catch-up-region"{}>{}</div>\n'


def catch_up_region(context: Mapping[str, Any]) -> SafeString:
    """The catch-up region: what a bot did for the viewer while they were away, until
    they next act; empty otherwise."""
    credit, game = context.get("log_credit"), context["game"]
    inner = ""
    if credit and game is not None and not game.is_finished:
        sentence = context["kind"].presenters.event_sentence(context)
        inner = at_the_table.catch_up(
            credit, context["my_seat"], context["view"]["events"], sentence
        )
    return format_html(CATCH_UP_HTML, OOB if context["oob"] else "", inner)


# The shuffle commitment and the bots standing in for away players (games.presence.leavers).
TRUST_REGION = ("table-trust", "games/trust/region.html")


def regions(kind: Any) -> list[tuple[str, str]]:
    """The table's regions: ``(element id, partial template)``, what-was-seen first."""
    return [SEEN_REGION, *kind.presenters.REGIONS, CATCH_UP_REGION, TRUST_REGION]


def prompt_fingerprint(
    table: Table, player: Player | None, game: Game | None = None, seats: list[Seat] | None = None
) -> str:
    """A short digest of the prompt ``player`` is shown (without any message); ``game`` and
    ``seats``: the table's current game and its seats, when the caller has read them.

    Action forms post it with the version: a click made while other seats' moves
    were still on their way is accepted when the clicker's prompt has not changed
    since (three seats answering one pick window at once), and refused as stale
    when it has (the window they answered has closed).
    """
    snapshot = snapshots.read(table, game, seats)
    return fingerprint(_bare_prompt(table_context(table, player, snapshot=snapshot)))


def page_context(table: Table, player: Player | None, message: str = "") -> dict[str, Any]:
    """The context of a whole table page (regions in place, the prompt's fingerprint)."""
    context = table_context(table, player)
    seen = fingerprint(_bare_prompt(context))
    context.update(oob=False, message=message, prompt_seen=seen)
    return context


def _bare_prompt(context: dict[str, Any]) -> str:
    """The prompt as pushed, without any message (what its fingerprint is taken of)."""
    context.update(oob=True, message="")
    template = dict(context["kind"].presenters.REGIONS)[PROMPT_REGION]
    return _render(PROMPT_REGION, template, context)


def _remembered(region: str, template: str, context: dict[str, Any]) -> str | None:
    """The region rendered from its look alone, once per look and language, when the game
    remembers it (its presenters' ``REGION_LOOKS``: the region's id to what its partial
    reads of the context as plain data, or ``None`` when it is rendered from the context)."""
    look_of = context["kind"].presenters.REGION_LOOKS.get(region)
    look = None if look_of is None else look_of(context)
    if look is None:
        return None
    return looks.region(template, looks.Look(look), language_of(context))


def language_of(context: Mapping[str, Any]) -> str:
    """The language a table's context is rendered in (read once per viewer's render)."""
    language = context.get("render_language")
    return language if language is not None else (translation.get_language() or "")


def fingerprint(html: str) -> str:
    """A short fingerprint of a region's HTML: the prompt's, which an action posts with it
    (``seen``), and each region's that a page was loaded with (``games.regions.page_load``)."""
    return hashlib.sha256(html.encode()).hexdigest()[:16]


def seat_label(seat: Seat) -> str:
    """How a seat is named at the table: its player, a bot of its level, or empty; a seat
    a club night drew for someone shows their name (not their account's, which may be an
    e-mail address), and says so when a bot plays it."""
    if seat.player is not None:
        if seat.kept_name and seat.player_id == seat.kept_for_id:
            return seat.kept_name
        return seat.player.display_name
    if seat.kept_name and seat.bot_level:
        return _("%(name)s (bot)") % {"name": seat.kept_name}  # short: seats are narrow
    if seat.kept_name:
        return _("Kept for %(name)s") % {"name": seat.kept_name}
    if seat.bot_level:
        return at_the_table.bot_name(seat.number, seat.bot_level)
    return _("Empty seat")


def _can_start(table: Table, seats: list[Seat], my_seat: int | None) -> bool:
    if table.status != Table.Status.OPEN or my_seat is None or selectors.kept_seats(seats):
        return False
    return bool(table.bot_level) or not any(s.is_empty for s in seats)


def render_regions(
    table: Table,
    player: Player | None,
    *,
    message: str = "",
    request: Any = None,
    only: tuple[str, ...] | None = None,
    snapshot: TableSnapshot | None = None,
    shared: dict[Any, str] | None = None,
) -> dict[str, str]:
    """The table's regions for ``player`` (all, or the ids in ``only``) as out-of-band swaps.

    ``message`` (a refusal) goes into the prompt. ``shared``: the regions already rendered
    for other viewers of the same ``snapshot`` in the same language (a push; no request),
    for the regions that are the same for every viewer who is seated, or every spectator
    (:func:`shared_regions`).
    """
    context = table_context(table, player, snapshot=snapshot)
    if only is None or PROMPT_REGION in only or SEEN_REGION[0] in only:
        bare_prompt = _bare_prompt(context)
        seen = fingerprint(bare_prompt)
    else:  # no region shown that is or names the prompt (a hint heard: the hints alone)
        context.update(oob=True)
        bare_prompt = seen = ""
    context.update(message=message, prompt_seen=seen)
    seated = context["my_seat"] is not None
    common = shared_regions(context["kind"])
    rendered = {}
    for region, template in regions(context["kind"]):
        if only is not None and region not in only:
            continue
        if region == PROMPT_REGION and not message:
            rendered[region] = bare_prompt
        elif shared is not None and request is None and region in common:
            key = (region, seated)
            if key not in shared:
                shared[key] = _render(region, template, context)
            rendered[region] = shared[key]
        else:
            rendered[region] = _render(region, template, context, request)
    return rendered


def _render(region: str, template: str, context: dict[str, Any], request: Any = None) -> str:
    """One region: worded in Python (:func:`worded_regions`), from its look (without a
    request) or from its template."""
    worded = worded_regions(context["kind"]).get(region)
    if worded is not None:
        return worded(context)
    if request is None and (html := _remembered(region, template, context)) is not None:
        return html
    return render_to_string(template, context, request=request)


def worded_regions(kind: Any) -> dict[str, Callable[[dict[str, Any]], str]]:
    """The regions worded by Python helpers (with ``format_html``), not their templates,
    since every viewer is sent them after every move: the platform's what-was-seen, and
    a game's own (its presenters' ``REGION_HTML``, e.g. Dragon Formula's seats). Each
    region's partial puts the same helper in the page, so a region reads the same either way."""
    return _worded.get(kind.name) or _worded.setdefault(
        kind.name,
        {
            SEEN_REGION[0]: seen_region,
            CLOCK_REGION[0]: clock_region,
            CATCH_UP_REGION[0]: catch_up_region,
            **kind.presenters.REGION_HTML,
        },
    )


_worded: dict[str, dict[str, Callable[[dict[str, Any]], str]]] = {}  # kind name -> helpers


# The regions whose HTML depends only on the table as it stands and on whether the viewer
# is seated (not on which seat): a push renders them once per change, language and kind
# of viewer. The platform's: the trust panel (the shuffle commitment, the bots standing in,
# a seated viewer's way to leave); a game adds its own (its presenters' ``SHARED_REGIONS``,
# e.g. the scores). tests/web/test_pushes_show_each_viewer_their_own_table.py holds this.
SHARED_REGIONS = frozenset({TRUST_REGION[0]})


def shared_regions(kind: Any) -> frozenset[str]:
    """The ids of the regions of ``kind``'s table every viewer of a kind is pushed alike."""
    return SHARED_REGIONS | kind.presenters.SHARED_REGIONS


# What a player's own click is answered with: what they see of the table and act on
# next. The table's socket brings every region that changed to every seat, theirs too.
ACTOR_REGIONS = (SEEN_REGION[0], PROMPT_REGION, "hand")
# Remembered pushes per process: one viewer's regions after one move, 20-80 kB of HTML that
# grows with the game (the seat panels list every discard); a change is rendered for all of
# a table's sockets within milliseconds, so a few dozen are enough (docs/performance.md, under abuse);
# each is let go as its change is (``snapshots.CHANGE_SECONDS`` after it was last asked for).
REMEMBERED_PUSHES = 32


def actor_regions(
    table: Table, player: Player | None, snapshot: TableSnapshot | None
) -> dict[str, str]:
    """What an applied action is answered with (:data:`ACTOR_REGIONS`), in the request's
    language: taken from what the actor's own socket is pushed after the move when the
    move was announced from ``snapshot`` (rendered once for both), else rendered now."""
    if snapshot is not None and snapshot.change is not None:
        language = translation.get_language()
        pushed = pushed_regions(table.pk, snapshot.change, player, language, EVERY_REGION)
        return {region: pushed[region] for region in ACTOR_REGIONS if region in pushed}
    return render_regions(table, player, only=ACTOR_REGIONS, snapshot=snapshot)


# ``only`` for every region of a push (:func:`pushed_regions`).
EVERY_REGION: frozenset[str] = frozenset()


@remembered(REMEMBERED_PUSHES, snapshots.CHANGE_SECONDS)
def pushed_regions(
    table_id: int,
    change: str,
    player: Player | None,
    language: str,
    only: frozenset[str],
    /,
) -> dict[str, str]:
    """Every region after ``change`` for ``player`` in ``language`` (``only``: those
    regions alone; :data:`EVERY_REGION`: all), rendered once.

    The sockets of one viewer (a phone and a laptop, or every spectator's) share it,
    the mover's answer shares its own socket's, and all the table's sockets in this
    process share the change's snapshot. Its arguments are positional and none has a
    default: the cache files a call under the arguments as written, so a call leaving
    one out would miss the render another call made for the same viewer.
    """
    snapshot = snapshots.for_change(table_id, change)
    with translation.override(language):
        return render_regions(
            snapshot.table,
            player,
            snapshot=snapshot,
            shared=snapshot.shared_regions(language),
            only=tuple(only) or None,
        )
