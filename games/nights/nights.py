"""Running a club night: check-in, rounds with a committed seat draw, tables, the round timer.

The writes of the night pages live here (views only check who may do it). Each write runs in
one transaction and, once it is committed, tells the night's Channels group
(:func:`group_name`) so the projector page and every open night page redraw themselves.
League results need no call from here: a night table's match is an ordinary league match
(online or real cards), and the result signals (:func:`connect_signals`) announce the night
whenever one of its matches records a game.

Refusals raise :class:`NightRefused` with a message for the keeper and an HTTP status.
"""

from __future__ import annotations

import datetime
import hashlib
import logging
import secrets
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta
from decimal import Decimal
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Max, Prefetch, Q
from django.db.models.signals import post_save
from django.utils import timezone
from django.utils.translation import gettext as _

from games.leagues import online, selectors, services
from games.live import server_loop
from games.models import (
    ClubNight,
    League,
    Match,
    Member,
    NightChange,
    NightEntrant,
    NightRound,
    NightSeat,
    NightTable,
    OnlineRound,
    Result,
    StandIn,
    Table,
)
from games.nights import seating
from games.presence import leavers
from games.registry import GAMES, game_kind
from games.tables.validators import plain_name
from games.trust import fairness

logger = logging.getLogger(__name__)

VISITOR_NAME_LENGTH = 40
MAX_ROUND_MINUTES = 240


class NightRefused(Exception):  # noqa: N818 - a refusal, shown to the keeper
    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.message = message
        self.status = status


def group_name(night_id: int) -> str:
    """The Channels group of a night's sockets (its projector page and night pages)."""
    return f"night-{night_id}"


def announce(night_id: int) -> None:
    """After the commit, tell the night's sockets that something changed."""

    def send() -> None:
        server_loop.group_send(group_name(night_id), {"type": "night.changed"})

    transaction.on_commit(send)


class NeedsConfirmation(NightRefused):
    """A choice the organiser must confirm before it is made (a date outside the season)."""

    def __init__(self, message: str) -> None:
        super().__init__(message, 200)


def _open_night(night: ClubNight) -> ClubNight:
    locked = ClubNight.objects.select_for_update().get(pk=night.pk)
    if locked.ended is not None:
        raise NightRefused(_("This club night has ended."), 409)
    if locked.opened is None:
        raise NightRefused(
            _("This club night is scheduled for %(date)s; an organiser opens it on its evening.")
            % {"date": f"{locked.date:%Y-%m-%d}"},
            409,
        )
    return locked


# --- the season's calendar -------------------------------------------------------------------


def _date_free(league: League, date: datetime.date) -> None:
    if ClubNight.objects.filter(league=league, date=date).exists():
        raise NightRefused(
            _("A night is on the calendar for %(date)s already.") % {"date": f"{date:%Y-%m-%d}"},
            409,
        )


def _outside_season(league: League, date: datetime.date, question: str) -> NeedsConfirmation:
    return NeedsConfirmation(
        question
        % {
            "date": f"{date:%Y-%m-%d}",
            "start": f"{league.season_start:%Y-%m-%d}",
            "end": f"{league.season_end:%Y-%m-%d}",
        }
    )


@transaction.atomic
def schedule_night(
    league: League, date: datetime.date, venue: str = "", confirmed: bool = False
) -> ClubNight:
    """Put a night on the league's calendar ahead of its date; a date outside the season is
    kept only once the organiser has confirmed it (:class:`NeedsConfirmation`)."""
    if league.archived:
        raise NightRefused(_("This season has ended: its calendar is read-only."), 409)
    venue = " ".join(str(venue).split())
    if len(venue) > ClubNight._meta.get_field("venue").max_length:
        raise NightRefused(_("The venue is at most 100 characters."))
    _date_free(league, date)
    if not league.season_start <= date <= league.season_end and not confirmed:
        raise _outside_season(
            league,
            date,
            _(
                "%(date)s is outside the season (%(start)s to %(end)s). "
                "Schedule the night on that date anyway?"
            ),
        )
    return ClubNight.objects.create(league=league, date=date, venue=venue, opened=None)


