"""A league's online round between club nights: opened by an organiser, members sign up,
the night's committed seat draw seats them at turn-based tables, results count in the
league as a night's tables do.

An online round is a club night (:class:`ClubNight`) of exactly one round with an
:class:`OnlineRound` beside it: the move deadline of its tables and when the round ends.
Everything a night has, it reuses: signing up is checking in (a member's own, or ticked by
an organiser), the round's seed is committed (SHA-256) when the round opens and revealed
when it ends (``/verify/?kind=seat-draw``), a drawn table's match is a league match of the
night, so its results count in the standings exactly like a night's online table.

What differs is here: only members with an account sign up (a turn-based seat is played
from the member's own account, over days), sign-ups close with the draw, and the draw
opens every table at once, turn-based, each drawn member already in their seat, and starts
it: the first move's deadline runs from the draw.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.leagues.models import League, Match
from games.nights import announcing, round_tables, rounds
from games.nights.models import ClubNight, NightRound, NightTable, OnlineRound
from games.nights.refused import NightRefused
from games.registry import game_kind
from games.tables.models import Game, MoveDeadline, Table
from games.tables.validators import posted_id

DEFAULT_DAYS = 7
MAX_DAYS = 60


def online_round(night: ClubNight) -> OnlineRound | None:
    """The online round ``night`` is, or ``None`` for a club night at a venue."""
    try:
        return night.online_round
    except OnlineRound.DoesNotExist:
        return None


def _move_deadline(value: Any) -> int:
    seconds = posted_id(value)
    if seconds is None or seconds not in MoveDeadline.values:
        raise NightRefused(_("A turn-based table gives 12 hours, 1 day or 3 days for a move."))
    return seconds


def _days(value: Any) -> int:
    days = posted_id(value)
    if days is None or not 1 <= days <= MAX_DAYS:
        raise NightRefused(_("An online round lasts 1 to %(max)s days.") % {"max": MAX_DAYS})
    return days


def counts_moves_out_of_time(league: League) -> bool:
    """Whether the league's game counts a seat's moves out of time in a row (its engine's
    ``timeouts``): only then does a bot stand in, or may the seat forfeit instead."""
    return getattr(game_kind(league.game).engine, "timeouts", None) is not None


def _out_of_time(league: League, value: Any) -> str:
    choice = str(value or OnlineRound.OutOfTime.BOT)[:16]
    if choice not in OnlineRound.OutOfTime.values:
        raise NightRefused(_("Choose what two moves out of time cost: a bot, or the game."))
    if choice == OnlineRound.OutOfTime.FORFEIT and not counts_moves_out_of_time(league):
        raise NightRefused(
            _("This game plays a seat out of time by its stated default: it never forfeits.")
        )
    return choice


@transaction.atomic
def open_online_round(
    league: League, move_deadline: Any, days: Any, out_of_time: Any = None
) -> ClubNight:
    """An organiser opens an online round of ``league``'s season: sign-ups open at once,
    and the round's draw is committed now (its SHA-256 commitment is on the round's page
    before anyone is drawn). ``out_of_time``: whether a seat out of time twice in a row
    gets a bot until it is back, or forfeits that game (``games.leagues.forfeits``). Bad
    choices are refused before anything is written."""
    seconds, length = _move_deadline(move_deadline), _days(days)
    choice = _out_of_time(league, out_of_time)
    if league.archived:
        raise NightRefused(_("This season has ended: its calendar is read-only."), 409)
    if getattr(game_kind(league.game).engine, "turn_based_options", None) is None:
        raise NightRefused(_("This game has no turn-based tables."), 409)
    now = timezone.now()
    night = ClubNight.objects.create(league=league, date=timezone.localdate(), opened=now)
    OnlineRound.objects.create(
        night=night, move_deadline=seconds, ends=now + timedelta(days=length), out_of_time=choice
    )
    rounds.announce_round(night)
    return night


def refuse_sign_up_change(night: ClubNight) -> None:
    """Refused, for an online round whose seats are drawn or that has ended: nobody signs
    up or withdraws any more (a club night's check-in and leaving go on all evening)."""
    round_ = online_round(night)
    if round_ is None:
        return
    if night.rounds.exclude(status=NightRound.Status.ANNOUNCED).exists():
        raise NightRefused(_("The seats of this online round are drawn: sign-up is closed."), 409)
    if timezone.now() >= round_.ends:
        raise NightRefused(_("This online round has ended."), 409)


def refuse_sign_up(night: ClubNight, member: Any) -> None:
    """Why ``member`` may not sign up for the online round ``night`` now, if they may not:
    the draw is made, the round has ended, or they have no account to play from."""
    refuse_sign_up_change(night)
    if online_round(night) is not None and member.user_id is None:
        raise NightRefused(
            _("%(name)s has no account linked: an online round is played from one's own account.")
            % {"name": member.name}
        )


@transaction.atomic
def draw(night_round: NightRound) -> NightRound:
    """The round's draw (the night's, with its committed seed), then every drawn table
    opened online at the round's move deadline with its members seated, and started."""
    from games.tables.actions import seating, starting
    from games.tables.actions.refused import ActionRefused

    round_ = online_round(night_round.night)
    if round_ is None:
        raise NightRefused(_("This is not an online round."), 409)
    if timezone.now() >= round_.ends:
        raise NightRefused(_("This online round has ended."), 409)
    night_round = rounds.draw(night_round)
    for night_table in night_round.tables.order_by("number"):
        night_table = round_tables.open_table(night_table, NightTable.Mode.ONLINE)
        table = night_table.match.table
        for seat in table.seats.select_related("kept_for"):
            try:
                seating.sit(table, seat.kept_for, seat.number)
            except ActionRefused as refusal:
                raise NightRefused(refusal.message, 409) from None
        starting.start(table, None)
    return night_round


def game_saved(sender: Any, game: Game, **_: Any) -> None:
    """The ``game_saved`` subscriber: a move at an online round's table redraws the round's
    pages (who is to move, and by when), after the commit. A live table costs nothing here."""
    if not game.table.is_turn_based:
        return
    night_id = (
        Match.objects.filter(table_id=game.table_id, club_night__online_round__isnull=False)
        .values_list("club_night_id", flat=True)
        .first()
    )
    if night_id is not None:
        announcing.announce(night_id)


def refuse_end_while_playing(night: ClubNight) -> None:
    """An online round ends only once its tables have finished: an ended night takes no
    more results, and a turn-based table may play on past the round's date."""
    if online_round(night) is None:
        return
    playing = Match.objects.filter(club_night=night, table__status=Table.Status.PLAYING).count()
    if playing:
        raise NightRefused(
            ngettext(
                "%(count)s table is still playing: end the round once it has finished.",
                "%(count)s tables are still playing: end the round once they have finished.",
                playing,
            )
            % {"count": playing},
            409,
        )
