"""Reads for a league player's page: ratings and their history, what they played and won,
their best hands, and how they placed against the players they met most.

Only results that count are read (complete sets, games not void). Every game's section counts
the platform's generic lines (``games.leagues.result_lines``): results played, first places
and head-to-head; what it shows of its game beyond those and the rating is the game's own (its
``member_section`` hook, ``games.registry``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from games.leagues import counting, tournament
from games.leagues.member_models import Member
from games.leagues.models import ResultLine
from games.ratings import ratings
from games.ratings.models import RatingChange
from games.registry import GAMES

HEAD_TO_HEAD_ROWS = 5

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
    """A game's section of a player's page: ``played`` (results that count), ``first_places``
    (shared ones too) and ``head_to_head`` from the platform's lines (:func:`fill_played`);
    the game's ``member_section`` hook fills its own ``figures``, which its
    ``MEMBER_FIGURES`` / ``MEMBER_DETAILS`` templates show."""

    kind: str
    label: str
    rating: Any = None
    shown: str = "?"
    provisional: bool = True
    chart: dict[str, Any] | None = None
    played: int = 0
    first_places: int = 0
    figures: dict[str, Any] = field(default_factory=dict)
    figures_template: str = ""
    details_template: str = ""
    head_to_head: list[Opponent] = field(default_factory=list)


def head_to_head(member: Member, lines: list[Any], group: str) -> list[Opponent]:
    """From every line of the member's results (each with ``member``, ``member_id``,
    ``rank`` and the result's id in ``group``): who they met most and how they placed."""
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


def fill_played(member: Member, section: GameSection) -> None:
    """The member's results of the section's game that count, their first places and whom
    they met most, from every game's generic lines."""
    counted = ResultLine.objects.filter(
        counting.through("result", counting.counted_lines()),
        result__match__league__game=section.kind,
        member=member,
    )
    section.played = counted.count()
    section.first_places = counted.filter(rank=1).count() if section.played else 0
    lines = ResultLine.objects.filter(result_id__in=counted.values("result_id"))
    section.head_to_head = head_to_head(member, list(lines.select_related("member")), "result_id")


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
    for kind in GAMES.values():
        if not kind.has_league:
            continue
        section = GameSection(
            kind=kind.name,
            label=str(kind.label),
            figures_template=kind.league_part.MEMBER_FIGURES,
            details_template=kind.league_part.MEMBER_DETAILS,
        )
        fill_played(member, section)
        fill = kind.league_part.member_section
        if fill is not None:
            fill(member, section)
        rating = ratings.rating_of(member, kind.name)
        if section.played == 0 and rating is None:
            continue
        if rating is not None:
            section.rating = rating
            section.shown = ratings.shown(rating.mu, rating.sigma, rating.results)
            section.provisional = ratings.is_provisional(rating.results, rating.sigma)
        section.chart = rating_chart(ratings.history(member, kind.name))
        sections.append(section)
    leagues = list(member.leagues.all())
    return {
        "member": member,
        "sections": sections,
        "leagues": leagues,
        "league": leagues[0] if len(leagues) == 1 else None,
        "results": tournament.member_results(member),
        "provisional_results": ratings.PROVISIONAL_RESULTS,
        "provisional_sigma": ratings.PROVISIONAL_SIGMA,
    }
