"""A notice held back (quiet hours, a digest, a retry) tells only what is still true when
it goes: no "your move" after the member has moved, none for a game that is over (only
"the game is over"), no "12 hours left" when a vacation has moved the deadline, and a table
where the member has been waited on twice meanwhile is told once."""

from __future__ import annotations

import time
from datetime import UTC, datetime, timedelta

import pytest
from django.core import mail

from dragonformula.rules.engine import ENGINE
from dragonformula.rules.game import waiting_for
from games.tables.actions import playing
from games.turns import deadlines, notices, scheduler, vacations
from games.turns.models import DAY, HOUR, Deadline, Notice, NoticeSettings
from tests.turns.turn_tables import turn_based_table

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _club_in_utc(settings):
    settings.TIME_ZONE = "UTC"


def _quiet_until_the_next_hour(player, at: float) -> float:
    """``player`` asked for e-mail, with quiet hours the hour of ``at``: when they end."""
    player.user.email = f"{player.user.username}@club.example"
    player.user.save()
    hour = datetime.fromtimestamp(at, tz=UTC).hour
    NoticeSettings.objects.update_or_create(
        player=player,
        defaults={
            "email": True,
            "language": "en",
            "quiet_from": hour,
            "quiet_until": (hour + 1) % 24,
        },
    )
    moment = datetime.fromtimestamp(at, tz=UTC).replace(minute=0, second=0, microsecond=0)
    return (moment + timedelta(hours=1, minutes=1)).timestamp()


def _table(move_deadline=3 * DAY):
    """A turn-based Dragon Formula table of ann and ben where ann moves first; ann asked
    for e-mail (quiet this hour) before it began. The game, ann, and when her quiet ends."""
    now = time.time()
    table, game, (ann, ben) = turn_based_table(
        "dragonformula", ["ann", "ben"], options={"fire_seat": 0}, move_deadline=move_deadline
    )
    morning = _quiet_until_the_next_hour(ann, now)
    # Her wait written again as it is for a member who asked: a reminder, a "your move".
    Deadline.objects.filter(game=game).delete()
    deadlines.resync(game.pk, now)
    assert list(Notice.objects.values_list("kind", flat=True)) == [Notice.Kind.YOUR_MOVE]
    game.refresh_from_db()
    return game, ann, ben, morning


def _play_until(game, players, done):
    for _step in range(200):
        if done(game):
            return game
        seat = waiting_for(game.state)[0]
        action = ENGINE.bot_action(game.state, seat, "smart")
        game = playing.apply_action(game, players[seat], action, game.version)
    raise AssertionError("the game never got there")


def test_no_your_move_after_the_member_has_moved():
    game, ann, ben, morning = _table()
    assert notices.send_due(morning - 3600 + 60) == 0  # her quiet hour
    _play_until(game, [ann, ben], lambda g: 0 not in waiting_for(g.state))
    assert notices.send_due(morning) == 0
    assert mail.outbox == []
    assert not Notice.objects.filter(player=ann, sent__isnull=True).exists()


def test_only_the_game_over_is_told_when_the_game_ended_meanwhile():
    game, ann, ben, morning = _table()
    game.refresh_from_db()
    game.finished = datetime.now(tz=UTC)  # as a move that ended it saves it
    game.save(update_fields=["finished"])
    deadlines.game_saved(None, game, acted=set(), at=time.time())
    notices.send_due(morning)
    assert [m.subject for m in mail.outbox] == [
        f"The game at Dragon Formula table {game.table.code} is over"
    ]


def test_no_twelve_hours_left_once_a_vacation_has_moved_the_deadline():
    game, ann, ben, morning = _table(move_deadline=DAY)
    notices.send_due(morning)  # her "your move"
    due = Notice.objects.get(player=ann).created.timestamp() + DAY
    remind = due - 12 * HOUR
    _quiet_until_the_next_hour(ann, remind + 1)
    scheduler.run_due(remind + 1)  # "12 hours left" queued, held by her quiet hour
    assert Notice.objects.filter(kind=Notice.Kind.TWELVE_HOURS, sent__isnull=True).exists()
    vacations.take(ann, 3, remind + 60)
    NoticeSettings.objects.filter(player=ann).update(quiet_from=None, quiet_until=None)
    notices.send_due(remind + 120)
    assert [m.subject.split(" at ")[0] for m in mail.outbox] == ["Your move"]


def test_a_table_that_waited_on_the_member_twice_meanwhile_is_told_once():
    game, ann, ben, morning = _table()
    game = _play_until(game, [ann, ben], lambda g: 0 not in waiting_for(g.state))
    _play_until(game, [ann, ben], lambda g: 0 in waiting_for(g.state))
    assert Notice.objects.filter(player=ann, sent__isnull=True).count() >= 2
    assert notices.send_due(morning) == 1
    assert len(mail.outbox) == 1
