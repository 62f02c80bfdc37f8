"""League reads: standings computed by the database, result rows for pages and CSV.

The standings are one query whatever the number of sets: sums, counts and
averages are aggregates over the result lines, the best hand a correlated
subquery, and the place a window ``RANK()`` over the tie-break order of RULES
§1.5 rule 10 (victory points, then total points, then shared).
"""

from __future__ import annotations

from typing import Any

from django.db.models import (
    Case,
    Count,
    DecimalField,
    F,
    FloatField,
    Func,
    IntegerField,
    OrderBy,
    OuterRef,
    Prefetch,
    Q,
    QuerySet,
    Subquery,
    Sum,
    Value,
    When,
    Window,
)
from django.db.models.functions import Cast, Coalesce, Rank

from games.leagues import counting, ratings
from games.models import (
    ClubNight,
    DragSagaLine,
    DragSagaResult,
    GuestSeat,
    League,
    Member,
    Rating,
    SetGame,
    SetLine,
    SetResult,
)

# The ``?sort=`` keys of the standings pages: the annotation each orders by.
SORT_FIELDS: dict[str, str] = {
    "place": "place",
    "name": "name",
    "vp": "vp_total",
    "played": "played",
    "average": "vp_average",
    "wins": "wins",
    "points": "total_points",
    "best": "best_hand_points",
    "rating": "rating_shown",
}


def lower_points_win(league: League) -> bool:
    """DragSaga totals are final damage: less is better. Dragon Formula: more set points."""
    return not league.results_in_sets


def tie_break(league: League) -> list[OrderBy]:
    """RULES §1.5 rule 10: victory points, then total points; still tied, the place is shared."""
    points = F("total_points")
    return [F("vp_total").desc(), points.asc() if lower_points_win(league) else points.desc()]


def counted_results(league: League, night: ClubNight | None = None) -> dict[str, Any]:
    """The league's results that count (``counting.counted``); with ``night``, that night's."""
    return counting.counted(league.results_in_sets, league, night)


_through = counting.through


def wins(league: League, night: ClubNight | None = None) -> Func:
    """The standings' wins: games won (Dan or Pick-and-Dan), not first places of sets."""
    if not league.results_in_sets:
        counted = _through("dragsaga_lines__game", counted_results(league, night))
        return Count("dragsaga_lines", filter=counted & Q(dragsaga_lines__rank=1))
    won = (
        SetGame.objects.filter(
            _through("set", counted_results(league, night)),
            winner=OuterRef("pk"),
            win__in=[SetGame.Win.DAN, SetGame.Win.PICK_AND_DAN],
        )
        .order_by()
        .values("winner")
        .annotate(n=Count("pk"))
        .values("n")
    )
    return Coalesce(Subquery(won, output_field=IntegerField()), Value(0))


