"""Online league tables: opening a table under a league, and feeding its results in.

When a move ends a game (:func:`game_saved`, a subscriber of ``games.tables.events.game_saved``,
inside the move's transaction) :func:`record_online_results` brings the league up to date: the
game's ``league`` hook (``record_online``) records what ended since the last call into the
table's league match (Dragon Formula game by game, with the engine's own scored reading; a
finished DragSaga game with its placings). Nothing is typed twice; calling it again records
nothing new.
"""

from __future__ import annotations

import logging
from typing import Any

from django.db import transaction

from games.leagues import forfeits, outcomes, result_lines, results, services
from games.leagues.member_models import Member
from games.leagues.models import League, Match
from games.nights.models import ClubNight, NightSeat
from games.presence.away import active_stand_ins
from games.presence.models import StandIn
from games.ratings import ratings
from games.registry import game_kind
from games.tables import selectors as table_selectors
from games.tables.actions import opening as table_opening
from games.tables.models import Game, Seat, Table

logger = logging.getLogger(__name__)


def open_league_table(
    league: League,
    *,
    players: int,
    options: dict[str, Any] | None = None,
    bot_level: str = "",
    created_by: Any = None,
    club_night: ClubNight | None = None,
    move_deadline: int | None = None,
) -> Table:
    """Open an online table whose results go to ``league``, with the options its game's league
    tables start with (``TABLE_OPTIONS``: Dragon Formula's are strict and have a clock);
    ``move_deadline``: a turn-based table (an online round's), whose rules run without
    their own clocks."""
    with transaction.atomic():
        table = table_opening.create_table(
            game_name=league.game,
            players=players,
            options={**game_kind(league.game).league.TABLE_OPTIONS, **(options or {})},
            bot_level=bot_level,
            created_by=created_by,
            move_deadline=move_deadline,
        )
        services.new_match(
            league, club_night, source=Match.Source.ONLINE, table=table, table_code=table.code
        )
    return table


def seat_members(game: Game, match: Match) -> dict[int, Member]:
    """The league player of each seat, never found by a name.

    At a club night's table every seat plays for the player the night drew to it: the drawn
    person who sat there, or a bot that played the seat for them when nobody took it (its
    lines are marked ``by_bot``, :func:`mark_bot_lines`). Elsewhere a human counts for the
    league player an organiser linked to their account; anyone else (a guest, or an account
    nobody linked) plays under a placeholder of the seat until an organiser says who played
    (``services.guest_member``); a bot plays under a row of its own that no standings,
    rating or export lists (``services.bot_member``).
    """
    members = {}
    # A bot standing in for a player who left plays for them.
    away = {number: stand_in.player for number, stand_in in active_stand_ins(game).items()}
    drawn = night_table_members(game.table_id)
    for seat in Seat.objects.filter(table_id=game.table_id).select_related("player__user"):
        player = seat.player or away.get(seat.number)
        if seat.number in drawn:
            members[seat.number] = drawn[seat.number]
        elif player is not None:
            members[seat.number] = services.linked_member(player.user) or services.guest_member(
                match, seat.number, player.display_name
            )
        else:
            members[seat.number] = services.bot_member(match, seat.number, seat.bot_level)
    return members


def bot_seats(table_id: int) -> list[int]:
    """The seats of an online table whose player never sat down: a bot played them from the
    start, or stood in for a drawn member who had not arrived and finished the game for them.
    A member who arrived late and took over from the bot played the seat (not listed)."""
    arrivals = StandIn.objects.filter(game__table_id=table_id, reason=StandIn.Reason.NOT_ARRIVED)
    took_over = set(
        arrivals.filter(ended__isnull=False, finished_game=False).values_list(
            "seat_number", flat=True
        )
    )
    never_came = set(arrivals.filter(finished_game=True).values_list("seat_number", flat=True))
    bots = set(
        Seat.objects.filter(table_id=table_id, player=None)
        .exclude(bot_level="")
        .values_list("number", flat=True)
    )
    return sorted((bots | never_came) - took_over)


def late_arrivals(table_id: int) -> list[int]:
    """The seats of an online table whose drawn member arrived after the start and took the
    seat over from the bot standing in for them."""
    return sorted(
        StandIn.objects.filter(
            game__table_id=table_id,
            reason=StandIn.Reason.NOT_ARRIVED,
            ended__isnull=False,
            finished_game=False,
        ).values_list("seat_number", flat=True)
    )


def waiting_seats(table_id: int) -> list[int]:
    """The seats of an online table's running game where a bot stands in for a drawn member
    who has not arrived yet (they may still take the seat over)."""
    return sorted(
        StandIn.objects.filter(
            game__table_id=table_id,
            game__finished__isnull=True,
            reason=StandIn.Reason.NOT_ARRIVED,
            ended__isnull=True,
        ).values_list("seat_number", flat=True)
    )


def mark_bot_lines(match: Match, table_id: int) -> int:
    """Mark the result lines of ``match`` that a bot played (and unmark those of a member who
    arrived late and took the seat over); if any changed, the game's ratings are replayed
    (a bot's play rates no one). Returns how many lines changed."""
    numbers, arrived = bot_seats(table_id), late_arrivals(table_id)
    if not numbers and not arrived:
        return 0
    lines = results.lines_of_match(match.league.game, match)
    changed = lines.filter(seat__in=numbers, by_bot=False).update(by_bot=True)
    changed += lines.filter(seat__in=arrived, by_bot=True).update(by_bot=False)
    if changed:
        result_lines.keep_match(match)
        ratings.rebuild(match.league.game)
    return changed


def night_table_members(table_id: int) -> dict[int, Member]:
    """For an online table drawn at a club night: the player drawn to each seat."""
    seats = NightSeat.objects.filter(table__match__table_id=table_id).select_related(
        "entrant__member"
    )
    return {seat.number: seat.entrant.member for seat in seats}


def game_saved(sender: Any, game: Game, before: dict[str, Any], **_: Any) -> None:
    """A move was saved: if it ended a game (the table's game, or one of the games it holds,
    as the game's ``league.ended_a_game`` says), the league hears of it; any other move costs
    nothing here."""
    league = game_kind(game.game_name).scoring
    if league is None:
        return
    if game.is_finished or league.ended_a_game(before, game.state):
        record_online_results(game)


def record_online_results(game: Game) -> None:
    """Bring the league match of ``game``'s table up to date with the games that have ended.

    Runs inside the caller's transaction, in a savepoint of its own: a result the league
    refuses is logged and never undoes the move that was played (the next call retries).
    """
    match = Match.objects.filter(table_id=game.table_id).select_related("league").first()
    if match is None:
        return
    try:
        with transaction.atomic():
            record = game_kind(game.game_name).league.record_online
            if record is None:  # a game of the platform's results: its outcome's placings
                outcomes.record_placings(match, game, seat_members(game, match))
            else:
                record(match, game)
            mark_bot_lines(match, game.table_id)
            forfeits.apply_forfeits(match, game.table_id)
    except services.NightEnded:
        # Recorded when an organiser reopens the night (``catch_up``); the move stands.
        logger.info("League match %s: its night has ended; game %s waits", match.pk, game.pk)
    except ValueError:
        logger.exception("League match %s refused the results of game %s", match.pk, game.pk)


def catch_up(night: ClubNight) -> None:
    """Record what the night's online tables finished while the night was ended (a reopened
    night): each table's current game, as its last move would have."""
    for match in night.matches.exclude(table=None).select_related("table"):
        game = table_selectors.current_game(match.table)
        if game is not None:
            record_online_results(game)
