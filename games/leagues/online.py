"""Online league tables: opening a table under a league, and feeding its results in.

When a move ends a game (:func:`game_saved`, a subscriber of ``games.table_events.game_saved``,
inside the move's transaction) :func:`record_online_results` brings the league up to date:
every Dragon Formula game that ended since the last call is recorded into the table's
league match — set by set, with the engine's own
scored reading — and a finished DragSaga game is recorded with its placings. Nothing
is typed twice; calling it again records nothing new.
"""

from __future__ import annotations

import logging
from typing import Any

from django.db import transaction

from dragsaga.rules.cards import CardSet
from games import services as tables
from games.away import active_stand_ins
from games.leagues import services
from games.leagues.services import DragSagaEntry, GameEntry, PenaltyEntry, SeatEntry
from games.models import (
    ClubNight,
    Game,
    GameKind,
    League,
    Match,
    Member,
    NightSeat,
    Seat,
    SetResult,
    Table,
)

logger = logging.getLogger(__name__)

# RULES §1.5: league tables are strict (Dan is always offered; a false Dan costs 500),
# and their turns have a clock (30 s a turn and a 60 s bank; dragonformula.rules.clock).
LEAGUE_TABLE_OPTIONS = {
    GameKind.DRAGON_FORMULA: {"dan_assist": False, "turn_seconds": 30, "time_bank": 60}
}


def open_league_table(
    league: League,
    *,
    players: int,
    options: dict[str, Any] | None = None,
    bot_level: str = "",
    created_by: Any = None,
    club_night: ClubNight | None = None,
) -> Table:
    """Open an online table whose results go to ``league`` (strict Dan for Dragon Formula)."""
    with transaction.atomic():
        table = tables.create_table(
            game_name=league.game,
            players=players,
            options={**LEAGUE_TABLE_OPTIONS.get(league.game, {}), **(options or {})},
            bot_level=bot_level,
            created_by=created_by,
        )
        Match.objects.create(
            league=league,
            club_night=club_night,
            source=Match.Source.ONLINE,
            table=table,
            table_code=table.code,
            **({"played_on": club_night.date} if club_night else {}),
        )
    return table


def seat_members(game: Game, match: Match) -> dict[int, Member]:
    """The league player of each seat, never found by a name.

    A human counts for the league player a keeper linked to their account; anyone else
    (a guest, or an account no keeper linked) plays under a placeholder of the seat until a
    keeper says who played (``services.guest_member``). At a club night's table each human
    seat plays for the player the night drew to it. A bot plays as "Bot N (level)".
    """
    members = {}
    # A bot standing in for a player who left plays for them.
    away = {number: stand_in.player for number, stand_in in active_stand_ins(game).items()}
    # At a club night's table each human seat plays for the player the night drew to it.
    drawn = night_table_members(game.table_id)
    for seat in Seat.objects.filter(table_id=game.table_id).select_related("player__user"):
        player = seat.player or away.get(seat.number)
        if player is not None and seat.number in drawn:
            members[seat.number] = drawn[seat.number]
        elif player is not None:
            members[seat.number] = services.linked_member(player.user) or services.guest_member(
                match, seat.number, player.display_name
            )
        else:
            name = f"Bot {seat.number + 1} ({seat.bot_level or '-'})"
            members[seat.number] = Member.objects.get_or_create(name=name)[0]
    return members


def night_table_members(table_id: int) -> dict[int, Member]:
    """For an online table drawn at a club night: the player drawn to each seat."""
    seats = NightSeat.objects.filter(table__match__table_id=table_id).select_related(
        "entrant__member"
    )
    return {seat.number: seat.entrant.member for seat in seats}


def game_saved(sender: Any, game: Game, before: dict[str, Any], **_: Any) -> None:
    """A move was saved: if it ended a game (the match, or one of its games), the league
    hears of it; any other move costs nothing here."""
    if game.is_finished or len(game.state.get("games", ())) != len(before.get("games", ())):
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
            if game.game_name == GameKind.DRAGON_FORMULA:
                _record_dragon_formula(match, game)
            elif game.game_name == GameKind.DRAGSAGA and game.is_finished:
                _record_dragsaga(match, game)
    except ValueError:
        logger.exception("League match %s refused the results of game %s", match.pk, game.pk)


def _game_entry(summary: dict[str, Any], last_game: dict[str, Any] | None) -> GameEntry:
    if summary["result"] == "false_dan":
        return GameEntry(
            winner=None, win="none", penalties=(PenaltyEntry(summary["seat"], "false_dan"),)
        )
    if summary["result"] != "win":
        return GameEntry(winner=None, win="none")
    detail = last_game or {}
    reading = detail.get("reading") or {
        "hand": summary["hand"],
        "base": summary["points"],
        "multipliers": summary["multipliers"],
        "total": summary["points"],
    }
    return GameEntry(
        winner=summary["seat"],
        win=detail.get("via", "dan"),
        engine_hand=reading,
        cards=tuple(detail.get("cards", ())),
    )


def _record_dragon_formula(match: Match, game: Game) -> None:
    state = game.state
    ended = state.get("games", [])
    recorded = {s.number: s for s in match.sets.prefetch_related("games")}
    members = None
    last = state.get("last_game") or {}
    for index, summary in enumerate(ended):
        number = summary["set"]
        set_result = recorded.get(number)
        done = set_result.games.count() if set_result else 0
        position = sum(1 for g in ended[:index] if g["set"] == number)
        if position < done:
            continue
        if set_result is None:
            members = members or seat_members(game, match)
            closed = state["sets"][number - 1] if len(state["sets"]) >= number else None
            elements = closed["elements"] if closed else state["elements"]
            seats = [SeatEntry(members[seat], elements[seat]) for seat in range(state["players"])]
            set_result = services.start_set(match, seats)
            recorded[number] = set_result
        is_last = index == len(ended) - 1 and last.get("set") == number
        services.record_game(set_result, _game_entry(summary, last if is_last else None))
        recorded[number] = SetResult.objects.prefetch_related("games").get(pk=set_result.pk)


def _record_dragsaga(match: Match, game: Game) -> None:
    if match.dragsaga_games.exists():
        return
    cards = CardSet(game.state["cards"])
    members = seat_members(game, match)
    rows = sorted(game.outcome["placings"], key=lambda row: row["seat"])
    services.record_dragsaga_result(
        match,
        [
            DragSagaEntry(
                member=members[row["seat"]],
                damage=row["damage"],
                leftover_cost=cards.cost(row["hand"]),
                cards_left=row["hand_count"],
            )
            for row in rows
        ],
    )
