"""Recording league results: what every game's results share, and who played.

Each game's own scoring lives with the game (its ``league`` hook in
``games.registry``: ``dragonformula.scoring`` scores sets, ``dragsaga.scoring`` games);
they place their lines with :func:`place_lines` (``games.engine.place`` with
``victory_point_table``), number them with :func:`next_number` and close a set with
:func:`complete_set`. Here too: who a seat's results go under (linked accounts, guest
seats a keeper names, claim codes) and voiding a result.

Bad input raises ``ValueError`` with a message a player can read, and nothing is
stored (each function runs in one transaction).
"""

from __future__ import annotations

import datetime
import hashlib
import secrets
from collections.abc import Callable, Sequence
from decimal import Decimal
from typing import Any

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.db.models import Max, QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _

from games.engine import place, victory_point_table
from games.leagues import result_lines, results
from games.leagues.member_models import GuestSeat, Member, MemberClaim
from games.leagues.models import REASON_MAX_LENGTH, League, Match, PlacingLine
from games.nights.models import ClubNight
from games.ratings import ratings
from games.registry import game_kind
from games.tables.validators import hidden_character

# --- players and matches -------------------------------------------------------


def linked_member(user: AbstractBaseUser | None) -> Member | None:
    """The league player a keeper linked to ``user``'s account, if any. Never by a name."""
    if user is None or not user.is_authenticated:
        return None
    return Member.objects.filter(user=user, guest=False).first()


def guest_member(match: Match, seat: int, name: str) -> Member:
    """Who a seat's results go under while no keeper has said who played it.

    The first call for a seat of ``match`` makes its :class:`GuestSeat` and a placeholder
    player (no standings row); once a keeper has named the seat, its later results go to
    the player named.
    """
    guest_seat, _created = GuestSeat.objects.get_or_create(
        match=match, seat=seat, defaults={"name": name[:40]}
    )
    if guest_seat.resolved_to_id is not None:
        return guest_seat.resolved_to
    if guest_seat.placeholder_id is None:
        label = f"{guest_seat.name} (? {match.number}-{seat + 1})"
        guest_seat.placeholder = Member.objects.create(name=label[:60], guest=True)
        guest_seat.save(update_fields=["placeholder"])
    return guest_seat.placeholder


def bot_member(match: Match, seat: int, level: str) -> Member:
    """The row a bot's results go under at a league table no night drew (a bot nobody played
    for): like a seat waiting for an organiser, it is no one's standings row, rating or
    export line (``guest``); its lines are marked ``by_bot``."""
    label = f"Bot {seat + 1} ({level or '-'}) · {match.pk}"
    bot = Member.objects.filter(name=label, guest=True).first()
    return bot or Member.objects.create(name=label[:60], guest=True)


def line_label(line: PlacingLine) -> str:
    """A result line's player as a page or a sheet names it: a seat a bot played for its
    member says so; a bot that played for no one is "a bot", never a player's name."""
    if line.by_bot and line.member.guest:
        return _("a bot")
    if line.by_bot:
        return _("%(name)s (played by a bot)") % {"name": line.member.name}
    return line.member.name


def new_match(league: League, club_night: ClubNight | None = None, **fields: Any) -> Match:
    """A new match of ``league``; one of a club night is played on the night's date (refused,
    ``NightEnded``, once the night has ended)."""
    if club_night is not None:
        check_night_open(Match(club_night=club_night))
        fields.setdefault("played_on", club_night.date)
    return Match.objects.create(league=league, club_night=club_night, **fields)


def _check_linkable(member: Member, user: AbstractBaseUser) -> None:
    if member.guest:
        raise ValueError(_("A seat waiting for a keeper cannot be linked to an account."))
    if member.user_id is not None:
        raise ValueError(
            _("%(member)s is linked to an account already; unlink it first.") % {"member": member}
        )
    other = Member.objects.filter(user=user).first()
    if other is not None:
        raise ValueError(
            _("That account is linked to %(member)s already.") % {"member": other.name}
        )


@transaction.atomic
def link_member(member: Member, user: AbstractBaseUser) -> Member:
    """A keeper links a league player to an account (the caller checked the keeper)."""
    member = Member.objects.select_for_update().get(pk=member.pk)
    _check_linkable(member, user)
    member.user = user
    member.save(update_fields=["user"])
    _revoke_claim_codes(member)
    return member


def _revoke_claim_codes(member: Member) -> None:
    """Once a player is linked (or given a new code), the codes still out for them are good
    for nothing."""
    MemberClaim.objects.filter(member=member, used_at=None).update(expires_at=timezone.now())


@transaction.atomic
def unlink_member(member: Member) -> Member:
    member = Member.objects.select_for_update().get(pk=member.pk)
    member.user = None
    member.save(update_fields=["user"])
    return member