def run_tonight(league: League, confirmed: bool = False) -> ClubNight:
    """Tonight's night: the one scheduled for today is opened, else one is made, open; on a
    day outside the season only once the organiser has confirmed it."""
    today = timezone.localdate()
    tonight = league.club_nights.filter(
        date=today, ended=None, cancelled=None, online_round=None
    ).first()
    if tonight is not None and tonight.opened is not None:
        return tonight  # open already: the organiser is taken to it
    if tonight is not None:
        return open_night(tonight, today)
    if league.archived:
        raise NightRefused(_("This season has ended: its calendar is read-only."), 409)
    if not league.season_start <= today <= league.season_end and not confirmed:
        raise _outside_season(
            league,
            today,
            _(
                "Today (%(date)s) is outside the season (%(start)s to %(end)s). "
                "Run a club night of this league tonight anyway?"
            ),
        )
    return ClubNight.objects.create(league=league, date=today)


def _scheduled(night: ClubNight) -> ClubNight:
    """``night`` locked, refused unless it is still only on the calendar of a season that
    has not ended."""
    night = ClubNight.objects.select_for_update().select_related("league").get(pk=night.pk)
    if night.league.archived:
        raise NightRefused(_("This season has ended: its calendar is read-only."), 409)
    if night.state != ClubNight.State.SCHEDULED:
        raise NightRefused(
            _(
                "Only a night that is still scheduled can be moved or cancelled; this one is %(state)s."
            )
            % {"state": night.get_state_display()},
            409,
        )
    return night


def _reason(reason: Any) -> str:
    reason = " ".join(str(reason or "").split())
    limit = NightChange._meta.get_field("reason").max_length
    if len(reason) > limit:
        raise NightRefused(_("A reason is at most %(count)s characters.") % {"count": limit})
    try:
        plain_name(reason)
    except ValidationError as error:
        raise NightRefused(error.messages[0]) from None
    return reason


@transaction.atomic
def rename_night(night: ClubNight, name: Any, by: Any) -> ClubNight:
    """An organiser names the night (blank: it is called by its date); kept in its history."""
    night = ClubNight.objects.select_for_update().select_related("league").get(pk=night.pk)
    if night.league.archived:
        raise NightRefused(_("This season has ended: its calendar is read-only."), 409)
    name = " ".join(str(name or "").split())
    limit = ClubNight._meta.get_field("name").max_length
    if len(name) > limit:
        raise NightRefused(_("A night's name is at most %(count)s characters.") % {"count": limit})
    try:
        plain_name(name)
    except ValidationError as error:
        raise NightRefused(error.messages[0]) from None
    if name == night.name:
        raise NightRefused(_("The night has that name already."), 409)
    NightChange.objects.create(
        night=night, kind=NightChange.Kind.RENAMED, before=night.name, after=name, by=by
    )
    night.name = name
    night.save(update_fields=["name"])
    announce(night.pk)
    return night


@transaction.atomic
def move_night(
    night: ClubNight, date: datetime.date, by: Any, reason: Any = "", confirmed: bool = False
) -> ClubNight:
    """A scheduled night moves to another date (outside the season only once confirmed);
    kept in its history."""
    night = _scheduled(night)
    reason = _reason(reason)
    if date == night.date:
        raise NightRefused(_("The night is on that date already."), 409)
    _date_free(night.league, date)
    if not night.league.season_start <= date <= night.league.season_end and not confirmed:
        raise _outside_season(
            night.league,
            date,
            _(
                "%(date)s is outside the season (%(start)s to %(end)s). "
                "Move the night to that date anyway?"
            ),
        )
    NightChange.objects.create(
        night=night,
        kind=NightChange.Kind.MOVED,
        before=f"{night.date:%Y-%m-%d}",
        after=f"{date:%Y-%m-%d}",
        reason=reason,
        by=by,
    )
    night.date = date
    night.save(update_fields=["date"])
    announce(night.pk)
    return night


