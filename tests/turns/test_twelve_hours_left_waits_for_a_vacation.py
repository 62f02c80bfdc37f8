"""A member on vacation hears nothing of a deadline that waits for them: the "12 hours left"
reminder moves with their move deadline, and comes back with it when they come back early."""

from __future__ import annotations

import pytest

from games.tables.actions import opening, seating, starting
from games.turns import scheduler, vacations
from games.turns.models import DAY, HOUR, Notice, NoticeSettings
from tests.turns.turn_tables import deadlines_of, member

pytestmark = pytest.mark.django_db


def _table_where_ann_asked_for_email():
    """A started turn-based DragSaga table (a day a move) of ann, who asked for e-mail
    before it started, and ben."""
    ann, ben = member("ann"), member("ben")
    ann.user.email = "ann@club.example"
    ann.user.save()
    NoticeSettings.objects.create(player=ann, email=True, language="en")
    table = opening.create_table(game_name="dragsaga", players=2, created_by=ann, move_deadline=DAY)
    seating.sit(table, ben)
    return starting.start(table, ann), ann


def test_twelve_hours_left_is_not_sent_during_a_vacation():
    game, ann = _table_where_ann_asked_for_email()
    start = game.created.timestamp()
    before = deadlines_of(game)
    assert before[("remind", 0)] == pytest.approx(before[("move", 0)] - 12 * HOUR)
    vacations.take(ann, 3, start + 60)
    moved = deadlines_of(game)
    assert moved[("move", 0)] == pytest.approx(before[("move", 0)] + 3 * DAY)
    assert moved[("remind", 0)] == pytest.approx(moved[("move", 0)] - 12 * HOUR)
    # The day her reminder was due before the vacation: nothing for her.
    scheduler.run_due(before[("remind", 0)] + 60)
    assert not Notice.objects.filter(player=ann, kind=Notice.Kind.TWELVE_HOURS).exists()
    # 12 hours before her deadline after the vacation: now she is told.
    scheduler.run_due(moved[("remind", 0)] + 1)
    assert Notice.objects.filter(player=ann, kind=Notice.Kind.TWELVE_HOURS).count() == 1


def test_coming_back_early_puts_the_reminder_back_with_the_deadline():
    game, ann = _table_where_ann_asked_for_email()
    start = game.created.timestamp()
    before = deadlines_of(game)
    vacations.take(ann, 5, start + 60)
    away = deadlines_of(game)
    assert away[("remind", 0)] == pytest.approx(before[("remind", 0)] + 5 * DAY)
    vacations.end(ann, start + 120)  # back a minute later
    back = deadlines_of(game)
    assert back[("move", 0)] == pytest.approx(before[("move", 0)] + 60, abs=1)
    assert back[("remind", 0)] == pytest.approx(back[("move", 0)] - 12 * HOUR)
