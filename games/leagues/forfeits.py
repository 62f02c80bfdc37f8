"""Forfeits in a league's online round whose organiser chose them (``OnlineRound.out_of_time``).

The rules know no forfeit; this is the club's reading of "the seat forfeits that game":

- A seat forfeits the moment it runs out of time on two moves in a row, the very moment a
  bot would otherwise stand in for it. A bot still plays its cards to the end, so the others'
  game goes on exactly as the rules have it; the member may come back and play on, but the
  forfeit stands.
- In the table's league result the forfeiting seat is placed last and gets no victory
  points. The seats that did not forfeit are placed among themselves by the game's own
  result and get the victory points of the first places (3, 2, 1 …), ties shared as the
  rules share them; several forfeiting seats share the last place, each with none.

A seat forfeits for the whole match at its table (a Dragon Formula set, a DragSaga game).
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from games.engine import place, victory_point_table
from games.leagues import result_lines, results
from games.leagues.models import Match
from games.nights.models import OnlineRound
from games.presence.models import StandIn
from games.ratings import ratings


def forfeits_at(match: Match) -> bool:
    """Whether a seat out of time twice forfeits at ``match``'s table: an online round's
    table whose organiser chose so."""
    if match.club_night_id is None:
        return False
    return OnlineRound.objects.filter(
        night_id=match.club_night_id, out_of_time=OnlineRound.OutOfTime.FORFEIT
    ).exists()


def forfeited_seats(table_id: int) -> set[int]:
    """The seats of an online table that ran out of time twice in a row in one of its games."""
    return set(
        StandIn.objects.filter(
            game__table_id=table_id, reason=StandIn.Reason.OUT_OF_TIME
        ).values_list("seat_number", flat=True)
    )


def placed_with_forfeits(ranks: dict[int, int], forfeited: set[int]) -> dict[int, tuple[int, Any]]:
    """Per seat, its (rank, victory points) once ``forfeited`` seats are placed last with
    none; the others keep their order among themselves (``ranks``: the game's own, 1 best)."""
    playing = [seat for seat in ranks if seat not in forfeited]
    table = victory_point_table(len(ranks))
    placed = {
        p.seat: (p.rank, p.victory_points)
        for p in place(playing, key=lambda seat: -ranks[seat], victory_points=table)
    }
    for seat in ranks:
        if seat in forfeited:
            placed[seat] = (len(playing) + 1, 0.0)
    return placed


def apply_forfeits(match: Match, table_id: int) -> int:
    """Place the forfeiting seats of ``match``'s online table last in each of its results;
    how many lines changed (the ratings are replayed if any did)."""
    if not forfeits_at(match):
        return 0
    forfeited = forfeited_seats(table_id)
    if not forfeited:
        return 0
    changed = 0
    by_result: dict[Any, list[Any]] = {}
    for line in results.lines_of_match(match.league.game, match):
        by_result.setdefault(
            getattr(line, f"{results.line_result(match.league.game)}_id"), []
        ).append(line)
    for lines in by_result.values():
        placed = placed_with_forfeits({line.seat: line.rank for line in lines}, forfeited)
        for line in lines:
            rank, points = placed[line.seat]
            points = Decimal(str(points))
            if (line.rank, line.victory_points) != (rank, points):
                line.rank, line.victory_points = rank, points
                line.save(update_fields=["rank", "victory_points"])
                changed += 1
    if changed:
        result_lines.keep_match(match)
        ratings.rebuild(match.league.game)
    return changed


def stand_again(match: Match) -> int:
    """After a correction placed ``match``'s results again by the game's own figures, its
    forfeits stand again (a correction never gives a forfeiting seat its points back)."""
    if match.table_id is None:
        return 0
    return apply_forfeits(match, match.table_id)