@transaction.atomic
def cancel_night(night: ClubNight, by: Any, reason: Any = "") -> ClubNight:
    """A scheduled night will not take place: it stays on the calendar, marked cancelled,
    and can no longer be opened; kept in its history."""
    night = _scheduled(night)
    NightChange.objects.create(
        night=night, kind=NightChange.Kind.CANCELLED, reason=_reason(reason), by=by
    )
    night.cancelled = timezone.now()
    night.save(update_fields=["cancelled"])
    announce(night.pk)
    return night


def scheduled_nights(league: League) -> Any:
    """The league's nights still only on the calendar (not opened, ended or cancelled)."""
    return league.club_nights.filter(opened=None, ended=None, cancelled=None).order_by("date")


def settle_scheduled_nights(league: League, following: League | None, by: Any) -> int:
    """At a season's end, what becomes of its scheduled nights: moved into ``following``
    (the next season), or cancelled when it is ``None``. Inside the caller's transaction;
    each is kept in the night's history. Returns how many."""
    rows = list(scheduled_nights(league).select_for_update())
    for night in rows:
        if following is None:
            NightChange.objects.create(night=night, kind=NightChange.Kind.CANCELLED, by=by)
            night.cancelled = timezone.now()
            night.save(update_fields=["cancelled"])
        else:
            NightChange.objects.create(
                night=night,
                kind=NightChange.Kind.NEXT_SEASON,
                before=league.name,
                after=following.name,
                by=by,
            )
            night.league = following
            night.save(update_fields=["league"])
    return len(rows)


@transaction.atomic
def open_night(night: ClubNight, today: datetime.date | None = None) -> ClubNight:
    """A scheduled night is opened on its evening (or later, if it was forgotten): check-in
    and rounds begin."""
    night = ClubNight.objects.select_for_update().select_related("league").get(pk=night.pk)
    if night.cancelled is not None:
        raise NightRefused(_("This club night was cancelled."), 409)
    if night.ended is not None:
        raise NightRefused(_("This club night has ended."), 409)
    if night.opened is not None:
        raise NightRefused(_("This club night is open already."), 409)
    if night.league.archived:
        raise NightRefused(_("This season has ended: its calendar is read-only."), 409)
    today = today or timezone.localdate()
    if today < night.date:
        raise NightRefused(
            _("This night is on %(date)s: it opens on its evening.")
            % {"date": f"{night.date:%Y-%m-%d}"},
            409,
        )
    night.opened = timezone.now()
    night.save(update_fields=["opened"])
    announce(night.pk)
    return night


def calendar(league: League) -> list[ClubNight]:
    """The league's nights by date, each with ``present``: who was checked in (attendance)."""
    rows = list(
        league.club_nights.order_by("date", "pk").prefetch_related(
            Prefetch("entrants", NightEntrant.objects.order_by("name"), to_attr="present"),
            Prefetch("changes", NightChange.objects.select_related("by")),
        )
    )
    return rows


# --- check-in -----------------------------------------------------------------------------


def next_round_number(night: ClubNight) -> int:
    """The first round not drawn yet: where someone arriving now starts."""
    drawn = night.rounds.exclude(status=NightRound.Status.ANNOUNCED).aggregate(n=Max("number"))
    return (drawn["n"] or 0) + 1


def last_drawn_round(night: ClubNight) -> int:
    return next_round_number(night) - 1


@transaction.atomic
def check_in(night: ClubNight, member: Member) -> NightEntrant:
    """``member`` is here: drawn from the next round on (again, after leaving earlier)."""
    night = _open_night(night)
    if not night.league.members.filter(pk=member.pk).exists():
        raise NightRefused(_("%(name)s does not play in this league.") % {"name": member.name})
    starts = next_round_number(night)
    entrant = NightEntrant.objects.filter(night=night, member=member).first()
    if entrant is None:
        entrant = NightEntrant.objects.create(
            night=night, member=member, name=member.name, from_round=starts
        )
    elif entrant.left_after is not None:
        entrant.from_round, entrant.left_after = starts, None
        entrant.save(update_fields=["from_round", "left_after"])
    else:
        raise NightRefused(_("%(name)s is already checked in.") % {"name": member.name}, 409)
    announce(night.pk)
    return entrant


