"""What a tournament organiser reads off a season: a player's every result with its victory
points and a link to it, the standings as they stood after each night (or each round of a
night), and who met whom (the crosstable).

Every figure comes from the platform's generic result lines (``games.leagues.result_lines``)
and counts only what the standings count (``counting.counted_lines``: no void, no unfinished
set), ordered as the standings are (victory points, then points; DragSaga: less damage).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from django.db.models import Q
from django.utils.translation import gettext as _

from games.leagues import counting, results, selectors
from games.leagues.member_models import Member
from games.leagues.models import League, ResultLine
from games.nights.models import ClubNight
from games.registry import game_kind


@dataclass
class ResultRow:
    """One result a player played: where, with whom, how it went, and where to read it."""

    league: League
    line: ResultLine
    played_on: Any
    night: ClubNight | None
    others: list[str]
    url: str | None
    counts: bool


def member_results(member: Member) -> list[ResultRow]:
    """Every league result ``member`` has a line in, newest first, each with its link (the
    game's own result page, its ``result_pages`` hook); an unfinished one is listed and said
    to count nowhere yet; a void one is not listed (its own page says it is void)."""
    lines = list(
        ResultLine.objects.filter(member=member, result__voided_at=None)
        .select_related("result__match__league", "result__match__club_night")
        .order_by("-result__match__played_on", "-result__match_id", "-result__number")
    )
    ids = [line.result_id for line in lines]
    others: dict[int, list[str]] = {}
    for result_id, name in (
        ResultLine.objects.filter(result_id__in=ids)
        .exclude(member=member)
        .order_by("result_id", "seat")
        .values_list("result_id", "member__name")
    ):
        others.setdefault(result_id, []).append(name)
    rows = []
    for line in lines:
        result, match = line.result, line.result.match
        rows.append(
            ResultRow(
                league=match.league,
                line=line,
                played_on=match.played_on,
                night=match.club_night,
                others=others.get(line.result_id, []),
                url=None,
                counts=result.complete,
            )
        )
    _link(rows)
    return rows


def _link(rows: list[ResultRow]) -> None:
    """Each row's link: the page of the game's own result of the same match and number."""
    by_game: dict[str, list[ResultRow]] = {}
    for row in rows:
        by_game.setdefault(row.league.game, []).append(row)
    for game, game_rows in by_game.items():
        kind = game_kind(game)
        model = results.result_model(kind)
        own = {
            (result.match_id, result.number): result
            for result in model.objects.filter(
                match_id__in={row.line.result.match_id for row in game_rows}
            )
        }
        for row in game_rows:
            result = own.get((row.line.result.match_id, row.line.result.number))
            if result is not None:
                row.url = kind.result_pages(result)[0]


@dataclass
class Step:
    """A point in the season (a night, a round): its label and the standings after it."""

    label: str
    places: dict[int, tuple[int, Decimal, int]] = field(default_factory=dict)


@dataclass
class Progress:
    """The standings after each step: the players in the final order, and each one's place,
    victory points and results played after every step (``None`` before their first)."""

    steps: list[Step]
    players: list[tuple[int, str]]

    def rows(self) -> list[tuple[int, str, list[tuple[int, Decimal, int] | None]]]:
        return [
            (pk, name, [step.places.get(pk) for step in self.steps]) for pk, name in self.players
        ]


def _counted_lines(league: League) -> Any:
    return ResultLine.objects.filter(
        counting.through("result", counting.counted_lines(league)), member__guest=False
    )


def _progress(
    league: League,
    lines: Sequence[dict[str, Any]],
    steps: Sequence[tuple[Hashable, str]],
    step_of: Callable[[dict[str, Any]], Hashable],
) -> Progress:
    """The cumulative standings after each of ``steps`` (in order) from ``lines`` (values of
    result lines, each assigned to a step by ``step_of``)."""
    less_is_better = selectors.lower_points_win(league)
    order = {key: index for index, (key, _label) in enumerate(steps)}
    names: dict[int, str] = {}
    totals: dict[int, list[Any]] = {}
    made: list[Step] = []
    by_step: dict[int, list[dict[str, Any]]] = {}
    for line in lines:
        index = order.get(step_of(line))
        if index is not None:
            by_step.setdefault(index, []).append(line)
    for index, (_key, label) in enumerate(steps):
        for line in by_step.get(index, []):
            names[line["member_id"]] = line["member__name"]
            total = totals.setdefault(line["member_id"], [Decimal(0), 0, 0])
            total[0] += line["victory_points"]
            total[1] += line["points"]
            total[2] += 1
        step = Step(label)
        ranked = sorted(
            totals.items(),
            key=lambda item: (-item[1][0], item[1][1] if less_is_better else -item[1][1]),
        )
        place, previous = 0, None
        for position, (pk, (vp, points, played)) in enumerate(ranked, start=1):
            if (vp, points) != previous:
                place, previous = position, (vp, points)
            step.places[pk] = (place, vp, played)
        made.append(step)
    final = made[-1].places if made else {}
    players = sorted(names.items(), key=lambda item: (final[item[0]][0], item[1]))
    return Progress(made, players)


def standings_by_night(league: League) -> Progress:
    """The league's standings as they stood after each of its nights (a result recorded
    outside a night counts from the first night on or after its date, else at the end)."""
    nights = list(
        league.club_nights.filter(cancelled=None, matches__isnull=False)
        .distinct()
        .order_by("date", "pk")
    )
    lines = list(
        _counted_lines(league).values(
            "member_id",
            "member__name",
            "victory_points",
            "points",
            "result__match__club_night_id",
            "result__match__played_on",
        )
    )
    later = "later"

    def step_of(line: dict[str, Any]) -> Hashable:
        if line["result__match__club_night_id"] is not None:
            return line["result__match__club_night_id"]
        played = line["result__match__played_on"]
        return next((night.pk for night in nights if night.date >= played), later)

    steps: list[tuple[Hashable, str]] = [
        (night.pk, " · ".join(filter(None, [f"{night.date:%Y-%m-%d}", night.name])))
        for night in nights
    ]
    if any(step_of(line) == later for line in lines):
        steps.append((later, str(_("Other results"))))
    return _progress(league, lines, steps, step_of)


def standings_by_round(night: ClubNight) -> Progress:
    """Tonight's standings as they stood after each round (its tables' results)."""
    lines = list(
        _counted_lines(night.league)
        .filter(result__match__club_night=night)
        .values(
            "member_id",
            "member__name",
            "victory_points",
            "points",
            "result__match__night_table__round__number",
        )
    )
    numbers = sorted({line["result__match__night_table__round__number"] for line in lines} - {None})
    steps: list[tuple[Hashable, str]] = [
        (number, str(_("Round %(number)s") % {"number": number})) for number in numbers
    ]
    if any(line["result__match__night_table__round__number"] is None for line in lines):
        steps.append((None, str(_("Other results"))))  # recorded for the night, at no table
    return _progress(
        night.league, lines, steps, lambda line: line["result__match__night_table__round__number"]
    )


@dataclass
class Meeting:
    """How the row's player fared against the column's: results together, placed above,
    tied, placed below."""

    met: int = 0
    above: int = 0
    level: int = 0
    below: int = 0


def crosstable(league: League) -> tuple[list[tuple[int, str]], dict[tuple[int, int], Meeting]]:
    """Who met whom in the league's results that count: the players (in the standings'
    order) and, for each pair met, how the first placed against the second."""
    lines = list(_counted_lines(league).values_list("result_id", "member_id", "rank"))
    by_result: dict[int, list[tuple[int, int]]] = {}
    for result_id, member_id, rank in lines:
        by_result.setdefault(result_id, []).append((member_id, rank))
    cells: dict[tuple[int, int], Meeting] = {}
    for seated in by_result.values():
        for me, my_rank in seated:
            for other, their_rank in seated:
                if me == other:
                    continue
                cell = cells.setdefault((me, other), Meeting())
                cell.met += 1
                if my_rank < their_rank:
                    cell.above += 1
                elif my_rank > their_rank:
                    cell.below += 1
                else:
                    cell.level += 1
    met = {pk for pair in cells for pk in pair}
    players = [(row.pk, row.name) for row in selectors.standings(league).filter(Q(pk__in=met))]
    return players, cells
