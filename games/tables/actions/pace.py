"""When the server moves a game itself: a bot's delay at the table's pace, the next
deadline or take-over."""

from __future__ import annotations

from typing import Any

from django.conf import settings

from games.engine import Engine
from games.presence import away
from games.registry import game_kind
from games.tables.actions.guided import deadline_of, is_guided, script_over
from games.tables.models import BotPace, Game, Seat

PACE_FACTORS = {BotPace.QUICK: 0.375, BotPace.NORMAL: 1.0, BotPace.RELAXED: 1.875}
FORCED_MOVE_FACTOR = 0.5  # a bot with one thing to do (draw, next game) has nothing to think over


def bot_delay(pace: str = BotPace.NORMAL, forced: bool = False) -> float:
    """Seconds a bot waits before its move at a table of ``pace``: quick ≈ 0.3 s,
    normal ≈ 0.8 s (``settings.TABLE_BOT_DELAY``), relaxed ≈ 1.5 s; half when ``forced``."""
    delay = float(getattr(settings, "TABLE_BOT_DELAY", 0.8)) * PACE_FACTORS.get(pace, 1.0)
    return delay * FORCED_MOVE_FACTOR if forced else delay


def next_wakeup(game: Game, now: float, seats: list[Seat] | None = None) -> float | None:
    """Seconds until the server must move this game itself (a bot's turn, a deadline, a
    seat's take-over); ``None`` when nothing is due, or when a lobby table has had no human
    at it for ``away.unattended_seconds`` (it stops until a player opens it again, whose
    socket arms it).

    ``seats``: the table's seats if the caller has just read them (with their presence,
    ``away.seats_with_presence``: then this costs no query while nobody is away).
    """
    if game.is_finished or game.table.is_turn_based:  # its deadlines are games.turns'
        return None
    if seats is None:
        seats = away.seats_with_presence(game.table_id)
    if away.stopped_unattended(game, now, seats):
        return None  # nobody has been at this lobby table for long: it waits for a player
    engine = game_kind(game.game_name).engine
    if is_guided(game) and script_over(game, engine, seats):
        return None  # nothing moves after a guided game's last step
    delays = []
    bots = bot_levels(seats)
    awaited = [seat for seat in engine.waiting_for(game.state) if seat in bots]
    if awaited:
        forced = all(_forced(engine, game.state, seat) for seat in awaited)
        delays.append(bot_delay(game.table.bot_pace, forced))
    deadline = deadline_of(game, engine)
    if deadline is not None:
        delays.append(max(0.0, deadline - now))
    takeover = None if is_guided(game) else away.seconds_until_takeover(game, now, seats)
    if takeover is not None:
        delays.append(takeover)
    return min(delays) if delays else None


def _forced(engine: Engine, state: dict[str, Any], seat: int) -> bool:
    """Whether a bot has one thing to do (not counting the table settings every seat may
    always change): it then waits half as long."""
    choices = 0
    for action in engine.legal_actions(state, seat):
        if action["type"] not in engine.setting_actions:
            choices += 1
            if choices > 1:
                return False
    return choices == 1


def bot_levels(seats: list[Seat]) -> dict[int, str]:
    """Seat number -> bot level."""
    return {seat.number: seat.bot_level for seat in seats if seat.bot_level}