@transaction.atomic
def add_visitor(night: ClubNight, name: str) -> NightEntrant:
    """A visitor tonight: a name only. Their results go to a player row of their own, made
    here, never to an existing player or account of the same name."""
    night = _open_night(night)
    name = " ".join(str(name).split())
    if not name:
        raise NightRefused(_("Give the visitor's name."))
    if any(unicodedata.category(character) == "Cc" for character in name):
        raise NightRefused(_("A name cannot hold control characters."))
    if len(name) > VISITOR_NAME_LENGTH:
        raise NightRefused(
            _("A name is at most %(count)s characters.") % {"count": VISITOR_NAME_LENGTH}
        )
    try:
        plain_name(name)
    except ValidationError as error:
        raise NightRefused(error.messages[0]) from None
    label = _("%(name)s (visitor)") % {"name": name}
    candidate, count = label, 1
    while Member.objects.filter(name=candidate).exists():  # a free name for the new row
        count += 1
        candidate = f"{label} {count}"
    member = Member.objects.create(name=candidate)
    entrant = NightEntrant.objects.create(
        night=night, member=member, visitor=True, name=name, from_round=next_round_number(night)
    )
    announce(night.pk)
    return entrant


@transaction.atomic
def leave(entrant: NightEntrant) -> NightEntrant:
    """``entrant`` goes home: not drawn from the next round on (the current one stands)."""
    _open_night(entrant.night)
    entrant = NightEntrant.objects.select_for_update().get(pk=entrant.pk)
    if entrant.left_after is not None:
        raise NightRefused(_("%(name)s has already left.") % {"name": entrant.name}, 409)
    entrant.left_after = max(last_drawn_round(entrant.night), entrant.from_round - 1)
    entrant.save(update_fields=["left_after"])
    announce(entrant.night_id)
    return entrant


# --- rounds and the draw -------------------------------------------------------------------


@transaction.atomic
def announce_round(night: ClubNight, minutes: int | None = None) -> NightRound:
    """The next round: its draw's seed is chosen now and only its commitment is shown.

    The round before it (if any) is over from now on, and its seed is revealed.
    """
    night = _open_night(night)
    last = night.rounds.order_by("-number").first()
    if last is not None and last.status == NightRound.Status.ANNOUNCED:
        raise NightRefused(_("Draw round %(number)s first.") % {"number": last.number}, 409)
    if last is not None:
        last.status = NightRound.Status.DONE
        last.save(update_fields=["status"])
    seed, salt = secrets.randbits(62), fairness.new_salt()
    new_round = NightRound.objects.create(
        night=night,
        number=(last.number + 1) if last else 1,
        seed=seed,
        salt=salt,
        commitment=fairness.commit(salt, seed),
        timer_minutes=_minutes(minutes) if minutes is not None else _default_minutes(last),
    )
    announce(night.pk)
    return new_round


def _default_minutes(last: NightRound | None) -> int:
    return (
        last.timer_minutes
        if last is not None
        else NightRound._meta.get_field("timer_minutes").default
    )


def _minutes(minutes: Any) -> int:
    try:
        value = int(minutes)
    except (TypeError, ValueError):
        raise NightRefused(_("The round time is a whole number of minutes.")) from None
    if not 1 <= value <= MAX_ROUND_MINUTES:
        raise NightRefused(
            _("The round time is 1 to %(max)s minutes.") % {"max": MAX_ROUND_MINUTES}
        )
    return value


def draw_settings(league_game: str) -> dict[str, Any]:
    """Table sizes and elements of a league's game: tables of 4, 3 where the count demands,
    the engine's smallest table only when nothing else fits; the elements the game deals to
    seats (its ``SEAT_ELEMENTS`` hook; none for a game without)."""
    kind = game_kind(league_game)
    engine = kind.engine
    return {
        "largest": engine.max_players,
        "smallest": max(engine.min_players, engine.max_players - 1),
        "least": engine.min_players,
        "elements": list(kind.league_part.SEAT_ELEMENTS),
    }


def redraw(draw_input: dict[str, Any], seed: int) -> seating.Draw:
    """The draw that ``draw_input`` (as a round stores it) and ``seed`` give."""
    return seating.draw_round(
        draw_input["players"],
        draw_input["history"],
        seed,
        largest=draw_input["largest"],
        smallest=draw_input["smallest"],
        least=draw_input["least"],
        elements=draw_input["elements"],
    )


