"""E-mail and Web Push about turn-based tables, for the members who ask for them (off by
default; push per device, ``games.turns.push``).

What to tell is queued as a :class:`~games.turns.models.Notice` inside the transaction of
the move that makes it (``games.turns.deadlines``), so it is told once: "your move" or "a
Pick is waiting" when a member's move deadline starts, "12 hours left" from a ``remind``
deadline, "the game is over" when a turn-based game ends. :func:`send_due` (the
scheduler's loop) sends them when the member's settings allow: never in their quiet hours,
once a day as a digest if they chose one, in their language, each with a link to the table
(``games.turns.notice_words``). A wait that is over by then (the move made, the game moved
on or over) is not told. A message names the game, the table's code and the link, nothing
of any hand: no card ever leaves the server in one. Bodies are never logged: the
operator's log gets one line per message sent, without its text.

Sending holds no database lock: a member's notices are claimed (``claimed``) in a short
transaction, sent after it commits, then marked sent, so no two processes send one, and
one a stopped process claimed is sent after :data:`CLAIM_EXPIRES`. An e-mail the mail
server refuses is tried again later, :data:`TRIES` times at most, without holding up
anyone else's.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from django import conf
from django.core.mail import send_mail
from django.db import transaction
from django.db.models import F, Q, QuerySet
from django.utils import timezone, translation

from games.turns import notice_words, push
from games.turns.models import Deadline, Notice, NoticeSettings, PushSubscription

logger = logging.getLogger(__name__)

BATCH = 200
DIGEST_EVERY = timedelta(days=1)
TWELVE_HOURS = timedelta(hours=12)  # how long before a move deadline its reminder comes
SLACK = timedelta(minutes=1)  # between the clocks of the processes that queue and send
# A process that claimed notices and never marked them sent (it stopped mid-send) gives
# them back after this long: longer than any send takes (mail and 10 s per push).
CLAIM_EXPIRES = timedelta(minutes=30)
RETRY_AFTER = timedelta(minutes=5)  # the first retry of a failed e-mail; doubles each time
TRIES = 5  # a notice whose e-mail failed this many times is given up


def asking_for_email() -> QuerySet[NoticeSettings]:
    """The settings of members who asked for e-mail and have an address to send it to."""
    return NoticeSettings.objects.filter(email=True, player__user__email__gt="")


def wants_email(player_id: int) -> bool:
    """Whether the member asked for e-mail and has an address to send it to."""
    return asking_for_email().filter(player_id=player_id).exists()


def queue(player_id: int, table_id: int, kind: str, at: float) -> None:
    """Tell ``player_id`` about ``table_id`` (``kind``: a :class:`Notice.Kind`), if they
    asked for e-mail or pushes (inside the caller's transaction)."""
    if wants_email(player_id) or push.wants_push(player_id):
        Notice.objects.create(
            player_id=player_id,
            table_id=table_id,
            kind=kind,
            created=datetime.fromtimestamp(at, tz=UTC),
        )


def quiet(settings: NoticeSettings, at: datetime) -> bool:
    """Whether ``at`` falls in the member's quiet hours (in the club's time zone)."""
    start, end = settings.quiet_from, settings.quiet_until
    if start is None or end is None or start == end:
        return False
    hour = timezone.localtime(at).hour
    return start <= hour < end if start < end else hour >= start or hour < end


def send_due(now: float | None = None) -> int:
    """Send the queued notices the members' settings allow now; how many messages went.

    One member's failure (an address the mail server refuses, a backend that is down) is
    logged by its type and the member's id, and their notices are tried again later
    (:func:`_failed`); every other member's go on. Nothing is sent inside a transaction:
    each member's notices are claimed in a short one (:func:`_claim`), sent, then marked."""
    at = datetime.fromtimestamp(time.time() if now is None else now, tz=UTC)
    waiting = _sendable(at).order_by("created")
    players = list(dict.fromkeys(waiting.values_list("player_id", flat=True)[:BATCH]))
    sent = 0
    for player_id in players:
        try:
            sent += _send_to(player_id, at)
        except Exception as error:  # one member's trouble must not keep the others' mail
            logger.warning(
                "Notices to player %s could not be sent (%s)", player_id, type(error).__name__
            )
    return sent


def _sendable(at: datetime) -> QuerySet[Notice]:
    """Notices not yet sent, not waiting for a retry, and not being sent by a process now
    (a claim older than :data:`CLAIM_EXPIRES` is a process that stopped mid-send)."""
    return Notice.objects.filter(
        Q(retry_at__isnull=True) | Q(retry_at__lte=at),
        Q(claimed__isnull=True) | Q(claimed__lt=at - CLAIM_EXPIRES),
        sent__isnull=True,
    )


@dataclass
class _Claim:
    """A member's notices this process took to send, and how to send them."""

    player_id: int
    notices: list[Notice]
    claimed: datetime
    address: str
    devices: list[PushSubscription]
    digest: bool
    language: str


def _send_to(player_id: int, at: datetime) -> int:
    claim = _claim(player_id, at)
    if claim is None:
        return 0
    try:
        sent = _deliver(claim)
    except Exception as error:
        _failed(claim, at, error)
        return 0
    with transaction.atomic():
        Notice.objects.filter(pk__in=[n.pk for n in claim.notices], claimed=claim.claimed).update(
            sent=at, claimed=None
        )
        if claim.digest:
            NoticeSettings.objects.filter(player_id=player_id).update(last_digest=at)
    logger.info("Sent %d message(s) about turn-based tables to player %s", sent, player_id)
    return sent


def _claim(player_id: int, at: datetime) -> _Claim | None:
    """Take ``player_id``'s sendable notices for this process, in a short transaction
    (``SELECT … FOR UPDATE SKIP LOCKED`` on PostgreSQL, the one write lock on SQLite): a
    claimed notice is no other process's until the claim expires. None if there is
    nothing to send now (another process has them, their quiet hours, their digest's day
    not come, or they are backing off after a failure)."""
    with transaction.atomic():
        notices = list(
            _sendable(at)
            .select_for_update(skip_locked=True, of=("self",))
            .filter(player_id=player_id)
            .select_related("table")
            .order_by("created")
        )
        if not notices:
            return None  # another process has them
        if Notice.objects.filter(player_id=player_id, sent__isnull=True, retry_at__gt=at).exists():
            return None  # their last try failed: theirs wait together for the retry
        settings = (
            NoticeSettings.objects.select_related("player__user")
            .filter(player_id=player_id)
            .first()
        )
        address = settings.player.user.email if settings and settings.player.user else ""
        emails = settings is not None and settings.email and bool(address)
        devices = list(PushSubscription.objects.filter(player_id=player_id))
        if not emails and not devices:
            _mark_sent(notices, at)  # they stopped asking: nothing is sent
            return None
        notices = _still_waiting(player_id, notices, at)
        if not notices:
            return None
        if settings is not None and quiet(settings, at):
            return None
        digest = settings is not None and settings.digest
        if digest and settings.last_digest and at - settings.last_digest < DIGEST_EVERY:
            return None
        Notice.objects.filter(pk__in=[n.pk for n in notices]).update(claimed=at)
    return _Claim(
        player_id=player_id,
        notices=notices,
        claimed=at,
        address=address if emails else "",
        devices=devices,
        digest=digest,
        language=settings.language if settings else conf.settings.LANGUAGE_CODE,
    )


def _still_waiting(player_id: int, notices: list[Notice], at: datetime) -> list[Notice]:
    """The notices still worth telling; the rest are deleted. A "your move", "a Pick" or
    "12 hours left" is told only while that wait is real: the member still has a move
    deadline at the table, not yet past (12 hours or less away, for "12 hours left"),
    and no later notice of a wait at that table has replaced it (the game moved on).
    "The game is over" is always told."""
    waits = {Notice.Kind.YOUR_MOVE, Notice.Kind.PICK, Notice.Kind.TWELVE_HOURS}
    tables = {n.table_id for n in notices if n.kind in waits}
    due = dict(
        Deadline.objects.filter(
            player_id=player_id, kind=Deadline.Kind.MOVE, table_id__in=tables
        ).values_list("table_id", "due")
    )
    latest = {n.table_id: n.pk for n in notices if n.kind in waits}  # notices are in order
    kept, stale = [], []
    for notice in notices:
        deadline = due.get(notice.table_id)
        real = notice.kind not in waits or (
            latest[notice.table_id] == notice.pk
            and deadline is not None
            and deadline > at
            and (notice.kind != Notice.Kind.TWELVE_HOURS or deadline - at <= TWELVE_HOURS + SLACK)
        )
        (kept if real else stale).append(notice)
    if stale:
        Notice.objects.filter(pk__in=[n.pk for n in stale]).delete()
    return kept


def _deliver(claim: _Claim) -> int:
    """Send a claim's messages (outside any transaction); how many went. Pushes go on a
    notice's first try only: a retry is for the e-mail that failed."""
    first_try = [n for n in claim.notices if n.tries == 0]
    with translation.override(claim.language):
        if claim.digest:
            messages = [notice_words.digest_email(claim.notices)]
            pushes = [notice_words.digest_push(first_try)] if first_try else []
        else:
            messages = [notice_words.email(n) for n in claim.notices]
            pushes = [notice_words.push(n) for n in first_try]
    sent = 0
    for device in claim.devices:
        for title, body, url in pushes:
            sent += push.send(device, title, body, url)
    if claim.address:
        for subject, body in messages:
            send_mail(subject, body, None, [claim.address])
            sent += 1
    return sent


def _failed(claim: _Claim, at: datetime, error: Exception) -> None:
    """A claim's e-mail failed: logged by the error's type and the member's id (never the
    message), and tried again after :data:`RETRY_AFTER`, doubling each time; a notice
    that failed :data:`TRIES` times is given up."""
    pks = [n.pk for n in claim.notices]
    tries = max(n.tries for n in claim.notices) + 1
    with transaction.atomic():
        given_up, _rows = Notice.objects.filter(pk__in=pks, tries__gte=TRIES - 1).delete()
        retry_at = at + RETRY_AFTER * 2 ** (tries - 1)
        Notice.objects.filter(pk__in=pks).update(
            tries=F("tries") + 1, retry_at=retry_at, claimed=None
        )
    if given_up:
        logger.warning(
            "Gave up on %d notice(s) to player %s after %d tries (%s)",
            given_up,
            claim.player_id,
            TRIES,
            type(error).__name__,
        )
    if len(pks) > given_up:
        logger.warning(
            "Notices to player %s failed (%s); trying again at %s",
            claim.player_id,
            type(error).__name__,
            retry_at.isoformat(timespec="seconds"),
        )


def _mark_sent(notices: list[Notice], at: datetime) -> None:
    Notice.objects.filter(pk__in=[n.pk for n in notices]).update(sent=at, claimed=None)
