"""Sending the notices holds no database lock, so no move at any table waits for a mail
server or a push service; a notice is sent once even when another process looks at the
queue meanwhile, and one a process took and never finished (it was stopped) is sent later
by another."""

from __future__ import annotations

import pytest
from django.core import mail
from django.core.mail.backends.locmem import EmailBackend
from django.db import connection

from games.turns import notices, push
from games.turns.models import Notice, NoticeSettings, PushSubscription
from tests.turns.turn_tables import dragonformula_waiting_on, member

# Real commits, as between processes: no test-wide transaction around the test.
pytestmark = pytest.mark.django_db(transaction=True)

DURING_SEND: list = []  # what each send does while the message is on its way


class WatchedBackend(EmailBackend):
    """The outbox, running ``DURING_SEND``'s callable as each message goes."""

    def send_messages(self, messages):
        for during in DURING_SEND:
            during()
        return super().send_messages(messages)


@pytest.fixture(autouse=True)
def _watched_mail_server(settings):
    settings.EMAIL_BACKEND = f"{__name__}.WatchedBackend"
    DURING_SEND.clear()
    yield
    DURING_SEND.clear()


def _ann_waited_on_with_email_and_a_phone():
    ann = member("ann")
    ann.user.email = "ann@club.example"
    ann.user.save()
    NoticeSettings.objects.create(player=ann, email=True, language="en")
    PushSubscription.objects.create(
        player=ann, endpoint="https://fcm.googleapis.com/fcm/send/ann", p256dh="k", auth="a"
    )
    return ann, dragonformula_waiting_on(ann, member("ben"))


def test_no_transaction_is_open_while_mail_and_pushes_go(monkeypatch):
    ann, game = _ann_waited_on_with_email_and_a_phone()
    in_transaction = []
    DURING_SEND.append(lambda: in_transaction.append(("mail", connection.in_atomic_block)))

    def pushed(device, title, body, url):
        in_transaction.append(("push", connection.in_atomic_block))
        return True

    monkeypatch.setattr(push, "send", pushed)
    assert notices.send_due(game.created.timestamp() + 10) == 2
    assert in_transaction == [("push", False), ("mail", False)]
    assert Notice.objects.get(player=ann).sent is not None


def test_another_process_sends_nothing_while_one_is_sending(monkeypatch):
    ann, game = _ann_waited_on_with_email_and_a_phone()
    monkeypatch.setattr(push, "send", lambda *args: True)
    at = game.created.timestamp() + 10
    meanwhile: list[int] = []

    def second_process() -> None:
        """While the first process's mail is on its way, a second looks at the queue."""
        if not meanwhile:
            meanwhile.append(-1)  # once
            meanwhile[0] = notices.send_due(at + 1)

    DURING_SEND.append(second_process)
    assert notices.send_due(at) == 2
    assert meanwhile == [0]
    assert len(mail.outbox) == 1
    assert notices.send_due(at + 2) == 0 and len(mail.outbox) == 1


def test_a_notice_a_stopped_process_took_is_sent_later_once(monkeypatch):
    ann, game = _ann_waited_on_with_email_and_a_phone()
    monkeypatch.setattr(push, "send", lambda *args: True)
    at = game.created.timestamp() + 10

    def stopped():
        raise SystemExit("the process is stopped mid-send")

    DURING_SEND.append(stopped)
    with pytest.raises(SystemExit):
        notices.send_due(at)
    DURING_SEND.clear()
    assert mail.outbox == []
    # Taken by the stopped process: not sent again at once (it may still be on its way)...
    assert notices.send_due(at + 60) == 0
    # ...but once its claim has expired, another process sends it, once.
    later = at + notices.CLAIM_EXPIRES.total_seconds() + 1
    assert notices.send_due(later) >= 1
    assert [m.to for m in mail.outbox] == [["ann@club.example"]]
    assert notices.send_due(later + 1) == 0 and len(mail.outbox) == 1
