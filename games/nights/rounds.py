"""A night's rounds: announced with a committed seed, drawn, timed; the night's end."""

from __future__ import annotations

import secrets
from datetime import timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.nights import seating
from games.nights.announcing import announce
from games.nights.models import ClubNight, NightRound, NightSeat, NightTable
from games.nights.refused import NightRefused, locked_running_night
from games.registry import game_kind
from games.trust import fairness

MAX_ROUND_MINUTES = 240


@transaction.atomic
def announce_round(night: ClubNight, minutes: int | None = None) -> NightRound:
    """The next round: its draw's seed is chosen now and only its commitment is shown.

    The round before it (if any) is over from now on, and its seed is revealed.
    """
    night = locked_running_night(night)
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
    locked_running_night(night_round.night)
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
    locked_running_night(night_round.night)
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
    night = locked_running_night(night)
    unplayed = night.rounds.filter(status=NightRound.Status.ANNOUNCED)
    unplayed.delete()  # announced but never drawn: nothing to verify
    night.rounds.filter(status=NightRound.Status.DRAWN).update(status=NightRound.Status.DONE)
    night.ended = timezone.now()
    night.save(update_fields=["ended"])
    announce(night.pk)
    return night
