"""Taking and leaving a seat before the start, and the creator's bots in the empty seats."""

from __future__ import annotations

from django.db import transaction
from django.db.models import F, Q
from django.utils.translation import gettext as _

from games.tables import events as table_events
from games.tables.actions.opening import default_bot_level
from games.tables.actions.refused import ActionRefused, NotSeated
from games.tables.models import Player, Seat, Table


def locked_open_table(table: Table) -> Table:
    """The table's row locked; refused once its game has started."""
    locked = Table.objects.select_for_update().get(pk=table.pk)
    if locked.status != Table.Status.OPEN:
        raise ActionRefused(_("This table has already started."), "started")
    return locked


def sit(table: Table, player: Player, number: int | None = None) -> Seat:
    """Seat ``player`` at an open table (the first empty seat unless ``number`` is given).

    A bot waiting in a seat before the start gives it up to a person: with no empty
    seat left, the first bot's seat is taken."""
    with transaction.atomic():
        table = locked_open_table(table)
        if table.seats.filter(player=player).exists():
            raise ActionRefused(_("You already have a seat at this table."), "seated")
        free = table.seats.filter(player__isnull=True)
        if number is not None:
            free = free.filter(number=number)
        allowed = free.filter(Q(kept_for__isnull=True) | Q(kept_for=player))
        # A seat kept for this player first, then empty seats (blank level sorts first),
        # then bots' seats, by number.
        seat = allowed.order_by(F("kept_for").desc(nulls_last=True), "bot_level", "number").first()
        if seat is None and free.exists():
            raise ActionRefused(_("That seat is kept for the player drawn to it."), "seat_kept")
        if seat is None:
            raise ActionRefused(_("That seat is taken."), "seat_taken")
        seat.player, seat.bot_level = player, ""
        seat.save(update_fields=["player", "bot_level"])
        table_events.after_commit(table.pk)
    return seat


def set_seat_bot(table: Table, player: Player, number: int, bot: bool) -> Seat:
    """Before the start, the table's creator puts a bot in empty seat ``number`` (``bot``)
    or takes one away (the seat waits for a person). Only the creator may: anyone else,
    a guest who has not named themselves included, is refused (403)."""
    with transaction.atomic():
        table = locked_open_table(table)
        if table.created_by_id is None or table.created_by_id != player.pk:
            raise NotSeated(_("Only the table's creator can add or remove bots."), "not_creator")
        seat = table.seats.filter(number=number, player__isnull=True).first()
        if seat is None:
            raise ActionRefused(_("A person sits there; only empty seats take bots."), "bad_seat")
        if bot == seat.is_bot:
            raise ActionRefused(
                _("That seat has a bot already.") if bot else _("That seat has no bot."),
                "seat_unchanged",
            )
        seat.bot_level = (table.bot_level or default_bot_level(table.game_name)) if bot else ""
        seat.save(update_fields=["bot_level"])
        table_events.after_commit(table.pk)
    return seat


def stand(table: Table, player: Player) -> None:
    """Leave one's seat at a table that has not started."""
    with transaction.atomic():
        table = locked_open_table(table)
        if not table.seats.filter(player=player).update(player=None):
            raise NotSeated(_("You have no seat at this table."), "not_seated")
        table_events.after_commit(table.pk)
