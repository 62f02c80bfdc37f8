"""E-mail about turn-based tables: off by default; on, a member hears "your move", "a Pick
is waiting", "12 hours left" and "the game is over", in their language, with a link to the
table, never in their quiet hours, as a daily digest if they chose one; no message names a
card; the log never holds a message's text."""

from __future__ import annotations

import logging
import re
from datetime import UTC, datetime

import pytest
from django.core import mail
from django.test import Client

from dragonformula.rules.cards import ALL_CARDS
from games.tables.actions import opening, seating, starting
from games.turns import deadlines, notices, scheduler
from games.turns.models import DAY, Notice, NoticeSettings
from tests.turns.turn_tables import member

pytestmark = pytest.mark.django_db

CARD = re.compile(r"(?<![A-Za-z0-9])(" + "|".join(map(re.escape, ALL_CARDS)) + r")(?![A-Za-z0-9])")


def _asking(name: str, **chosen) -> object:
    player = member(name)
    player.user.email = f"{name}@club.example"
    player.user.save()
    NoticeSettings.objects.create(player=player, email=True, **chosen)
    return player


def _two_seat_table(ann, ben):
    table = opening.create_table(
        game_name="dragonformula",
        players=2,
        created_by=ann,
        move_deadline=DAY,
        options={"fire_seat": 0},  # ann starts
    )
    seating.sit(table, ben)
    return table, starting.start(table, ann, seed=3)


def _sent_at(now: float) -> int:
    return notices.send_due(now)


def test_nobody_is_sent_anything_unless_they_asked():
    ann, ben = member("ann"), member("ben")
    ann.user.email = "ann@club.example"
    ann.user.save()
    table, game = _two_seat_table(ann, ben)
    scheduler.run_due(game.created.timestamp() + DAY + 1)
    assert notices.send_due() == 0 and mail.outbox == [] and not Notice.objects.exists()


def test_your_move_a_pick_12_hours_left_and_game_over_each_with_a_link_and_no_card(
    caplog, settings
):
    settings.SITE_URL = "https://club.example.org"
    ann, ben = _asking("ann", language="en"), _asking("ben", language="ja")
    table, game = _two_seat_table(ann, ben)
    start = game.created.timestamp()
    with caplog.at_level(logging.DEBUG):
        assert _sent_at(start + 1) == 1  # ann: her move
        scheduler.run_due(start + DAY - 12 * 3600 + 1)  # 12 hours before ann's deadline
        _sent_at(start + DAY - 12 * 3600 + 2)
        scheduler.run_due(start + DAY + 1)  # ann's day passes: ben is asked about her discard
        _sent_at(start + DAY + 2)
    subjects = [m.subject for m in mail.outbox]
    assert subjects[:2] == [
        f"Your move at Dragon Formula table {table.code}",
        f"12 hours left for your move at Dragon Formula table {table.code}",
    ]
    to_ben = [m for m in mail.outbox if m.to == ["ben@club.example"]]
    assert len(to_ben) == 1 and "ピック" in to_ben[0].subject  # in his language
    for message in mail.outbox:
        assert f"https://club.example.org/dragonformula/{table.code}/" in message.body
        assert not CARD.search(message.subject + message.body), message.body
        assert message.subject not in caplog.text and message.body not in caplog.text
    assert "Sent 1 message(s) about turn-based tables" in caplog.text


def test_game_over_is_told_to_every_member_who_asked():
    ann, ben = _asking("ann", language="en"), _asking("ben", language="en")
    table, game = _two_seat_table(ann, ben)
    game.refresh_from_db()
    game.finished = datetime.now(tz=UTC)  # as a move that ended it saves it
    deadlines.game_saved(None, game, acted=set(), at=game.created.timestamp() + 5)
    _sent_at(game.created.timestamp() + 6)
    over = [m for m in mail.outbox if "is over" in m.subject]
    assert sorted(m.to[0] for m in over) == ["ann@club.example", "ben@club.example"]


def test_quiet_hours_hold_a_message_until_they_end(settings):
    settings.TIME_ZONE = "UTC"
    ann, ben = _asking("ann", language="en", quiet_from=22, quiet_until=7), member("ben")
    _two_seat_table(ann, ben)
    night = datetime(2026, 12, 7, 23, 30, tzinfo=UTC).timestamp()
    morning = datetime(2026, 12, 8, 7, 5, tzinfo=UTC).timestamp()
    assert _sent_at(night) == 0 and mail.outbox == []
    assert _sent_at(morning) == 1 and len(mail.outbox) == 1


def test_a_digest_is_one_message_a_day():
    ann = _asking("ann", language="en", digest=True)
    for name in ("ben", "cy"):
        _two_seat_table(ann, member(name))
    now = datetime.now(tz=UTC).timestamp()
    assert _sent_at(now + 10) == 1
    assert len(mail.outbox) == 1 and mail.outbox[0].body.count("Your move at") == 2
    _two_seat_table(ann, member("dee"))
    assert _sent_at(now + 20) == 0  # the next digest, a day after this one
    assert _sent_at(now + DAY + 30) == 1 and mail.outbox[1].body.count("Your move at") == 1


@pytest.mark.parametrize(
    "fields",
    [
        {"quiet_from": "25", "quiet_until": "7"},
        {"quiet_from": "２２", "quiet_until": "7"},
        {"quiet_from": "22", "quiet_until": ""},
        {"quiet_from": "", "quiet_until": "", "language": "fr"},
        {"quiet_from": "9" * 100_000, "quiet_until": "1"},
    ],
)
def test_bad_settings_are_refused_and_change_nothing(fields):
    ann = member("ann")
    client = Client()
    client.force_login(ann.user)
    response = client.post("/your-move/notices/", {"email": "on", "language": "en", **fields})
    assert response.status_code == 400
    assert not NoticeSettings.objects.exists()


def test_a_member_turns_email_on_in_their_settings():
    ann = member("ann")
    client = Client()
    client.force_login(ann.user)
    page = client.get("/your-move/").content.decode()
    assert 'name="email"' in page and 'name="email" checked' not in page  # off by default
    response = client.post(
        "/your-move/notices/",
        {"email": "on", "quiet_from": "22", "quiet_until": "7", "language": "ja"},
    )
    assert response.status_code == 302
    chosen = NoticeSettings.objects.get(player=ann)
    assert (chosen.email, chosen.digest, chosen.quiet_from, chosen.quiet_until) == (
        True,
        False,
        22,
        7,
    )
    assert Client().post("/your-move/notices/", {"email": "on"}).status_code == 302  # to log in
    assert NoticeSettings.objects.count() == 1