@transaction.atomic
def draw(night_round: NightRound) -> NightRound:
    """Seat everyone present for the round with the committed seed; store the draw's input,
    so anyone can recompute it once the seed is revealed."""
    _open_night(night_round.night)
    night_round = NightRound.objects.select_for_update().get(pk=night_round.pk)
    if night_round.status != NightRound.Status.ANNOUNCED:
        raise NightRefused(_("This round has been drawn already."), 409)
    night = night_round.night
    entrants = [e for e in night.entrants.all() if e.plays_in(night_round.number)]
    settings = draw_settings(night.league.game)
    if len(entrants) < settings["least"]:
        raise NightRefused(
            _("A round needs at least %(count)s players checked in.") % {"count": settings["least"]}
        )
    history = [
        [str(seat.entrant_id) for seat in table.seats.all()]
        for table in NightTable.objects.filter(
            round__night=night, round__number__lt=night_round.number
        )
        .prefetch_related("seats")
        .order_by("round__number", "number")
    ]
    draw_input = {"players": sorted(str(e.pk) for e in entrants), "history": history, **settings}
    made = redraw(draw_input, night_round.seed)
    for drawn in made.tables:
        table = NightTable.objects.create(round=night_round, number=drawn.number)
        NightSeat.objects.bulk_create(
            NightSeat(
                table=table,
                number=seat,
                entrant_id=int(entrant),
                element=drawn.elements[seat] if drawn.elements else "",
            )
            for seat, entrant in enumerate(drawn.players)
        )
    night_round.draw_input = draw_input
    night_round.repeat_pairs = made.repeat_pairs
    night_round.status = NightRound.Status.DRAWN
    night_round.save(update_fields=["draw_input", "repeat_pairs", "status"])
    announce(night.pk)
    return night_round


def drawn_tables(night_round: NightRound) -> list[list[tuple[int, str]]]:
    """The round's stored seating: per table, (entrant id, element) in seat order."""
    return [
        [(seat.entrant_id, seat.element) for seat in table.seats.all()]
        for table in night_round.tables.prefetch_related("seats")
    ]


@transaction.atomic
def start_timer(night_round: NightRound, minutes: Any) -> NightRound:
    """The keeper starts the round's clock: ``minutes`` from now."""
    minutes = _minutes(minutes)
    _open_night(night_round.night)
    if night_round.status != NightRound.Status.DRAWN:
        raise NightRefused(_("The clock runs for a round that is drawn and not over."), 409)
    night_round.timer_minutes = minutes
    night_round.timer_ends = timezone.now() + timedelta(minutes=night_round.timer_minutes)
    night_round.save(update_fields=["timer_minutes", "timer_ends"])
    announce(night_round.night_id)
    return night_round


@transaction.atomic
def end_night(night: ClubNight) -> ClubNight:
    """The night is over: the last round's seed is revealed, nothing more is drawn."""
    night = _open_night(night)
    unplayed = night.rounds.filter(status=NightRound.Status.ANNOUNCED)
    unplayed.delete()  # announced but never drawn: nothing to verify
    night.rounds.filter(status=NightRound.Status.DRAWN).update(status=NightRound.Status.DONE)
    night.ended = timezone.now()
    night.save(update_fields=["ended"])
    announce(night.pk)
    return night


# --- the tables of a round ---------------------------------------------------------------------


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
    night = _open_night(night_table.round.night)
    league = night.league
    if night_table.round.status != NightRound.Status.DRAWN:
        raise NightRefused(_("This round is over."), 409)
    if night_table.mode:
        raise NightRefused(_("This table has been opened already."), 409)
    seats = list(night_table.seats.select_related("entrant__member__user"))
    if mode == NightTable.Mode.ONLINE:
        from games.tables import services as tables

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
        except tables.ActionRefused as refusal:
            raise NightRefused(refusal.message) from None
        for seat in seats:  # each seat is kept for the one drawn to it
            table.seats.filter(number=seat.number).update(
                kept_for=_drawn_player(seat), kept_name=seat.entrant.name
            )
        night_table.match = Match.objects.get(table=table)
    elif mode == NightTable.Mode.CARDS:
        match = services.new_match(league, night, source=Match.Source.PHYSICAL)
        try:
            game_kind(league.game).league.open_real_table(match, seats)
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
    from games.tables import services as tables

    user = seat.entrant.member.user
    return (
        tables.player_for_user(user) if user is not None else tables.create_guest(seat.entrant.name)
    )