CLAIM_CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CLAIM_CODE_LENGTH = 12


def claim_code_lifetime() -> datetime.timedelta:
    """How long a claim code stays good: ``LEAGUE_CLAIM_CODE_DAYS`` (7 days by default)."""
    return datetime.timedelta(days=getattr(settings, "LEAGUE_CLAIM_CODE_DAYS", 7))


def _claim_hash(code: str) -> str:
    normal = "".join(ch for ch in code.upper() if ch.isalnum())
    return hashlib.sha256(normal.encode()).hexdigest()


@transaction.atomic
def make_claim_code(
    member: Member, league: League, made_by: AbstractBaseUser, now: datetime.datetime | None = None
) -> str:
    """A one-time code that links ``member`` to whoever redeems it first, before it expires.

    The caller checked that ``made_by`` keeps ``league``. Only the code's hash is stored:
    the returned code is shown to the keeper once. The codes made for ``member`` before are
    good for nothing from now on: one live code per player.
    """
    if not league.members.filter(pk=member.pk).exists():
        raise ValueError(_("%(member)s does not play in this league.") % {"member": member})
    if member.guest or member.user_id is not None:
        raise ValueError(
            _("%(member)s is linked to an account already; unlink it first.") % {"member": member}
        )
    now = now or timezone.now()
    _revoke_claim_codes(member)
    code = "".join(secrets.choice(CLAIM_CODE_ALPHABET) for _ in range(CLAIM_CODE_LENGTH))
    MemberClaim.objects.create(
        member=member,
        league=league,
        code_hash=_claim_hash(code),
        created_by=made_by,
        expires_at=now + claim_code_lifetime(),
    )
    return "-".join(code[i : i + 4] for i in range(0, CLAIM_CODE_LENGTH, 4))


@transaction.atomic
def make_claim_codes(
    league: League, members: Sequence[Member], made_by: AbstractBaseUser
) -> list[tuple[Member, str]]:
    """A claim code for each of ``members`` without an account (the others are left out),
    all made at once: what a printed sheet of slips hands out."""
    now = timezone.now()
    return [
        (member, make_claim_code(member, league, made_by, now))
        for member in members
        if member.user_id is None and not member.guest
    ]


@transaction.atomic
def redeem_claim_code(
    code: str, user: AbstractBaseUser, now: datetime.datetime | None = None
) -> Member:
    """Link ``user`` to the league player a keeper made ``code`` for: once, before it expires."""
    now = now or timezone.now()
    claim = (
        MemberClaim.objects.select_for_update()
        .select_related("member")
        .filter(code_hash=_claim_hash(code))
        .first()
    )
    if claim is None:
        raise ValueError(_("That code is not a claim code. Check the letters and try again."))
    if claim.used_at is not None:
        raise ValueError(_("That code has been used already; ask a keeper for a new one."))
    if claim.expires_at <= now:
        raise ValueError(_("That code has expired; ask a keeper for a new one."))
    member = Member.objects.select_for_update().get(pk=claim.member_id)
    _check_linkable(member, user)
    member.user = user
    member.save(update_fields=["user"])
    claim.used_at, claim.used_by = now, user
    claim.save(update_fields=["used_at", "used_by"])
    _revoke_claim_codes(member)
    return member


def _match_members(match: Match) -> set[int]:
    lines = results.lines_of_match(match.league.game, match)
    return set(lines.values_list("member_id", flat=True))


@transaction.atomic
def name_guest_seat(guest_seat: GuestSeat, member: Member, named_by: AbstractBaseUser) -> None:
    """A keeper says who played a seat: its results move from the placeholder to ``member``.

    The ratings of the game are rebuilt (the results now count, in their own order).
    """
    guest_seat = (
        GuestSeat.objects.select_for_update().select_related("match__league").get(pk=guest_seat.pk)
    )
    match = guest_seat.match
    if guest_seat.resolved_to_id is not None:
        raise ValueError(_("A keeper has named this seat already."))
    if member.guest or not match.league.members.filter(pk=member.pk).exists():
        raise ValueError(_("%(member)s does not play in this league.") % {"member": member})
    if member.pk in _match_members(match):
        raise ValueError(
            _("%(member)s played another seat of this match.") % {"member": member.name}
        )
    placeholder = guest_seat.placeholder
    if placeholder is not None:
        lines = results.lines_of_match(match.league.game, match)
        lines.filter(member=placeholder).update(member=member)
        result_lines.keep_match(match)
        hand_over = game_kind(match.league.game).league_part.hand_over
        if hand_over is not None:
            hand_over(match, placeholder, member)
    guest_seat.resolved_to, guest_seat.resolved_by = member, named_by
    guest_seat.resolved_at, guest_seat.placeholder = timezone.now(), None
    guest_seat.save()
    if placeholder is not None:
        placeholder.delete()
    ratings.rebuild(match.league.game)