def standings(
    league: League, sort: str = "place", descending: bool = False, night: ClubNight | None = None
) -> QuerySet[Member]:
    """The league's players with their figures, one row each, in one query.

    Each row is a ``Member`` annotated with ``place`` (competition numbering, shared
    on a full tie), ``vp_total``, ``played`` (complete sets; DragSaga games),
    ``vp_average``, ``wins`` (Dragon Formula: games won by Dan or Pick-and-Dan in
    complete sets; DragSaga: games finished first, shared places included),
    ``total_points`` (set points; DragSaga final damage) and, for Dragon Formula,
    ``best_hand`` / ``best_hand_points`` (the highest-scoring won game).
    ``sort`` is a key of :data:`SORT_FIELDS`; ties always fall back to the place.
    ``by_bot`` counts the results a bot played for the member (a drawn seat nobody took).
    With ``night``: tonight's table, the night's checked-in players and its results only.
    What counts is :func:`counted_results` (no void, no unfinished set).
    """
    in_sets = league.results_in_sets
    if in_sets:
        related, points_field, result = "set_lines", "points", "set_lines__set"
    else:
        related, points_field, result = "dragsaga_lines", "final_damage", "dragsaga_lines__game"
    counted = _through(result, counted_results(league, night))
    if night is not None:
        rows = Member.objects.filter(pk__in=night.entrants.values("member"))
    else:
        with_results = Member.objects.filter(counted).values("pk")
        rows = Member.objects.filter(Q(pk__in=league.members.values("pk")) | Q(pk__in=with_results))
    rows = rows.filter(guest=False)  # a seat waiting for a keeper, or a bot: nobody's row
    decimal = DecimalField(max_digits=8, decimal_places=2)
    rows = rows.annotate(
        vp_total=Coalesce(
            Sum(f"{related}__victory_points", filter=counted), Value(0), output_field=decimal
        ),
        played=Count(related, filter=counted),
        by_bot=Count(related, filter=counted & Q(**{f"{related}__by_bot": True})),
        wins=wins(league, night),
        total_points=Coalesce(
            Sum(f"{related}__{points_field}", filter=counted), Value(0), output_field=IntegerField()
        ),
    ).annotate(
        vp_average=Case(
            When(played=0, then=Value(0.0)),
            default=Cast("vp_total", FloatField()) / F("played"),
            output_field=FloatField(),
        ),
        place=Window(Rank(), order_by=tie_break(league)),
        **rating_annotations(league.game),
    )
    if in_sets:
        best = SetGame.objects.filter(
            _through("set", counted_results(league, night)), winner=OuterRef("pk")
        ).order_by("-points", "set__created_at", "number")
        rows = rows.annotate(
            best_hand=Subquery(best.values("hand")[:1]),
            best_hand_points=Subquery(best.values("points")[:1]),
        )
    else:
        rows = rows.annotate(best_hand=Value(""), best_hand_points=Value(None, IntegerField()))
    field = SORT_FIELDS.get(sort, "place")
    if field == "place":
        rows = rows.order_by(*tie_break(league), F("name").asc())
        return rows.reverse() if descending else rows
    else:
        primary = F(field).desc(nulls_last=True) if descending else F(field).asc(nulls_first=True)
        order = [primary, *tie_break(league), F("name").asc()]
    return rows.order_by(*order)


def rating_annotations(game: str) -> dict[str, Any]:
    """``rating_mu``, ``rating_sigma``, ``rating_results`` of the member's rating in ``game``,
    and ``rating_shown``: the ordinal μ − 3σ, or NULL while provisional (sorted last)."""
    rating = Rating.objects.filter(member=OuterRef("pk"), game=game)
    shown = Rating.objects.filter(
        member=OuterRef("pk"),
        game=game,
        results__gte=ratings.PROVISIONAL_RESULTS,
        sigma__lte=ratings.PROVISIONAL_SIGMA,
    ).annotate(value=F("mu") - 3 * F("sigma"))
    return {
        "rating_mu": Subquery(rating.values("mu")[:1]),
        "rating_sigma": Subquery(rating.values("sigma")[:1]),
        "rating_results": Subquery(rating.values("results")[:1]),
        "rating_shown": Subquery(shown.values("value")[:1], output_field=FloatField()),
    }


def pending_seats(league: League) -> QuerySet[GuestSeat]:
    """Seats of the league's online tables still waiting for a keeper to say who played."""
    return (
        GuestSeat.objects.filter(match__league=league, resolved_to=None)
        .select_related("match", "placeholder")
        .order_by("match__played_on", "match_id", "seat")
    )


def league_sets(league: League) -> QuerySet[SetResult]:
    """Every Dragon Formula set of the league with its lines and players (three queries)."""
    return (
        SetResult.objects.filter(match__league=league)
        .select_related("match", "match__club_night", "match__table")
        .prefetch_related(Prefetch("lines", SetLine.objects.select_related("member")))
        .order_by("-match__played_on", "-match_id", "number")
    )


def league_dragsaga_games(league: League) -> QuerySet[DragSagaResult]:
    """Every DragSaga game of the league with its lines and players."""
    return (
        DragSagaResult.objects.filter(match__league=league)
        .select_related("match", "match__club_night", "match__table")
        .prefetch_related(Prefetch("lines", DragSagaLine.objects.select_related("member")))
        .order_by("-match__played_on", "-match_id", "number")
    )


def set_sheets() -> QuerySet[SetResult]:
    """Sets with everything their score sheets show (lines, games, winners, penalties)."""
    return SetResult.objects.select_related("match__league", "match__club_night").prefetch_related(
        Prefetch("lines", SetLine.objects.select_related("member")),
        Prefetch(
            "games",
            SetGame.objects.select_related("winner").prefetch_related("penalties__member"),
        ),
    )


def set_sheet(set_result: SetResult) -> SetResult:
    """A set with everything its score sheet shows (lines, games, winners, penalties)."""
    return set_sheets().get(pk=set_result.pk)
