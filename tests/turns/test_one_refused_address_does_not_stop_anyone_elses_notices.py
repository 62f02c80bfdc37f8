"""An address the mail server refuses holds up nobody else: the other members' notices
go out, the refused member's are tried again later (a few times, then given up), the log
says which member and what kind of failure (never the message), and the deadline worker
keeps running."""

from __future__ import annotations

import logging
import smtplib

import pytest
from django.core import mail
from django.core.mail.backends.locmem import EmailBackend
from django.core.management import call_command

from games.turns import notices, scheduler
from games.turns.models import Notice, NoticeSettings
from tests.turns.turn_tables import dragonformula_waiting_on, member

pytestmark = pytest.mark.django_db

REFUSED = {"ann@club.example"}


class RefusingBackend(EmailBackend):
    """The outbox, except that the mail server refuses the addresses in ``REFUSED``."""

    def send_messages(self, messages):
        for message in messages:
            refused = {to: (550, b"no such user") for to in message.to if to in REFUSED}
            if refused:
                raise smtplib.SMTPRecipientsRefused(refused)
        return super().send_messages(messages)


@pytest.fixture(autouse=True)
def _refusing_mail_server(settings):
    settings.EMAIL_BACKEND = f"{__name__}.RefusingBackend"


def _asking(name: str):
    player = member(name)
    player.user.email = f"{name}@club.example"
    player.user.save()
    NoticeSettings.objects.create(player=player, email=True, language="en")
    return player


def test_the_others_get_their_mail_when_one_address_is_refused(caplog):
    ann, ben, cy = _asking("ann"), _asking("ben"), _asking("cy")
    game = dragonformula_waiting_on(ann, member("dee"))
    dragonformula_waiting_on(ben, member("eve"))
    dragonformula_waiting_on(cy, member("fay"))
    now = game.created.timestamp() + 10
    with caplog.at_level(logging.INFO):
        assert notices.send_due(now) == 2
    assert sorted(m.to[0] for m in mail.outbox) == ["ben@club.example", "cy@club.example"]
    waiting = Notice.objects.get(player=ann)
    assert waiting.sent is None and waiting.tries == 1
    assert f"player {ann.pk}" in caplog.text and "SMTPRecipientsRefused" in caplog.text
    assert "Your move at" not in caplog.text  # never the message
    assert "ann@club.example" not in caplog.text


def test_a_refused_member_is_tried_again_later_then_given_up(caplog):
    ann = _asking("ann")
    game = dragonformula_waiting_on(ann, member("ben"))
    now = game.created.timestamp() + 10
    notices.send_due(now)
    assert Notice.objects.get(player=ann).tries == 1
    notices.send_due(now + 60)  # within the back-off: not tried
    assert Notice.objects.get(player=ann).tries == 1
    REFUSED.discard("ann@club.example")  # her mail server takes it again
    try:
        assert notices.send_due(now + notices.RETRY_AFTER.total_seconds() + 1) == 1
    finally:
        REFUSED.add("ann@club.example")
    assert [m.to for m in mail.outbox] == [["ann@club.example"]]
    assert Notice.objects.get(player=ann).sent is not None

    # Another notice, refused every time: tried TRIES times with a growing wait, then gone.
    game = dragonformula_waiting_on(ann, member("cy"))
    at = game.created.timestamp() + 20
    tried = 0
    with caplog.at_level(logging.WARNING):
        for _round in range(notices.TRIES + 3):
            notices.send_due(at)
            tried += 1
            at += notices.RETRY_AFTER.total_seconds() * 2**notices.TRIES
            if not Notice.objects.filter(player=ann, sent__isnull=True).exists():
                break
    assert tried == notices.TRIES
    assert "Gave up on 1 notice(s)" in caplog.text and f"player {ann.pk}" in caplog.text
    assert len(mail.outbox) == 1  # only the one that went through


def test_the_deadline_worker_keeps_running_after_a_failed_round(monkeypatch, caplog):
    rounds = []

    def failing_once(at=None):
        rounds.append(at)
        if len(rounds) == 1:
            raise smtplib.SMTPServerDisconnected("the mail server went away")
        return 0

    class Stop(Exception):
        pass

    def sleep(seconds):
        if len(rounds) >= 2:
            raise Stop

    monkeypatch.setattr(notices, "send_due", failing_once)
    monkeypatch.setattr(scheduler, "run_due", lambda at=None: 0)
    monkeypatch.setattr("games.management.commands.run_deadlines.time.sleep", sleep)
    with caplog.at_level(logging.WARNING), pytest.raises(Stop):
        call_command("run_deadlines")
    assert len(rounds) == 2  # the failed round was followed by another
    assert "SMTPServerDisconnected" in caplog.text