def _online_seat(night_table: NightTable, number: int) -> Any:
    table = night_table.match.table if night_table.match else None
    if table is None:
        raise NightRefused(_("This table is not played online."), 409)
    seat = table.seats.filter(number=number).select_related("kept_for").first()
    if seat is None:
        raise NightRefused(_("There is no such seat at this table."), 404)
    return seat


def _waiting_stand_in(seat: Any) -> StandIn | None:
    """The bot standing in, in a started game, for the drawn player of ``seat`` who has not
    arrived yet (``tables.services`` puts one in each kept seat nobody took at the start)."""
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


def _round_is_on(night_seat: NightSeat) -> None:
    if night_seat.table.round.status != NightRound.Status.DRAWN:
        raise NightRefused(_("This round is over: its seats are played out."), 409)


@transaction.atomic
def take_drawn_seat(night_seat: NightSeat, player: Any) -> Table:
    """``player`` sits in the online seat the night drew for them (and only there). At a
    table that started without them, the bot standing in for them hands the seat over at
    the next decision, as to a player who comes back."""
    from games.tables import services as tables

    night_table = night_seat.table
    _open_night(night_table.round.night)
    _round_is_on(night_seat)
    seat = _online_seat(night_table, night_seat.number)
    member = night_seat.entrant.member
    standing_in = _waiting_stand_in(seat)
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
        tables.sit(seat.table, player, seat.number)
    except tables.ActionRefused as refusal:
        raise NightRefused(refusal.message, 409) from None
    announce(night_table.round.night_id)
    return seat.table


def _link_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@transaction.atomic
def make_seat_link(night_seat: NightSeat) -> str:
    """A one-time token that seats a phone for a drawn member without an account (an
    organiser shows it as a link and a QR code), before the start or, for one who arrives
    late, while the bot stands in. Only its hash is kept; a new one replaces the last; it
    ends with its round."""
    night_seat = NightSeat.objects.select_for_update().get(pk=night_seat.pk)
    _open_night(night_seat.table.round.night)
    _round_is_on(night_seat)
    seat = _online_seat(night_seat.table, night_seat.number)
    if night_seat.entrant.member.user_id is not None:
        raise NightRefused(
            _("%(name)s has an account: they sit by tapping their name.")
            % {"name": night_seat.entrant.name},
            409,
        )
    if seat.player_id is not None or (seat.bot_level and _waiting_stand_in(seat) is None):
        raise NightRefused(_("This seat is taken already."), 409)
    token = secrets.token_urlsafe(24)
    night_seat.link_hash, night_seat.link_used_at = _link_hash(token), None
    night_seat.save(update_fields=["link_hash", "link_used_at"])
    return token


def _unused_links() -> Any:
    """The seat links not used yet whose round and night are still on: a link ends with its
    round."""
    return NightSeat.objects.filter(
        link_used_at=None,
        table__round__status=NightRound.Status.DRAWN,
        table__round__night__ended=None,
    ).exclude(link_hash="")


def seat_link_seat(token: str) -> NightSeat | None:
    """The drawn seat a seat link (not used yet, its round still on) is for."""
    return (
        _unused_links()
        .filter(link_hash=_link_hash(str(token)[:64]))
        .select_related("table__round__night__league", "entrant")
        .first()
    )


@transaction.atomic
def use_seat_link(token: str) -> tuple[NightSeat, Any]:
    """The phone holding a seat link becomes the drawn member's player and sits (once)."""
    night_seat = (
        _unused_links()
        .select_for_update()
        .filter(link_hash=_link_hash(str(token)[:64]))
        .select_related("table__round__night", "entrant")
        .first()
    )
    if night_seat is None:
        raise NightRefused(link_gone_message(), 404)
    seat = _online_seat(night_seat.table, night_seat.number)
    player = seat.kept_for
    if player is None or not player.is_guest:  # a link never makes a phone an account's player
        raise NightRefused(link_gone_message(), 404)
    take_drawn_seat(night_seat, player)
    night_seat.link_used_at = timezone.now()
    night_seat.save(update_fields=["link_used_at"])
    return night_seat, player


