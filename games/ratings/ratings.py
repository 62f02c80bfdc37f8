"""Skill ratings: openskill's Plackett–Luce model over every rated league result, per game.

Each complete Dragon Formula set and each DragSaga game rates its 2–4 players by their
placing (the ranks the league stored: players who share a place share a rank). A player's
rating is a belief about their skill, μ with uncertainty σ; what the pages show is the
*ordinal* μ − 3σ, rounded, which starts at 0 and rises as a player keeps placing well
and the uncertainty shrinks.

A result is rated when it is recorded (:func:`rate_result`); a shared place is rated as a tie
(:func:`rate_placings`, docs/the-record.md).
A result counts unless it is void or a seat of it waits for a keeper to say who played;
when that changes (a void, a restored result, a seat named later) the game's ratings are
rebuilt (:func:`rebuild`), replaying every rated result in the order the results were
completed, so a rebuild gives exactly the numbers the incremental updates gave.

**Provisional** ("?" on the pages): fewer than :data:`PROVISIONAL_RESULTS` rated results,
or σ still above :data:`PROVISIONAL_SIGMA`. The model starts every player at σ = 25/3 ≈ 8.33;
7.5 is a tenth of that uncertainty gone, which a four-player set brings in about five
results and a two-player one in about four.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from itertools import groupby, permutations, product
from typing import Any

from django.db import connection, transaction
from django.db.models import Exists, Max, OuterRef, Q
from django.db.models.functions import Coalesce
from openskill.models import PlackettLuce

from games.leagues import counting
from games.leagues.member_models import Member
from games.leagues.models import League, Result, ResultLine
from games.ratings.models import Rating, RatingChange

MODEL = PlackettLuce()
PROVISIONAL_RESULTS = 5
PROVISIONAL_SIGMA = 7.5
BATCH = 2000


def ordinal(mu: float, sigma: float) -> float:
    """What the pages show: μ − 3σ (openskill's ordinal with its defaults)."""
    return mu - 3 * sigma


def rounded(value: float) -> int:
    """Half away from zero, as the standings' ``floatformat:0`` rounds."""
    return int(Decimal(str(value)).quantize(Decimal(1), rounding=ROUND_HALF_UP))


def is_provisional(results: int, sigma: float) -> bool:
    return results < PROVISIONAL_RESULTS or sigma > PROVISIONAL_SIGMA


def shown(mu: float | None, sigma: float | None, results: int | None) -> str:
    """The rating as a page shows it: the rounded ordinal, or "?" while provisional."""
    if mu is None or sigma is None or is_provisional(results or 0, sigma):
        return "?"
    return str(rounded(ordinal(mu, sigma)))


@dataclass
class Current:
    mu: float
    sigma: float
    results: int = 0


@dataclass(frozen=True)
class Rated:
    """One rated result: its platform ``Result``'s pk and (member, rank)."""

    pk: int
    placings: tuple[tuple[int, int], ...]


# One row of ``RatingChange`` as :func:`apply` makes it and :func:`_insert_changes` writes it.
CHANGE_COLUMNS = (
    "member_id",
    "game",
    "position",
    "result_id",
    "rank",
    "mu",
    "sigma",
)


def rate_placings(teams: list[list[Any]], ranks: list[int]) -> list[list[Any]]:
    """openskill's update of ``teams`` (one player each) for their ``ranks``, a shared place
    treated as a tie: the mean of the updates over every order in which the tied players
    could have finished (each order a strict ranking, all equally likely).

    openskill 6.2's Plackett–Luce, given equal ranks itself, lets a shared place leak into the
    places below it: four new players ranked 1, 1, 3, 4 come out with μ 25.93, 25.93, 25.93,
    22.20, the third-placed exactly as the two who shared first (and with a higher ordinal,
    as his σ shrinks more). Averaged over the two orders of the tie the same result gives
    27.17, 27.17, 24.69, 20.96: the shared winners equal, both above the third.
    """
    tied = [
        [seat for seat, rank in enumerate(ranks) if rank == place]
        for place in sorted(set(ranks))
        if ranks.count(place) > 1
    ]
    if not tied:
        return MODEL.rate(teams, ranks=[float(rank) for rank in ranks])
    sums = [[0.0, 0.0] for _team in teams]
    orders = list(product(*(permutations(group) for group in tied)))
    for order in orders:
        # The tie broken this way: its players in this order, all above the next place.
        broken = {seat: offset for group in order for offset, seat in enumerate(group)}
        finish = sorted(range(len(teams)), key=lambda seat: (ranks[seat], broken.get(seat, 0)))
        strict = {seat: float(place) for place, seat in enumerate(finish, start=1)}
        rated = MODEL.rate(teams, ranks=[strict[seat] for seat in range(len(teams))])
        for seat, (new,) in enumerate(rated):
            sums[seat][0] += new.mu
            sums[seat][1] += new.sigma
    count = len(orders)
    return [[MODEL.rating(mu=mu / count, sigma=sigma / count)] for mu, sigma in sums]


def apply(current: dict[int, Current], result: Rated, game: str, position: int) -> list[tuple]:
    """Rate one result over ``current`` (updated in place): its rating changes, as rows of
    :data:`CHANGE_COLUMNS`."""
    players = [member for member, _rank in result.placings]
    teams = [
        [MODEL.rating(mu=c.mu, sigma=c.sigma)]
        for c in (current.setdefault(m, Current(MODEL.mu, MODEL.sigma)) for m in players)
    ]
    rated = rate_placings(teams, [rank for _m, rank in result.placings])
    changes = []
    for (member, rank), (new,) in zip(result.placings, rated, strict=True):
        state = current[member]
        state.mu, state.sigma, state.results = new.mu, new.sigma, state.results + 1
        changes.append((member, game, position, result.pk, rank, new.mu, new.sigma))
    return changes


def _insert_changes(rows: list[tuple]) -> None:
    """Write rating changes in one ``executemany``: a rebuild writes one row per player per
    result (40,000 for 10,000 sets of 4), which model instances and ``bulk_create`` make
    several times slower (``bench/ratings.py``)."""
    quote = connection.ops.quote_name
    columns = ", ".join(quote(c) for c in CHANGE_COLUMNS)
    marks = ", ".join(["%s"] * len(CHANGE_COLUMNS))
    sql = f"INSERT INTO {quote(RatingChange._meta.db_table)} ({columns}) VALUES ({marks})"
    with connection.cursor() as cursor:
        cursor.executemany(sql, rows)


# --- which results count, in which order --------------------------------------------


def _rated_lines(game: str) -> Q:
    """Generic lines (``games.leagues.result_lines``) of ``game``'s results that count
    (``counting``), played by people, none waiting to be named."""
    waiting = ResultLine.objects.filter(result=OuterRef("result"), member__guest=True, by_bot=False)
    counts = counting.through("result", counting.counted_lines())
    return counts & Q(by_bot=False, result__match__league__game=game) & ~Q(Exists(waiting))


def _grouped(rows: Iterable[tuple[int, int, int]]) -> Iterator[Rated]:
    for pk, lines in groupby(rows, key=lambda row: row[0]):
        placings = tuple((member, rank) for _pk, member, rank in lines)
        if len(placings) > 1:  # the others were bots: nobody to be ranked against
            yield Rated(pk, placings)


def rated_results(game: str) -> Iterator[Rated]:
    """Every result of ``game`` that counts, in the order the results were completed (a set
    when it completed, a game when it was recorded), each by its platform ``Result``."""
    rows = (
        ResultLine.objects.filter(_rated_lines(game))
        .annotate(done=Coalesce("result__completed_at", "result__created_at"))
        .order_by("done", "result_id", "seat")
        .values_list("result_id", "member_id", "rank")
    )
    return _grouped(rows.iterator(chunk_size=BATCH))


# --- writing ----------------------------------------------------------------------------


def _save(game: str, current: dict[int, Current], members: Iterable[int]) -> None:
    members = set(members)
    existing = {r.member_id: r for r in Rating.objects.filter(game=game, member_id__in=members)}
    new, changed = [], []
    for member in members:
        state = current[member]
        rating = existing.get(member)
        if rating is None:
            new.append(
                Rating(
                    member_id=member,
                    game=game,
                    mu=state.mu,
                    sigma=state.sigma,
                    results=state.results,
                )
            )
        else:
            rating.mu, rating.sigma, rating.results = state.mu, state.sigma, state.results
            changed.append(rating)
    Rating.objects.bulk_create(new, batch_size=BATCH)
    Rating.objects.bulk_update(changed, ["mu", "sigma", "results"], batch_size=BATCH)


def _lock(game: str) -> None:
    """One writer of a game's ratings at a time: lock the game's leagues (callers lock their
    result or seat first, then this, always in that order)."""
    list(League.objects.select_for_update().filter(game=game).values_list("pk", flat=True))


@transaction.atomic
def rebuild(game: str) -> int:
    """Replay every result of ``game`` that counts, from scratch. Returns how many were rated."""
    _lock(game)
    Rating.objects.filter(game=game).delete()
    RatingChange.objects.filter(game=game).delete()
    current: dict[int, Current] = {}
    changes: list[tuple] = []
    count = 0
    for count, result in enumerate(rated_results(game), start=1):
        changes.extend(apply(current, result, game, count))
    _insert_changes(changes)
    Rating.objects.bulk_create(
        (
            Rating(member_id=m, game=game, mu=c.mu, sigma=c.sigma, results=c.results)
            for m, c in current.items()
        ),
        batch_size=BATCH,
    )
    return count


def _rate_latest(game: str, result: Rated) -> None:
    """Rate a just-recorded result (once)."""
    if RatingChange.objects.filter(result_id=result.pk, game=game).exists():
        return  # rated already
    last = RatingChange.objects.filter(game=game).aggregate(last=Max("position"))["last"] or 0
    players = [member for member, _rank in result.placings]
    current = {
        r.member_id: Current(r.mu, r.sigma, r.results)
        for r in Rating.objects.filter(game=game, member_id__in=players)
    }
    _insert_changes(apply(current, result, game, last + 1))
    _save(game, current, players)


@transaction.atomic
def rate_result(recorded: Any) -> None:
    """Rate a result (a set, a game) that has just been completed, if it counts, in its
    league's game: by its platform ``Result`` and generic lines, kept already."""
    game = League.objects.values_list("game", flat=True).get(matches=recorded.match_id)
    result = Result.objects.get(match_id=recorded.match_id, number=recorded.number)
    lines = list(result.lines.select_related("member").order_by("seat"))
    if result.voided_at is not None:
        return
    if any(line.member.guest and not line.by_bot for line in lines):
        return  # a seat waits for an organiser to say who played: rated once named
    played = [line for line in lines if not line.by_bot]  # a bot's play rates no one
    if len(played) < 2:
        return
    _lock(game)
    if _out_of_order(game, result):
        rebuild(game)
        return
    placings = tuple((line.member_id, line.rank) for line in played)
    _rate_latest(game, Rated(result.pk, placings))


def _out_of_order(game: str, result: Any) -> bool:
    """Whether a result rated already was completed after ``result`` (a rebuild puts it first)."""
    last = RatingChange.objects.filter(game=game).order_by("-position").first()
    if last is None:
        return False
    previous = Result.objects.filter(pk=last.result_id).first()
    if previous is None:
        return True  # the last rated result is gone: the ratings are rebuilt without it
    return (_done_at(previous), previous.pk) > (_done_at(result), result.pk)


def _done_at(result: Result) -> Any:
    """When a result was finished: a set when it completed, a game when it was recorded."""
    return result.completed_at or result.created_at


# --- reading -----------------------------------------------------------------------------


def rating_of(member: Member, game: str) -> Rating | None:
    return Rating.objects.filter(member=member, game=game).first()


def history(member: Member, game: str) -> list[RatingChange]:
    """The member's rating after each rated result of ``game``, oldest first."""
    return list(RatingChange.objects.filter(member=member, game=game).order_by("position"))
