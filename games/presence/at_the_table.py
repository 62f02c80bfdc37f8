"""Who is at the table, as every seat sees it: each seat online, away (for how long, and
how long until a bot takes it) or played by a bot for its player; the log's lines when a
bot takes a seat and when its player is back, the bot's moves credited to the bot; and a
returning player's catch-up ("while you were away: …") above their prompt.

Everything here is read from the table's snapshot (``games.regions.snapshots``): the seats with
their presence and when their player's last socket closed, and the bots that stood in
during the game (:class:`~games.models.StandIn`, with where in the game's public log each
came and went: :func:`log_mark`). Nothing here is hidden from any seat: who is connected
and the public log.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.engine import dumps
from games.templatetags.bot_levels import bot_level_name

# How many of the bot's moves a returning player's catch-up lists (the newest).
CATCH_UP_LINES = 4


def log_mark(engine: Any, state: dict[str, Any]) -> tuple[int, str]:
    """Where the game's public log stands now: how many events it holds, and which log it
    is (a fingerprint of its first event)."""
    events = engine.view(state, None).get("events", [])
    return len(events), _log_key(events)


def _log_key(events: Sequence[dict[str, Any]]) -> str:
    return hashlib.sha256(dumps(events[0]).encode()).hexdigest()[:16] if events else ""


def bot_name(number: int, level: str) -> str:
    """How a bot in seat ``number`` (from 0) is named at the table."""
    return _("Bot %(number)d (%(level)s)") % {
        "number": number + 1,
        "level": bot_level_name(level),
    }


# --- the seats ------------------------------------------------------------------------


def seat_presence(snapshot: Any, here: int | None = None) -> list[tuple[Any, ...] | None]:
    """Per seat (by number): ``("online",)``, ``("offline",)`` (not at a turn-based table
    now: no bot comes for that), ``("away", since when (a Unix time), seconds a
    seat may stay away before a bot takes it)``, ``("bot", the player's name)`` or ``None``
    (no game running, or a bot's own seat). Hashable, as the seat panels' looks are, and
    the same whenever it is read (the page counts the seconds).

    ``here``: the viewer's own seat, shown at the table to them whatever its sockets say,
    since they are looking at it (their page is drawn before its socket opens), unless a
    bot still plays it for them."""
    game = snapshot.game
    if game is None or game.is_finished:
        return [None] * len(snapshot.seats)
    standing = snapshot.stand_ins
    shown: list[tuple[Any, ...] | None] = []
    for seat in snapshot.seats:
        stand_in = standing.get(seat.number)
        if stand_in is not None:
            shown.append(("bot", stand_in.player.display_name))
        elif seat.player_id is None:
            shown.append(None)
        elif seat.number == here or getattr(seat, "present", True):
            shown.append(("online",))
        elif snapshot.table.is_turn_based:  # away between moves is how it is played
            shown.append(("offline",))
        else:
            closed = getattr(seat, "last_closed", None)
            since = max(game.created.timestamp(), closed.timestamp() if closed else 0.0)
            shown.append(("away", int(since), snapshot.away_seconds))
    return shown


def presence_of(context: Mapping[str, Any], number: int) -> tuple[Any, ...] | None:
    """Seat ``number``'s presence as a table's context holds it (none in a replay)."""
    shown = context.get("presence")
    return shown[number] if shown else None


PRESENCE_HTML = {
    "online": '<span class="presence online" title="{}"><span class="dot" aria-hidden="true"></span>{}</span>',
    "away": (
        '<span class="presence away" data-away-since="{}" data-away-limit="{}">'
        '<span class="dot" aria-hidden="true"></span>{} <span class="away-for"></span>'
        ' <span class="bot-in" data-words="{}"></span></span>'
    ),
    "bot": '<span class="presence bot">{}</span>',
    "offline": '<span class="presence offline"><span class="dot" aria-hidden="true"></span>{}</span>',
}


def presence_badge(presence: tuple[Any, ...] | None) -> SafeString:
    """A seat's presence as its panel shows it (table.js counts the away seconds on)."""
    if presence is None:
        return mark_safe("")
    state = presence[0]
    if state == "online":
        return format_html(PRESENCE_HTML["online"], _("At the table"), _("online"))
    if state == "offline":
        return format_html(PRESENCE_HTML["offline"], _("not here now"))
    if state == "away":
        return format_html(
            PRESENCE_HTML["away"],
            presence[1],
            presence[2],
            _("away"),
            _("· a bot plays in %(seconds)s s") % {"seconds": "{s}"},
        )
    return format_html(
        PRESENCE_HTML["bot"], _("a bot is playing for %(name)s") % {"name": presence[1]}
    )


# --- the log ----------------------------------------------------------------------------


class LogCredit:
    """Who made each event of the game's log (a bot standing in, or the seat's player), and
    the lines saying when a bot took a seat and when its player came back."""

    def __init__(self, history: Sequence[Any], names: Sequence[str], events: Sequence[dict]):
        self.names = tuple(names)
        # Which log it is, worked out only where a bot has stood in (every viewer's every
        # push makes a credit; most games never have a stand-in).
        key = _log_key(events) if history else ""
        # (seat, player's name, bot's name, first event index, end index or None)
        self.spans = [
            (
                s.seat_number,
                s.player.display_name,
                bot_name(s.seat_number, s.bot_level),
                s.log_start,
                s.log_end,
            )
            for s in history
            if s.log_game == key and s.log_start is not None
        ]

    def __bool__(self) -> bool:
        return bool(self.spans)

    def names_at(self, index: int) -> tuple[str, ...]:
        """The seats' names for the event at ``index`` (from the log's start)."""
        if not self.spans:
            return self.names
        names, decided = list(self.names), set()
        for seat, player, bot, start, end in self.spans:
            if start <= index and (end is None or index < end):
                names[seat] = bot
                decided.add(seat)
            elif seat not in decided:
                names[seat] = player
        return tuple(names)

    def lines_before(self, index: int) -> list[SafeString]:
        """The presence lines that come just before the event at ``index`` (or at the log's
        end, for ``index`` its length)."""
        lines = []
        for _seat, player, bot, start, end in self.spans:
            if start == index:
                lines.append(
                    _line(
                        "stand-in",
                        _("%(player)s is away: %(bot)s plays for them.")
                        % {"player": player, "bot": bot},
                    )
                )
            if end == index:
                lines.append(
                    _line("back", _("%(player)s is back and plays again.") % {"player": player})
                )
        return lines


def _line(kind: str, sentence: str) -> SafeString:
    return format_html('<li class="event event-{}">{}</li>', kind, sentence)


def credited_log(
    credit: LogCredit,
    events: Sequence[dict[str, Any]],
    shown: int,
    sentence: Callable[[dict[str, Any], tuple[str, ...]], str],
) -> SafeString:
    """The log's newest ``shown`` lines, newest first, each worded by ``sentence`` with the
    names of who made it, the presence lines in their places."""
    total = len(events)
    first = max(0, total - shown)
    lines: list[str] = list(reversed(credit.lines_before(total)))
    for index in range(total - 1, first - 1, -1):
        event = events[index]
        said = sentence(event, credit.names_at(index))
        if said:  # an event another line already tells has no line of its own
            lines.append(_line(event["type"], said))
        lines.extend(reversed(credit.lines_before(index)))
    return mark_safe("".join(lines))  # noqa: S308 - each line is format_html's


# --- the catch-up -----------------------------------------------------------------------


def catch_up(
    credit: LogCredit,
    seat: int | None,
    events: Sequence[dict[str, Any]],
    sentence: Callable[[dict[str, Any], tuple[str, ...]], str],
) -> SafeString:
    """What a player back at ``seat`` reads above their prompt until they next act: how
    long a bot played for them and its last moves. Empty otherwise."""
    if seat is None or not credit:
        return mark_safe("")
    spans = [s for s in credit.spans if s[0] == seat and s[4] is not None]
    if not spans:
        return mark_safe("")
    _seat, _player, bot, start, end = spans[-1]
    if any(e.get("seat") == seat for e in events[end:]):
        return mark_safe("")  # they have acted since: caught up
    moves = [i for i in range(start, min(end, len(events))) if events[i].get("seat") == seat]
    lines = format_html_join(
        "",
        "<li>{}</li>",
        ((sentence(events[i], credit.names_at(i)),) for i in moves[-CATCH_UP_LINES:]),
    )
    summary = ngettext(
        "While you were away, %(bot)s played %(count)s move for you:",
        "While you were away, %(bot)s played %(count)s moves for you:",
        len(moves),
    ) % {"bot": bot, "count": len(moves)}
    if not moves:
        summary = _("While you were away, %(bot)s held your seat; it made no move.") % {"bot": bot}
    return format_html(
        '<aside class="catch-up" role="status"><strong>{}</strong>{}</aside>',
        summary,
        format_html("<ul>{}</ul>", lines) if moves else "",
    )
