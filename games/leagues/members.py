"""Reads for a league player's page: ratings and their history, what they played and won,
their best hands, and how they placed against the players they met most.

Only results that count are read: complete Dragon Formula sets and DragSaga games, not void.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.db.models import Count, Q

from games.leagues import ratings
from games.models import DragSagaLine, GameKind, Member, RatingChange, SetGame, SetLine

HEAD_TO_HEAD_ROWS = 5
BEST_HANDS = 5

# The rating chart's drawing box, in SVG user units (the SVG scales to the page width).
CHART_WIDTH, CHART_HEIGHT = 640, 220
CHART_LEFT, CHART_RIGHT, CHART_TOP, CHART_BOTTOM = 44, 12, 14, 30


@dataclass
class Opponent:
    member: Member
    met: int = 0
    above: int = 0  # the page's player placed better
    below: int = 0
    level: int = 0


@dataclass
class GameSection:
    kind: str
    label: str
    rating: Any = None
    shown: str = "?"
    provisional: bool = True
    chart: dict[str, Any] | None = None
    played: int = 0
    games_played: int = 0
    games_won: int = 0
    wins_by_hand: list[tuple[str, int]] = field(default_factory=list)
    best_hands: list[SetGame] = field(default_factory=list)
    head_to_head: list[Opponent] = field(default_factory=list)


def _counted_set_lines() -> Q:
    return Q(set__complete=True, set__voided_at=None)


def _head_to_head(member: Member, lines: list[Any], group: str) -> list[Opponent]:
    """From every line of the member's results: who they met most and how they placed."""
    by_result: dict[int, list[Any]] = {}
    for line in lines:
        by_result.setdefault(getattr(line, group), []).append(line)
    opponents: dict[int, Opponent] = {}
    for result_lines in by_result.values():
        mine = next((line for line in result_lines if line.member_id == member.pk), None)
        if mine is None:
            continue
        for line in result_lines:
            if line.member_id == member.pk:
                continue
            row = opponents.setdefault(line.member_id, Opponent(line.member))
            row.met += 1
            if mine.rank < line.rank:
                row.above += 1
            elif mine.rank > line.rank:
                row.below += 1
            else:
                row.level += 1
    rows = sorted(opponents.values(), key=lambda o: (-o.met, o.member.name))
    return rows[:HEAD_TO_HEAD_ROWS]


def _dragon_formula(member: Member, section: GameSection) -> None:
    sets = SetLine.objects.filter(_counted_set_lines(), member=member).values("set_id")
    section.played = sets.count()
    games = SetGame.objects.filter(set_id__in=sets)
    section.games_played = games.count()
    won = games.filter(winner=member).exclude(hand="")
    section.games_won = won.count()
    section.wins_by_hand = list(
        won.values_list("hand").annotate(n=Count("id")).order_by("-n", "hand")
    )
    section.best_hands = list(
        won.select_related("set__match").order_by("-points", "set__created_at", "number")[
            :BEST_HANDS
        ]
    )
    lines = SetLine.objects.filter(set_id__in=sets).select_related("member")
    section.head_to_head = _head_to_head(member, list(lines), "set_id")


def _dragsaga(member: Member, section: GameSection) -> None:
    games = DragSagaLine.objects.filter(member=member, game__voided_at=None).values("game_id")
    section.played = section.games_played = games.count()
    section.games_won = DragSagaLine.objects.filter(
        member=member, game__voided_at=None, rank=1
    ).count()
    lines = DragSagaLine.objects.filter(game_id__in=games).select_related("member")
    section.head_to_head = _head_to_head(member, list(lines), "game_id")


def rating_chart(changes: list[RatingChange]) -> dict[str, Any] | None:
    """The rating history as an SVG line chart's geometry (no script: drawn by the template).

    One point per rated result: the ordinal μ − 3σ after it. The y axis spans the values
    with some room, and always at least 10 rating points.
    """
    if not changes:
        return None
    values = [ratings.ordinal(c.mu, c.sigma) for c in changes]
    low, high = min([*values, 0.0]), max(values)
    if high - low < 10:
        middle = (high + low) / 2
        low, high = middle - 5, middle + 5
    inner_w = CHART_WIDTH - CHART_LEFT - CHART_RIGHT
    inner_h = CHART_HEIGHT - CHART_TOP - CHART_BOTTOM
    step = inner_w / max(len(values) - 1, 1)

    def y(value: float) -> float:
        return round(CHART_TOP + (high - value) / (high - low) * inner_h, 1)

    points = [
        {
            "x": round(CHART_LEFT + i * step, 1),
            "y": y(v),
            "value": ratings.rounded(v),
            "number": i + 1,
        }
        for i, v in enumerate(values)
    ]
    ticks = sorted({ratings.rounded(low), ratings.rounded((low + high) / 2), ratings.rounded(high)})
    return {
        "width": CHART_WIDTH,
        "height": CHART_HEIGHT,
        "left": CHART_LEFT,
        "right": CHART_WIDTH - CHART_RIGHT,
        "bottom": CHART_HEIGHT - CHART_BOTTOM,
        "label_y": CHART_HEIGHT - 8,
        "points": points,
        "polyline": " ".join(f"{p['x']},{p['y']}" for p in points),
        "ticks": [{"value": t, "y": y(t)} for t in ticks],
        "last": ratings.rounded(values[-1]),
        "count": len(values),
        "dots": len(values) <= 60,
    }


def member_page(member: Member) -> dict[str, Any]:
    """Everything the member page shows, one section per game the player has results in."""
    sections = []
    for kind in GameKind:
        section = GameSection(kind=kind.value, label=str(kind.label))
        if kind == GameKind.DRAGON_FORMULA:
            _dragon_formula(member, section)
        else:
            _dragsaga(member, section)
        rating = ratings.rating_of(member, kind)
        if section.played == 0 and rating is None:
            continue
        if rating is not None:
            section.rating = rating
            section.shown = ratings.shown(rating.mu, rating.sigma, rating.results)
            section.provisional = ratings.is_provisional(rating.results, rating.sigma)
        section.chart = rating_chart(ratings.history(member, kind))
        sections.append(section)
    leagues = list(member.leagues.all())
    return {
        "member": member,
        "sections": sections,
        "leagues": leagues,
        "league": leagues[0] if len(leagues) == 1 else None,
        "provisional_results": ratings.PROVISIONAL_RESULTS,
        "provisional_sigma": ratings.PROVISIONAL_SIGMA,
    }
