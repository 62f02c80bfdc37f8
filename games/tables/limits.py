"""What one visitor may open: a few tables that have not started, per player and per
browser session, more per address; lobby tables that never start go away by themselves.

- :data:`MAX_OPEN_PER_PLAYER` / :data:`MAX_OPEN_PER_SESSION` waiting tables made from the
  lobby: not started, or started and left to their bots (no player's socket open) until
  they stop; one more is refused with a message (:class:`TooManyTables`, 429).
- Per address (a club behind one address is many players): :data:`MAX_OPEN_PER_ADDRESS`
  waiting, and ``client_limits.TABLES_PER_ADDRESS`` opened per hour, so a client taking a
  new cookie (a new guest) for every table cannot fill the lobby.
- A lobby table nobody sits at expires :data:`EMPTY_MINUTES` after it was opened, and
  so does one whose seated players have had no table socket open for as long (they
  left it waiting); one that never started, :data:`NEVER_STARTED_HOURS` after. Tables
  of the club (demo), of a league or of a script (``created_session`` blank) never expire
  here. The lobby sweeps them at most every :data:`EXPIRY_EVERY_SECONDS`.
- Turn-based tables (``Table.move_deadline``) are for members and wait days, not minutes:
  they count neither against the live limits above nor against the address's, but a
  member has at most :data:`MAX_TURN_BASED_OPEN` of them waiting and sits at most at
  :data:`MAX_TURN_BASED_SEATS` turn-based tables not finished (429 beyond); one that never
  starts goes after :data:`TURN_BASED_NEVER_STARTED_DAYS`, never for being left alone.
- The lobby lists, per game, the open tables first (newest first, at most
  :data:`LOBBY_OPEN_PER_GAME`, none of one creator beyond the per-player limit),
  then those being played (at most :data:`LOBBY_PLAYING_PER_GAME`).
"""

from __future__ import annotations

import time
from datetime import UTC, datetime, timedelta

from django.core.cache import cache
from django.db.models import Exists, OuterRef, Prefetch, Q
from django.utils.translation import gettext as _

from games.learn.steps import GUIDED  # a guided first game's Table.created_session
from games.presence import away
from games.presence.models import SeatConnection
from games.registry import GAMES
from games.tables import client_limits
from games.tables.actions.refused import ActionRefused, NotTheirs
from games.tables.models import Player, Seat, Table

SESSION_BROWSER = "browser"  # the session's key for this browser's id (Table.created_session)
MAX_OPEN_PER_PLAYER = 3
MAX_OPEN_PER_SESSION = 3
MAX_OPEN_PER_ADDRESS = 10
EMPTY_MINUTES = 10
NEVER_STARTED_HOURS = 3
EXPIRY_EVERY_SECONDS = 20
LOBBY_OPEN_PER_GAME = 30
LOBBY_PLAYING_PER_GAME = 30
MAX_TURN_BASED_OPEN = 5
MAX_TURN_BASED_SEATS = 30
TURN_BASED_NEVER_STARTED_DAYS = 7


class TooManyTables(ActionRefused):
    status = 429


def _waiting() -> Q:
    return Q(status=Table.Status.OPEN)


def _waiting_or_left_playing(now: datetime) -> Q:
    """Tables that count toward a client's waiting tables: those not started, and those a
    client started and left playing by themselves (no seat's socket open), until they stop
    (``away.unattended_seconds``; approximated here by the game's start and the last
    socket of the table to close)."""
    since = now - timedelta(seconds=away.unattended_seconds())
    someone_there = SeatConnection.objects.filter(seat__table=OuterRef("pk"), closed__isnull=True)
    recently = Q(games__created__gt=since, games__finished__isnull=True) | Q(
        seats__connections__closed__gt=since
    )
    left_playing = (
        Q(status=Table.Status.PLAYING) & ~Q(created_session="") & ~Exists(someone_there) & recently
    )
    return _waiting() | left_playing


def _turn_based() -> Q:
    return Q(move_deadline__isnull=False)


def check_may_open(
    player: Player, browser: str, address: str | None = None, turn_based: bool = False
) -> None:
    """Refuse a new lobby table when this player or this browser (the id its session keeps
    under :data:`SESSION_BROWSER`) has enough waiting, or this address has (counted then).
    ``turn_based``: a member's turn-based table, counted apart (:func:`check_turn_based`)."""
    expire_now_and_then()
    if turn_based:
        check_turn_based(player, opening=True)
        if address and not client_limits.take(client_limits.TABLES_PER_ADDRESS, address):
            raise _too_many_from_address()
        return
    mine = Q(created_by=player)
    if browser:
        mine |= Q(created_session=browser)
    if address:
        mine |= Q(created_address=address)
    # One query: this client's waiting tables, and those it left playing by themselves.
    waiting = Table.objects.filter(mine, _waiting_or_left_playing(datetime.now(tz=UTC))).exclude(
        _turn_based()
    )
    rows = set(
        waiting.values_list("pk", "status", "created_by_id", "created_session", "created_address")
    )
    by_player = [row for row in rows if row[2] == player.pk]
    by_session = [row for row in rows if browser and row[3] == browser]
    by_address = [row for row in rows if address and row[4] == address]
    if len(by_player) >= MAX_OPEN_PER_PLAYER or len(by_session) >= MAX_OPEN_PER_SESSION:
        count = max(len(by_player), len(by_session))
        if any(row[1] == Table.Status.PLAYING for row in [*by_player, *by_session]):
            raise TooManyTables(
                _(
                    "You already have %(count)d tables waiting for players or left playing "
                    "by themselves: go back to one of them before opening another."
                )
                % {"count": count},
                "too_many_tables",
            )
        raise TooManyTables(
            _(
                "You already have %(count)d tables waiting for players: start one of them "
                "(bots can take the empty seats) before opening another."
            )
            % {"count": count},
            "too_many_tables",
        )
    # Counted only for a table this player and browser may open.
    if len(by_address) >= MAX_OPEN_PER_ADDRESS or (
        address and not client_limits.take(client_limits.TABLES_PER_ADDRESS, address)
    ):
        raise _too_many_from_address()


