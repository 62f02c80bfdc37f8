"""An online league table's finished game, recorded from its engine's outcome alone: the
default ``record_online`` of a game that keeps the platform's ``Result`` and ``ResultLine``
(``games.contract.LeagueScoring``)."""

from __future__ import annotations

from typing import Any

from games.leagues import services
from games.models import Match, Member, Result, ResultLine


def record_placings(match: Match, game: Any, members: dict[int, Member]) -> None:
    """``game``'s outcome as one result of ``match``: each seat's line at the place its
    ``placings`` give (tied places share their victory points), with its ``points``. A game
    recorded already, or not finished, records nothing."""
    outcome = game.outcome
    if not game.is_finished or not outcome or match.results.exists():
        return
    placings = sorted(outcome["placings"], key=lambda placing: placing["seat"])
    result = Result.objects.create(match=match, number=services.next_number(match.results))
    lines = [
        ResultLine(
            result=result,
            member=members[placing["seat"]],
            seat=placing["seat"],
            points=int(placing.get("points", 0)),
        )
        for placing in placings
    ]
    ranks = {placing["seat"]: placing["rank"] for placing in placings}
    services.place_lines(lines, key=lambda line: -ranks[line.seat])
    ResultLine.objects.bulk_create(lines)
    services.complete_set(result)
