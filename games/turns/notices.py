"""E-mail and Web Push about turn-based tables, for the members who ask for them (off by
default; push per device, ``games.turns.push``).

What to tell is queued as a :class:`~games.turns.models.Notice` inside the transaction of
the move that makes it (``games.turns.deadlines``), so it is told once: "your move" or "a
Pick is waiting" when a member's move deadline starts, "12 hours left" from a ``remind``
deadline, "the game is over" when a turn-based game ends. :func:`send_due` (the
scheduler's loop) sends them when the member's settings allow: never in their quiet hours,
once a day as a digest if they chose one, in their language, each with a link to the table.
A message names the game, the table's code and the link, nothing of any hand: no card ever
leaves the server in one. Bodies are never logged: the operator's log gets one line per
message sent, without its text.
"""

from __future__ import annotations

import logging
import time
from datetime import UTC, datetime, timedelta

from django import conf
from django.core.mail import send_mail
from django.db import transaction
from django.db.models import QuerySet
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from games.registry import game_kind
from games.tables.models import Table
from games.tables.qr import public_url
from games.turns import push
from games.turns.models import Notice, NoticeSettings, PushSubscription

logger = logging.getLogger(__name__)

BATCH = 200
DIGEST_EVERY = timedelta(days=1)


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
    """Send the queued notices the members' settings allow now; how many messages went."""
    at = datetime.fromtimestamp(time.time() if now is None else now, tz=UTC)
    waiting = Notice.objects.filter(sent__isnull=True).order_by("created")
    players = list(dict.fromkeys(waiting.values_list("player_id", flat=True)[:BATCH]))
    return sum(_send_to(player_id, at) for player_id in players)


def _send_to(player_id: int, at: datetime) -> int:
    with transaction.atomic():
        notices = list(
            Notice.objects.select_for_update(skip_locked=True)
            .filter(player_id=player_id, sent__isnull=True)
            .select_related("table")
            .order_by("created")
        )
        if not notices:
            return 0  # another process has them
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
            return 0
        if settings is not None and quiet(settings, at):
            return 0
        digest = settings is not None and settings.digest
        if digest and settings.last_digest and at - settings.last_digest < DIGEST_EVERY:
            return 0
        with translation.override(settings.language if settings else conf.settings.LANGUAGE_CODE):
            messages = [_digest(notices)] if digest else [_message(n) for n in notices]
            pushes = [_digest_push(notices)] if digest else [_push(n) for n in notices]
        if emails:
            for subject, body in messages:
                send_mail(subject, body, None, [address])
        for device in devices:
            for title, body, url in pushes:
                push.send(device, title, body, url)
        if digest:
            settings.last_digest = at
            settings.save(update_fields=["last_digest"])
        _mark_sent(notices, at)
    sent = (len(messages) if emails else 0) + len(pushes) * len(devices)
    logger.info("Sent %d message(s) about turn-based tables to player %s", sent, player_id)
    return sent


def _mark_sent(notices: list[Notice], at: datetime) -> None:
    Notice.objects.filter(pk__in=[n.pk for n in notices]).update(sent=at)


def _subject(notice: Notice) -> str:
    table: Table = notice.table
    words = {"game": game_kind(table.game_name).label, "code": table.code}
    return {
        Notice.Kind.YOUR_MOVE: _("Your move at %(game)s table %(code)s"),
        Notice.Kind.PICK: _("A Pick is waiting for you at %(game)s table %(code)s"),
        Notice.Kind.TWELVE_HOURS: _("12 hours left for your move at %(game)s table %(code)s"),
        Notice.Kind.GAME_OVER: _("The game at %(game)s table %(code)s is over"),
    }[notice.kind] % words


def _link(notice: Notice) -> str:
    return public_url(None, reverse(f"{notice.table.game_name}:table", args=[notice.table.code]))


def _footer() -> str:
    return _("You get these messages because you asked for them: %(url)s") % {
        "url": public_url(None, reverse("games:your_move"))
    }


def _message(notice: Notice) -> tuple[str, str]:
    subject = _subject(notice)
    body = f"{subject}\n\n{_('Open the table: %(url)s') % {'url': _link(notice)}}\n\n{_footer()}\n"
    return subject, body


def _push(notice: Notice) -> tuple[str, str, str]:
    """A push's title, text and link: the e-mail's subject, nothing of any hand."""
    return _subject(notice), _("Tap to go to the table."), _link(notice)


def _digest_push(notices: list[Notice]) -> tuple[str, str, str]:
    subject = _("Your turn-based tables: %(count)d news") % {"count": len(notices)}
    return subject, "\n".join(_subject(n) for n in notices), _your_move_link()


def _your_move_link() -> str:
    return public_url(None, reverse("games:your_move"))


def _digest(notices: list[Notice]) -> tuple[str, str]:
    lines = [f"- {_subject(n)}: {_link(n)}" for n in notices]
    subject = _("Your turn-based tables: %(count)d news") % {"count": len(notices)}
    return subject, "\n".join([subject, "", *lines, "", _footer(), ""])
