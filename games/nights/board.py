"""What a club night's pages show: rounds, their drawn tables with names and elements, each
table's state and links (online table, replays, score sheet), the round clock, tonight's
standings and the league's. One read for the night page, the projector page and its socket."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from games.leagues import online as online_tables
from games.leagues import results, selectors, services
from games.leagues.models import ResultLine
from games.nights import check_in, online_rounds
from games.nights import tonight as night_tonight
from games.nights.models import ClubNight, NightRound, NightTable
from games.registry import RegisteredGame, game_kind
from games.tables import selectors as table_selectors
from games.tables.models import Table
from games.turns.models import Deadline

# What fits beside the seating on a 1920×1080 screen: tonight's players are shown a page of
# this many at a time, the pages taking turns (static/js/night.js); the night page lists everyone.
TONIGHT_ROWS_ON_SCREEN = 10
LEAGUE_ROWS_ON_SCREEN = 5


@dataclass
class SeatRow:
    number: int
    name: str
    element: str = ""
    element_label: str = ""
    visitor: bool = False
    pk: int = 0
    member_id: int = 0
    has_account: bool = False
    seated: bool = False  # online: the drawn person sat down
    by_bot: bool = False  # online: nobody took the seat; a bot plays it for them
    late: bool = False  # online, started: a bot stands in until the drawn person arrives


@dataclass
class TableRow:
    table: NightTable
    seats: list[SeatRow]
    mode: str
    finished: bool = False
    state: str = ""
    online_url: str = ""
    online_code: str = ""
    can_start: bool = False
    sheet_url: str = ""
    keep_url: str = ""
    replays: list[str] = field(default_factory=list)
    results: str = ""
    void: bool = False
    to_move: list[tuple[str, Any]] = field(default_factory=list)  # turn-based: (name, due)


@dataclass
class RoundRow:
    round: NightRound
    tables: list[TableRow]
    verify_url: str = ""


def seconds_left(night_round: NightRound | None) -> int | None:
    if night_round is None or night_round.timer_ends is None:
        return None
    if night_round.status != NightRound.Status.DRAWN:
        return None
    return max(0, int((night_round.timer_ends - timezone.now()).total_seconds()))


def element_label(kind: RegisteredGame, element: str) -> str:
    """A drawn seat's element as the game words it (its ``SEAT_ELEMENT_LABELS`` hook)."""
    label = kind.league_part.SEAT_ELEMENT_LABELS.get(element)
    return str(label) if label is not None else ""


def _online_elements(table: Table | None) -> list[str]:
    """The seat elements an online table's game dealt, as its game reads them (its
    ``dealt_elements`` hook; none for a game without, or before the deal)."""
    game = table_selectors.current_game(table) if table is not None else None
    if game is None:
        return []
    dealt = game_kind(game.game_name).league_part.dealt_elements
    return list(dealt(game.state)) if dealt is not None else []


def _results(result: Any, lines: Any = None) -> str:
    """A table's result in a line, from the platform's generic lines of it (``lines``, or
    read here): each player's points and victory points, a seat a bot played for its member
    marked; a void result says so (it counts nowhere)."""
    if lines is None:
        lines = ResultLine.objects.filter(
            result__match_id=result.match_id, result__number=result.number
        ).select_related("member")
    text = "; ".join(
        f"{services.line_label(line)} {line.points} · {line.victory_points.normalize():f}"
        for line in lines
    )
    return f"{_('void')}: {text}" if result.voided_at is not None else text


def shown_result(match: Any, kind: RegisteredGame) -> Any:
    """The result a table's row shows: its first that counts (a void one recorded again is
    replaced by the new one, as tonight's standings count it), else its first (void)."""
    found = getattr(match, results.match_results(kind)).order_by("number")
    return found.filter(voided_at=None).first() or found.first()


