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

from games.leagues import counting, results
from games.leagues.member_models import GuestSeat, Member
from games.leagues.models import League
from games.nights.models import ClubNight
from games.ratings import ratings
from games.ratings.models import Rating
from games.registry import game_kind

# The ``?sort=`` keys of the standings pages: the annotation each orders by.
SORT_FIELDS: dict[str, str] = {
    "place": "place",
    "name": "sort_key",
    "vp": "vp_total",
    "played": "played",
    "average": "vp_average",
    "wins": "wins",
    "points": "total_points",
    "best": "best_hand_points",
    "rating": "rating_shown",
}


# Players still tied are listed by their names' reading (よみ), as the club's list is read.
BY_READING = (F("sort_key").asc(), F("name").asc(), F("pk").asc())


def lower_points_win(league: League) -> bool:
    """Whether less of the total places higher (the game's ``LESS_IS_BETTER`` hook: DragSaga's
    final damage); more points place higher by default."""
    return bool(game_kind(league.game).league_part.LESS_IS_BETTER)


def tie_break(league: League) -> list[OrderBy]:
    """RULES §1.5 rule 10: victory points, then total points; still tied, the place is shared."""
    points = F("total_points")
    return [F("vp_total").desc(), points.asc() if lower_points_win(league) else points.desc()]


def counted_results(league: League, night: ClubNight | None = None) -> dict[str, Any]:
    """The league's results that count (``counting.counted``); with ``night``, that night's."""
    return counting.counted(league.game, league, night)


_through = counting.through


def wins(league: League, night: ClubNight | None = None) -> Func:
    """The standings' wins: the game's own (its ``standings_wins`` hook: Dragon Formula counts
    games won by Dan or Pick-and-Dan), else the results finished first, shared places too."""
    counted = counted_results(league, night)
    own = game_kind(league.game).league_part.standings_wins
    if own is not None:
        return own(counted)
    firsts = _through("result_lines__result", counting.counted_lines(league, night))
    return Count("result_lines", filter=firsts & Q(result_lines__rank=1))


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
    The figures count every game's generic lines that count (``counting.counted_lines``: no
    void, no unfinished set); the game's own annotations its own results (:func:`counted_results`).
    """
    related = "result_lines"  # every game's generic lines (``games.leagues.result_lines``)
    counted = _through(f"{related}__result", counting.counted_lines(league, night))
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
            Sum(f"{related}__points", filter=counted), Value(0), output_field=IntegerField()
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
    own = game_kind(league.game).league_part.standings_annotations
    if own is not None:
        rows = rows.annotate(**own(counted_results(league, night)))
    else:
        rows = rows.annotate(best_hand=Value(""), best_hand_points=Value(None, IntegerField()))
    field = SORT_FIELDS.get(sort, "place")
    if field == "place":
        rows = rows.order_by(*tie_break(league), *BY_READING)
        return rows.reverse() if descending else rows
    else:
        primary = F(field).desc(nulls_last=True) if descending else F(field).asc(nulls_first=True)
        order = [primary, *tie_break(league), *BY_READING]
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


def league_results(league: League) -> QuerySet:
    """Every result of the league (its game's sets or games) with its lines and players,
    newest match first (three queries)."""
    lines = results.line_model(league.game).objects.select_related("member")
    return (
        results.result_model(league.game)
        .objects.filter(match__league=league)
        .select_related("match", "match__club_night", "match__table")
        .prefetch_related(Prefetch("lines", lines))
        .order_by("-match__played_on", "-match_id", "number")
    )
