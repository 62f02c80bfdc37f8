"""The tables a round drew: opened online (each seat kept for the one drawn to it) or at
real cards, a drawn member taking their online seat, an organiser starting the table."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from games.leagues import online, services
from games.leagues.models import Match
from games.nights.announcing import announce
from games.nights.models import NightRound, NightSeat, NightTable, OnlineRound
from games.nights.refused import NightRefused, locked_running_night
from games.presence import leavers
from games.presence.models import StandIn
from games.registry import game_kind
from games.tables.models import Table


def default_bot_level(league_game: str) -> str:
    levels = list(game_kind(league_game).engine.bot_levels())
    return levels[len(levels) // 2] if levels else ""


@transaction.atomic
def open_table(night_table: NightTable, mode: str) -> NightTable:
    """Open a drawn table online (each seat kept for the one drawn to it, with the element
    the draw gave it; seats nobody takes are bots at the start) or at real cards (a Dragon
    Formula set with the drawn players and elements, ready for the score sheet)."""
    night_table = (
        NightTable.objects.select_for_update()
        .select_related("round__night__league")
        .get(pk=night_table.pk)
    )
    night = locked_running_night(night_table.round.night)
    league = night.league
    if night_table.round.status != NightRound.Status.DRAWN:
        raise NightRefused(_("This round is over."), 409)
    if night_table.mode:
        raise NightRefused(_("This table has been opened already."), 409)
    seats = list(night_table.seats.select_related("entrant__member__user"))
    if mode == NightTable.Mode.ONLINE:
        from games.tables.actions.refused import ActionRefused

        try:
            table = online.open_league_table(
                league,
                players=len(seats),
                options=drawn_table_options(league.game, seats),
                bot_level=default_bot_level(league.game),
                club_night=night,
                move_deadline=OnlineRound.objects.filter(night=night)
                .values_list("move_deadline", flat=True)
                .first(),
            )
        except ActionRefused as refusal:
            raise NightRefused(refusal.message) from None
        for seat in seats:  # each seat is kept for the one drawn to it
            table.seats.filter(number=seat.number).update(
                kept_for=_drawn_player(seat), kept_name=seat.entrant.name
            )
        night_table.match = Match.objects.get(table=table)
    elif mode == NightTable.Mode.CARDS:
        match = services.new_match(league, night, source=Match.Source.PHYSICAL)
        opened = game_kind(league.game).league.open_real_table  # none: nothing to start
        try:
            if opened is not None:
                opened(match, seats)
        except ValueError as error:
            raise NightRefused(str(error)) from None
        night_table.match = match
    else:
        raise NightRefused(_("Choose online or real cards."))
    night_table.mode = mode
    night_table.save(update_fields=["mode", "match"])
    announce(night.pk)
    return night_table


def drawn_table_options(league_game: str, seats: list[NightSeat]) -> dict[str, Any]:
    """The options that make an online table deal the elements its seats were drawn with (the
    game's ``drawn_table_options`` hook; none for a game without elements)."""
    seated = game_kind(league_game).league_part.drawn_table_options
    elements = [seat.element for seat in seats]
    if seated is None or not any(elements):
        return {}
    try:
        return seated(elements)
    except ValueError as error:
        raise NightRefused(str(error)) from None


def _drawn_player(seat: NightSeat) -> Any:
    """Who may sit in a drawn seat: the account's player of a member with a login; for anyone
    else a player of their own, whom an organiser's one-time seat link gives to a phone."""
    from games.tables.actions import guests

    user = seat.entrant.member.user
    return (
        guests.player_for_user(user) if user is not None else guests.create_guest(seat.entrant.name)
    )


def online_seat(night_table: NightTable, number: int) -> Any:
    """The online table's seat ``number`` of a drawn table (refused at a real-cards table)."""
    table = night_table.match.table if night_table.match else None
    if table is None:
        raise NightRefused(_("This table is not played online."), 409)
    seat = table.seats.filter(number=number).select_related("kept_for").first()
    if seat is None:
        raise NightRefused(_("There is no such seat at this table."), 404)
    return seat


def waiting_stand_in(seat: Any) -> StandIn | None:
    """The bot standing in, in a started game, for the drawn player of ``seat`` who has not
    arrived yet (``games.tables.actions.starting`` puts one in each kept seat nobody took at
    the start)."""
    return (
        StandIn.objects.filter(
            game__table_id=seat.table_id,
            game__finished__isnull=True,
            seat_number=seat.number,
            reason=StandIn.Reason.NOT_ARRIVED,
            ended__isnull=True,
        )
        .select_related("player")
        .first()
    )


def round_is_on(night_seat: NightSeat) -> None:
    """Refused once the seat's round is over."""
    if night_seat.table.round.status != NightRound.Status.DRAWN:
        raise NightRefused(_("This round is over: its seats are played out."), 409)


@transaction.atomic
def take_drawn_seat(night_seat: NightSeat, player: Any) -> Table:
    """``player`` sits in the online seat the night drew for them (and only there). At a
    table that started without them, the bot standing in for them hands the seat over at
    the next decision, as to a player who comes back."""
    from games.tables.actions import seating as table_seating
    from games.tables.actions.refused import ActionRefused

    night_table = night_seat.table
    locked_running_night(night_table.round.night)
    round_is_on(night_seat)
    seat = online_seat(night_table, night_seat.number)
    member = night_seat.entrant.member
    standing_in = waiting_stand_in(seat)
    linked_since = (
        member.user_id is not None
        and player.user_id == member.user_id
        and seat.kept_for is not None
        and seat.kept_for.is_guest
    )
    if linked_since:  # the member linked their account after the table was opened
        seat.kept_for = player
        seat.save(update_fields=["kept_for"])
        night_seat.link_hash = ""  # a seat link made for them before is worth nothing now
        night_seat.save(update_fields=["link_hash"])
        if standing_in is not None:
            standing_in.player = player
            standing_in.save(update_fields=["player"])
    if seat.kept_for_id != player.pk:
        raise NightRefused(_("That seat is kept for the player drawn to it."), 403)
    if seat.player_id == player.pk:
        return seat.table
    if standing_in is not None:  # late: the bot gives the seat back
        if leavers.retake(seat.table, player) is None:
            raise NightRefused(_("This table's game is over."), 409)
        if night_table.match is not None:
            online.mark_bot_lines(night_table.match, seat.table_id)
        announce(night_table.round.night_id)
        return seat.table
    try:
        table_seating.sit(seat.table, player, seat.number)
    except ActionRefused as refusal:
        raise NightRefused(refusal.message, 409) from None
    announce(night_table.round.night_id)
    return seat.table


def start_online_table(night_table: NightTable) -> None:
    """An organiser starts a night's online table: a bot plays each drawn seat nobody took,
    for the member drawn to it (``online.seat_members``)."""
    from games.tables.actions import starting as table_starting
    from games.tables.actions.refused import ActionRefused

    locked_running_night(night_table.round.night)
    table = night_table.match.table if night_table.match else None
    if table is None:
        raise NightRefused(_("This table is not played online."), 409)
    try:
        table_starting.start(table, None)
    except ActionRefused as refusal:
        raise NightRefused(refusal.message, refusal.status) from None
    announce(night_table.round.night_id)