def link_gone_message() -> str:
    """What a seat link that no longer seats anyone says."""
    return _("This seat link has been used, replaced, or ended with its round; ask an organiser.")


def start_online_table(night_table: NightTable) -> None:
    """An organiser starts a night's online table: a bot plays each drawn seat nobody took,
    for the member drawn to it (``online.seat_members``)."""
    from games.tables import services as tables

    _open_night(night_table.round.night)
    table = night_table.match.table if night_table.match else None
    if table is None:
        raise NightRefused(_("This table is not played online."), 409)
    try:
        tables.start(table, None)
    except tables.ActionRefused as refusal:
        raise NightRefused(refusal.message, refusal.status) from None
    announce(night_table.round.night_id)


# --- what the pages show -------------------------------------------------------------------------


@dataclass
class StandingRow:
    name: str
    member_id: int
    visitor: bool = False
    vp: Decimal = Decimal(0)
    points: int = 0
    played: int = 0
    place: int = 0
    by_bot: int = 0


def tonight_standings(night: ClubNight) -> list[StandingRow]:
    """Tonight's checked-in players by victory points of tonight's results, then points
    (DragSaga: less final damage); ties share the place. The league's own selector
    (``selectors.standings`` for the night): a void or unfinished set counts here as
    nowhere else."""
    entrants = {e.member_id: e for e in night.entrants.all()}
    return [
        StandingRow(
            entrants[row.pk].name,
            row.pk,
            entrants[row.pk].visitor,
            row.vp_total,
            row.total_points,
            row.played,
            row.place,
            row.by_bot,
        )
        for row in selectors.standings(night.league, night=night)
        if row.pk in entrants
    ]


def table_finished(night_table: NightTable) -> bool:
    """A night table is done when its match has a complete result that counts (a set every
    player has started a game of; a DragSaga game once recorded; not void), as the platform's
    results say."""
    if night_table.match_id is None:
        return False
    counting = Result.objects.filter(match_id=night_table.match_id, voided_at=None)
    return counting.filter(complete=True).exists()


# --- telling the night's sockets when results arrive ----------------------------------------------


def _announce_match(match_id: int | None) -> None:
    if match_id is None:
        return
    night_id = (
        Match.objects.filter(pk=match_id, club_night__isnull=False)
        .values_list("club_night_id", flat=True)
        .first()
    )
    if night_id is not None:
        announce(night_id)


def _result_rows() -> dict[type, Callable[[Any], int | None]]:
    """The models whose saves change a night's results, each with how to find the match of a
    row: each game's results, and its other rows that change them (its ``NIGHT_RESULT_ROWS``
    hook: a Dragon Formula set's games)."""
    rows: dict[type, Callable[[Any], int | None]] = {}
    for kind in GAMES.values():
        if kind.has_league:
            rows[kind.league.RESULT_MODEL] = lambda result: result.match_id
            rows.update(kind.league_part.NIGHT_RESULT_ROWS)
    return rows


def _result_saved(sender: Any, instance: Any, **kwargs: Any) -> None:
    match_of = _result_rows().get(sender)
    if match_of is not None:
        _announce_match(match_of(instance))


def _table_saved(sender: Any, instance: Table, **kwargs: Any) -> None:
    night_id = (
        Match.objects.filter(Q(table_id=instance.pk) & Q(club_night__isnull=False))
        .values_list("club_night_id", flat=True)
        .first()
    )
    if night_id is not None:
        announce(night_id)


def connect_signals() -> None:
    """Results recorded for a night's match (online or from a score sheet), and a night's
    online table starting or finishing, redraw the night's pages."""
    post_save.connect(_result_saved, dispatch_uid="night-results")
    post_save.connect(_table_saved, sender=Table, dispatch_uid="night-table")