def _too_many_from_address() -> TooManyTables:
    return TooManyTables(
        _(
            "Too many tables were opened from your network: start one of those waiting "
            "or try again later."
        ),
        "too_many_from_address",
    )


def check_turn_based(player: Player, opening: bool = False) -> None:
    """A member may sit at many turn-based tables, not unboundedly: at most
    :data:`MAX_TURN_BASED_SEATS` not finished, and (``opening`` one) at most
    :data:`MAX_TURN_BASED_OPEN` of their own waiting for players. Guests are refused (403)."""
    if player.is_guest:
        raise NotTheirs(_("Turn-based tables are for club members: please log in first."), "guest")
    mine = Table.objects.filter(_turn_based())
    seated = (
        mine.exclude(status=Table.Status.FINISHED).filter(seats__player=player).distinct().count()
    )
    if seated >= MAX_TURN_BASED_SEATS:
        raise TooManyTables(
            _(
                "You already sit at %(count)d turn-based tables: finish some of them "
                "before joining another."
            )
            % {"count": seated},
            "too_many_turn_based",
        )
    waiting = mine.filter(_waiting(), created_by=player).count() if opening else 0
    if waiting >= MAX_TURN_BASED_OPEN:
        raise TooManyTables(
            _(
                "You already have %(count)d turn-based tables waiting for players: start "
                "one of them before opening another."
            )
            % {"count": waiting},
            "too_many_tables",
        )


def check_may_sit(table: Table, player: Player) -> None:
    """Sitting at a turn-based table: a member, within :func:`check_turn_based`'s bound."""
    if table.is_turn_based:
        check_turn_based(player)


def expire_now_and_then() -> int:
    """:func:`expire_open_tables` at most once per :data:`EXPIRY_EVERY_SECONDS` across the
    server's processes (the cache says when it last ran): the lobby and every new-table
    request ask, and a flood of them must not sweep the tables each time."""
    if not cache.add("lobby:expired-recently", True, EXPIRY_EVERY_SECONDS):
        return 0
    return expire_open_tables()


def expire_open_tables(now: float | None = None) -> int:
    """Delete the lobby tables that never started and are past their time; how many."""
    at = datetime.fromtimestamp(time.time() if now is None else now, tz=UTC)
    made = Table.objects.filter(_waiting()).exclude(created_session="")
    lobby_made = made.exclude(_turn_based())
    since = at - timedelta(minutes=EMPTY_MINUTES)
    # Nobody sat down, or those seated have had no socket open for as long: left waiting.
    present = SeatConnection.objects.filter(Q(closed__isnull=True) | Q(closed__gt=since))
    deserted = lobby_made.filter(created__lte=since).exclude(
        pk__in=present.values("seat__table_id")
    )
    stale = lobby_made.filter(created__lte=at - timedelta(hours=NEVER_STARTED_HOURS))
    # A turn-based table waits for players for days: only one that never started goes.
    turn_based = made.filter(_turn_based()).filter(
        created__lte=at - timedelta(days=TURN_BASED_NEVER_STARTED_DAYS)
    )
    expired = {
        *deserted.values_list("pk", flat=True),
        *stale.values_list("pk", flat=True),
        *turn_based.values_list("pk", flat=True),
    }
    if not expired:
        return 0
    Table.objects.filter(pk__in=expired, status=Table.Status.OPEN).delete()
    return len(expired)


def lobby_tables() -> dict[str, list[Table]]:
    """The lobby's tables per game: open ones first, then those being played (a read)."""
    seats = Prefetch("seats", queryset=Seat.objects.select_related("player").order_by("number"))
    by_game: dict[str, list[Table]] = {}
    for name in GAMES:
        # A guided first game's table is its player's own: never listed.
        listed = Table.objects.filter(game_name=name).exclude(created_session=GUIDED)
        listed = listed.prefetch_related(seats)
        shown: list[Table] = []
        per_creator: dict[int | None, int] = {}
        per_address: dict[str | None, int] = {}
        for table in listed.filter(_waiting()).order_by("-created")[: LOBBY_OPEN_PER_GAME * 4]:
            count = per_creator.get(table.created_by_id, 0)
            if table.created_by_id is not None and count >= MAX_OPEN_PER_PLAYER:
                continue
            from_address = per_address.get(table.created_address, 0)
            if table.created_address is not None and from_address >= MAX_OPEN_PER_ADDRESS:
                continue
            per_creator[table.created_by_id] = count + 1
            per_address[table.created_address] = from_address + 1
            shown.append(table)
            if len(shown) == LOBBY_OPEN_PER_GAME:
                break
        playing = listed.filter(status=Table.Status.PLAYING).order_by("-created")
        by_game[name] = shown + list(playing[:LOBBY_PLAYING_PER_GAME])
    return by_game