def _voidable(result: Any) -> Any:
    return (
        type(result).objects.select_for_update().select_related("match__league").get(pk=result.pk)
    )


def given_reason(reason: Any) -> str:
    """The reason an organiser gave for a void, a restore, a correction or a reopened night:
    required, one line, as long as the change history keeps (``ValueError`` otherwise)."""
    text = " ".join(str(reason or "").split())
    if not text:
        raise ValueError(_("Say why: the reason is kept in the history."))
    if len(text) > REASON_MAX_LENGTH:
        raise ValueError(
            _("Keep the reason under %(count)s characters.") % {"count": REASON_MAX_LENGTH + 1}
        )
    hidden = hidden_character(text)
    if hidden is not None:  # a NUL, or a mark turning the history's text around on screen
        raise ValueError(
            _(
                "A reason may not contain control characters or invisible text-direction marks "
                "(found %(code)s). Please type it again."
            )
            % {"code": f"U+{ord(hidden):04X}"}
        )
    return text


# ``by`` for a change no person made: an online table recording its own games (its history
# then names the table, never the player whose move ended the game).
THE_TABLE = object()


def tag_change(row: Any, by: Any, reason: str) -> None:
    """Who made the next save of ``row`` and why, for its history (django-simple-history):
    ``by`` an account; :data:`THE_TABLE`; or ``None``, the request's signed-in user."""
    if by is THE_TABLE:
        row._history_user = None
    elif by is not None:
        row._history_user = by
    row._change_reason = reason


@transaction.atomic
def void_result(result: Any, voided_by: AbstractBaseUser, reason: str) -> None:
    """An organiser voids a set or DragSaga game, saying why: it stays listed, counts nowhere,
    ratings recompute; its history keeps who, when and why."""
    reason = given_reason(reason)
    result = _voidable(result)
    if result.voided_at is not None:
        raise ValueError(_("This result is void already."))
    result.voided_at, result.voided_by, result.void_reason = timezone.now(), voided_by, reason
    tag_change(result, voided_by, reason)
    result.save(update_fields=["voided_at", "voided_by", "void_reason"])
    ratings.rebuild(result.match.league.game)


@transaction.atomic
def restore_result(result: Any, restored_by: AbstractBaseUser, reason: str) -> None:
    """Undo a void ("count it again"), saying why: the result counts again, the ratings
    recompute, and its history keeps the restore beside the void."""
    reason = given_reason(reason)
    result = _voidable(result)
    if result.voided_at is None:
        raise ValueError(_("This result is not void."))
    result.voided_at, result.voided_by, result.void_reason = None, None, ""
    tag_change(result, restored_by, reason)
    result.save(update_fields=["voided_at", "voided_by", "void_reason"])
    ratings.rebuild(result.match.league.game)


class NightEnded(ValueError):
    """A result for a club night that has ended: refused (the pages answer 409) until an
    organiser reopens it."""


def check_night_open(match: Match) -> None:
    """Refuse a new result for ``match`` once its club night has ended (``NightEnded``): an
    organiser reopens the night, with a reason, to record it."""
    night_id = match.club_night_id
    if night_id is None:
        return
    nights = ClubNight.objects.filter(pk=night_id).only("ended")
    if transaction.get_connection().in_atomic_block:
        # Held until the result is written: the night cannot end in between.
        nights = nights.select_for_update()
    night = nights.first()
    if night is not None and night.ended is not None:
        raise NightEnded(
            _(
                "This club night has ended: it takes no more results. An organiser can reopen "
                "it, saying why, to record this one."
            )
        )


# --- what every game's results share ---------------------------------------------------


def next_number(results: QuerySet) -> int:
    """The number of a match's next set or game: one more than the last of ``results``."""
    return (results.aggregate(last=Max("number"))["last"] or 0) + 1


def place_lines(lines: Sequence[PlacingLine], key: Callable[[PlacingLine], Any]) -> None:
    """Rank a result's ``lines`` (in seat order) by ``key``, higher first, and share out the
    victory points of the places (RULES §1.5 rule 10: tied lines share rank and points)."""
    placings = place(
        range(len(lines)),
        key=lambda index: key(lines[index]),
        victory_points=victory_point_table(len(lines)),
    )
    for placing in placings:
        lines[placing.seat].rank = placing.rank
        lines[placing.seat].victory_points = Decimal(str(placing.victory_points))


def complete_set(set_result: Any) -> None:
    """A set's last game is in: it counts in the standings from now on, and is rated."""
    set_result.complete, set_result.completed_at = True, timezone.now()
    set_result.save(update_fields=["complete", "completed_at"])
    ratings.rate_result(set_result)