def _table_row(night_table: NightTable, kind: RegisteredGame, ended: bool) -> TableRow:
    seats = [
        SeatRow(
            seat.number + 1,
            seat.entrant.name,
            seat.element,
            visitor=seat.entrant.visitor,
            pk=seat.pk,
            member_id=seat.entrant.member_id,
            has_account=seat.entrant.member.user_id is not None,
        )
        for seat in night_table.seats.all()
    ]
    row = TableRow(night_table, seats, night_table.mode)
    match = night_table.match
    table = match.table if match is not None else None
    if night_table.mode == NightTable.Mode.ONLINE:
        elements = _online_elements(table)
        online = {s.number: s for s in table.seats.all()} if table is not None else {}
        never_sat = set(online_tables.bot_seats(table.pk)) if table is not None else set()
        waiting = set(online_tables.waiting_seats(table.pk)) if table is not None else set()
        for seat in seats:
            if elements:  # the table's own word once dealt (its first set's are the draw's)
                seat.element = elements[seat.number - 1] if len(elements) >= seat.number else ""
            held = online.get(seat.number - 1)
            seat.late = seat.number - 1 in waiting and night_table.round.status == "drawn"
            seat.seated = held is not None and held.player_id is not None and not seat.late
            seat.by_bot = seat.number - 1 in never_sat or (
                held is not None and held.player_id is None and bool(held.bot_level)
            )
    for seat in seats:
        seat.element_label = element_label(kind, seat.element)
    if table is not None and table.is_turn_based:
        names = {seat.number - 1: seat.name for seat in seats}
        row.to_move = [
            (names.get(deadline.seat, ""), deadline.due)
            for deadline in Deadline.objects.filter(
                table=table, kind=Deadline.Kind.MOVE, game__finished__isnull=True
            ).order_by("due", "seat")
        ]
    if match is None:
        row.state = _("not opened") if ended else _("not opened yet")
        return row
    row.finished = night_tonight.table_finished(night_table)
    if table is not None:
        row.online_url = reverse(f"{table.game_name}:table", args=[table.code])
        row.online_code = table.code
        row.can_start = table.status == Table.Status.OPEN
        row.replays = [
            reverse("games:replay", args=[pk])
            for pk in table.games.order_by("created").values_list("pk", flat=True)
        ]
        row.state = table.get_status_display()
    shown = shown_result(match, kind)
    # A game whose drawn real-cards table a keeper records here (its ``drawn_table_form``)
    # links the night's sheet and form until then; another keeps it on its result's page.
    recorded_here = kind.league_part.drawn_table_form is not None
    if shown is not None:
        keep_url, sheet_url = kind.result_pages(shown)
        row.sheet_url, row.keep_url = sheet_url or "", "" if recorded_here else keep_url or ""
        row.results = _results(shown)
        row.void = shown.voided_at is not None
        if row.void and recorded_here and table is None:  # void: the table is recorded again
            row.keep_url = reverse(
                "nights:table_result", args=[night_table.round.night_id, night_table.pk]
            )
    elif recorded_here and table is None:  # real cards: a sheet with the drawn names
        night_id = night_table.round.night_id
        row.sheet_url = reverse("nights:table_sheet", args=[night_id, night_table.pk])
        row.keep_url = reverse("nights:table_result", args=[night_id, night_table.pk])
    if row.finished:
        row.state = _("finished")
    elif ended:
        row.state = _("not finished")
    elif not row.state:
        row.state = _("playing")
    return row


@dataclass
class AwayResult:
    """A result recorded for the night away from its drawn tables (the league's own form):
    tonight's standings count it too, so the board lists it."""

    title: str
    page_url: str
    results: str
    void: bool


def away_from_the_draw(night: ClubNight, kind: RegisteredGame) -> list[AwayResult]:
    """The night's results of matches no round drew, oldest first."""
    away = {"match__club_night": night, "match__night_table__isnull": True}
    found = (
        results.result_model(kind)
        .objects.filter(**away)
        .select_related("match")
        .order_by("match__number", "number")
    )
    lines: dict[tuple[int, int], list[Any]] = {}
    for line in ResultLine.objects.filter(
        **{f"result__{key}": value for key, value in away.items()}
    ).select_related("member", "result"):
        lines.setdefault((line.result.match_id, line.result.number), []).append(line)
    return [
        AwayResult(
            _("Match %(match)s, result %(number)s")
            % {"match": result.match.number, "number": result.number},
            kind.result_pages(result)[0] or "",
            _results(result, lines.get((result.match_id, result.number), [])),
            result.voided_at is not None,
        )
        for result in found
    ]


def board(night: ClubNight) -> dict[str, Any]:
    """Everything the night's pages show, for the current language."""
    league = night.league
    kind = game_kind(league.game)
    rounds = []
    for night_round in night.rounds.order_by("number"):
        tables = (
            night_round.tables.select_related("match__table")
            .prefetch_related("seats__entrant__member", "match__table__seats")
            .order_by("number")
        )
        row = RoundRow(night_round, [_table_row(t, kind, night.ended is not None) for t in tables])
        if night_round.status == NightRound.Status.DONE:
            row.verify_url = (
                reverse("games:verify")
                + f"?kind=seat-draw&night={night.pk}&round={night_round.number}"
                f"&seed={night_round.seed}"
                f"&salt={night_round.salt}&commitment={night_round.commitment}"
            )
        rounds.append(row)
    current = rounds[-1] if rounds else None
    left = seconds_left(current.round if current else None)
    tonight = night_tonight.tonight_standings(night)
    entrants = list(night.entrants.select_related("member").order_by("name"))
    return {
        "night": night,
        "online_round": online_rounds.online_round(night),
        "counts_moves_out_of_time": online_rounds.counts_moves_out_of_time(league),
        "league": league,
        "rounds": rounds,
        "current": current,
        "seconds_left": left,
        "clock": f"{left // 60}:{left % 60:02d}" if left is not None else "",
        "entrants": entrants,
        "present": [e for e in entrants if e.left_after is None],
        "tonight": tonight,
        "away_results": away_from_the_draw(night, kind),
        "tonight_pages": [
            tonight[start : start + TONIGHT_ROWS_ON_SCREEN]
            for start in range(0, max(len(tonight), 1), TONIGHT_ROWS_ON_SCREEN)
        ],
        "league_rows": list(selectors.standings(league)[:LEAGUE_ROWS_ON_SCREEN]),
        "next_round": check_in.next_round_number(night),
    }
