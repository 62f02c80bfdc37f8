"""Opening a table: its game, seats, options and bots; a rematch of a finished one; the
table's away limit."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from games.presence import away
from games.presence.models import AwayLimit
from games.registry import game_kind
from games.tables import events as table_events
from games.tables.actions.refused import ActionRefused, NotSeated
from games.tables.models import BotPace, MoveDeadline, Player, Seat, Table


def create_table(
    *,
    game_name: str,
    players: int,
    options: dict[str, Any] | None = None,
    bot_level: str = "",
    created_by: Player | None = None,
    created_session: str = "",
    bot_pace: str = BotPace.NORMAL,
    created_address: str | None = None,
    seat_bots: bool = False,
    move_deadline: int | None = None,
) -> Table:
    """Open a table with empty seats; its creator (if any) sits in seat 0.

    ``created_session`` and ``created_address``: the browser session and the address that
    opened it from the lobby (its open tables are counted and expire, ``games.tables.limits``).
    ``seat_bots``: bots of ``bot_level`` sit in the other seats at once (the lobby's newcomer
    default), where the creator may remove them before the start and anyone joining takes
    one's place."""
    try:
        engine = game_kind(game_name).engine
    except LookupError:
        raise ActionRefused(_("The club does not play that game."), "unknown_game") from None
    if not engine.min_players <= players <= engine.max_players:
        raise ActionRefused(
            _("This game is for %(min)d to %(max)d players.")
            % {"min": engine.min_players, "max": engine.max_players},
            "players",
        )
    if bot_level and bot_level not in engine.bot_levels():
        raise ActionRefused(_("There is no bot of that level."), "bot_level")
    if bot_pace not in BotPace.values:
        raise ActionRefused(_("There is no bot pace of that name."), "bot_pace")
    options = dict(options or {})
    if move_deadline is not None:
        if move_deadline not in MoveDeadline.values:
            raise move_deadline_refused()
        turn_based = getattr(engine, "turn_based_options", None)
        if turn_based is None:
            raise ActionRefused(_("This game has no turn-based tables."), "move_deadline")
        options.update(turn_based())
    try:
        checked = engine.validate_options(options)
    except ValueError as error:
        raise ActionRefused(str(error), "options") from None
    with transaction.atomic():
        table = Table.objects.create(
            game_name=game_name,
            players=players,
            options=checked,
            bot_level=bot_level,
            bot_pace=bot_pace,
            created_by=created_by,
            created_session=created_session,
            created_address=created_address,
            move_deadline=move_deadline,
        )
        Seat.objects.bulk_create(Seat(table=table, number=n) for n in range(players))
        if created_by is not None:
            Seat.objects.filter(table=table, number=0).update(player=created_by)
        if seat_bots and bot_level:
            Seat.objects.filter(table=table, player__isnull=True).update(bot_level=bot_level)
    return table


def move_deadline_refused() -> ActionRefused:
    """The refusal of a move deadline that is not one of those offered."""
    return ActionRefused(
        _("A turn-based table gives 12 hours, 1 day or 3 days for a move."), "move_deadline"
    )


def default_bot_level(game_name: str) -> str:
    """The level a newcomer's table gets: the game's first that plays with some sense
    (not ``random``), else its first."""
    levels = list(game_kind(game_name).engine.bot_levels())
    return next((level for level in levels if level != "random"), levels[0])


def rematch(table: Table, player: Player) -> Table:
    """The same people at a new table of the same game and options, each in their seat.

    The first seated player to ask opens it (bots' seats stay empty for the table's bots
    to take at the start); everyone after is sent to the same new table.
    """
    with transaction.atomic():
        old = Table.objects.select_for_update().select_related("rematch").get(pk=table.pk)
        if old.status != Table.Status.FINISHED:
            raise ActionRefused(_("A rematch is offered once the match is over."), "not_over")
        seats = list(old.seats.all())
        if not any(seat.player_id == player.pk for seat in seats):
            raise NotSeated(
                _("Only the players of this table can ask for a rematch."), "not_seated"
            )
        if old.rematch is not None:
            return old.rematch
        new = create_table(
            game_name=old.game_name,
            players=old.players,
            options=old.options,
            bot_level=old.bot_level,
            bot_pace=old.bot_pace,
            move_deadline=old.move_deadline,
        )
        new.created_by = player
        new.save(update_fields=["created_by"])
        for seat in seats:
            if seat.player_id is not None:
                Seat.objects.filter(table=new, number=seat.number).update(player=seat.player_id)
        old.rematch = new
        old.save(update_fields=["rematch"])
        set_away_limit(new, away.away_seconds(old))
        table_events.after_commit(new.pk)
        table_events.after_commit(old.pk)  # the old table's page offers the way over
    return new


def set_away_limit(table: Table, seconds: int | None) -> None:
    """The table's option: ``seconds`` away before a bot takes a seat (``None``: the default)."""
    if seconds is None:
        AwayLimit.objects.filter(table=table).delete()
        table.away_limit = None  # what away_seconds reads of it from now on: the default
        return
    if not away.MIN_AWAY_SECONDS <= seconds <= away.MAX_AWAY_SECONDS:
        raise ValueError(
            f"The away limit is {away.MIN_AWAY_SECONDS} to {away.MAX_AWAY_SECONDS} seconds, "
            f"not {seconds}."
        )
    table.away_limit, _created = AwayLimit.objects.update_or_create(
        table=table, defaults={"seconds": seconds}
    )
