"""The "your move" inbox: a count in the header on every page (one query), a page listing
every table waiting on the member by deadline; vacation days pause a member's deadlines."""

from __future__ import annotations

import time

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from games.tables.actions import opening, seating, starting
from games.tables.actions.refused import ActionRefused
from games.turns import vacations
from games.turns.models import DAY, HOUR, Deadline, MoveDeadline, Vacation
from tests.turns.turn_tables import deadlines_of, member, turn_based_table

pytestmark = pytest.mark.django_db


def _browser(player) -> Client:
    client = Client()
    client.force_login(player.user)
    return client


def _dragsaga_waiting_on_all(names, deadline):
    """A turn-based DragSaga game: every seat chooses its dragon at once, so it waits on all."""
    return turn_based_table("dragsaga", names, move_deadline=deadline)


def test_the_header_counts_the_tables_waiting_on_the_member_on_every_page():
    _t1, _g1, (ann, ben) = _dragsaga_waiting_on_all(["ann", "ben"], DAY)
    cy = member("cy")
    table = opening.create_table(
        game_name="dragsaga", players=2, created_by=cy, move_deadline=3 * DAY
    )
    seating.sit(table, ann)
    starting.start(table, cy)
    client = _browser(ann)
    for page in ("/", "/rules/", f"/dragsaga/{table.code}/", "/your-move/"):
        html = client.get(page).content.decode()
        assert '<span class="move-count" aria-label="2 tables waiting for you">2</span>' in html
    with CaptureQueriesContext(connection) as queries:
        client.get("/rules/")
    deadline_table = Deadline._meta.db_table
    assert sum(deadline_table in q["sql"] for q in queries.captured_queries) == 1
    assert "move-count" not in Client().get("/").content.decode()  # nobody signed in


def test_the_page_lists_every_waiting_table_nearest_deadline_first_one_tap_away():
    ann = member("ann")
    t2, _fast, (cy, _dee) = _dragsaga_waiting_on_all(["cy", "dee"], 12 * HOUR)
    third = opening.create_table(
        game_name="dragonformula",
        players=2,
        created_by=ann,
        move_deadline=MoveDeadline.ONE_DAY,
        options={"fire_seat": 1},  # the first game starts with seat 1: cy's move
    )
    seating.sit(third, cy)
    starting.start(third, ann)
    html = _browser(cy).get("/your-move/").content.decode()
    assert "2 turn-based tables are waiting for you" in html
    assert html.index(f'href="/dragsaga/{t2.code}/"') < html.index(
        f'href="/dragonformula/{third.code}/"'
    )  # the twelve hours first, then the day
    assert "11 h 59 min left" in html or "12 h 0 min left" in html
    assert "23 h 59 min left" in html or "1 d 0 h left" in html
    assert (
        "No table is waiting for you" in _browser(member("eve")).get("/your-move/").content.decode()
    )
    assert Client().get("/your-move/").status_code == 302  # a member's page: log in first


def test_vacation_days_pause_the_deadlines_and_coming_back_resumes_them():
    _t, game, (ann, ben) = _dragsaga_waiting_on_all(["ann", "ben"], DAY)
    before = deadlines_of(game)
    client = _browser(ann)
    assert client.post("/your-move/vacation/", {"days": "3"}).status_code == 302
    after = deadlines_of(game)
    assert after[("move", 0)] == pytest.approx(before[("move", 0)] + 3 * DAY)
    assert after[("move", 1)] == before[("move", 1)]  # ben is not on vacation
    page = client.get("/your-move/").content.decode()
    assert "You are on vacation until" in page
    assert vacations.days_left(ann, time.time()) == vacations.DAYS_PER_SEASON - 3
    # Back early (the same day): one day is used, the deadline is back where it was.
    assert client.post("/your-move/vacation/", {"back": "1"}).status_code == 302
    back = deadlines_of(game)
    assert back[("move", 0)] == pytest.approx(before[("move", 0)], abs=60)
    assert vacations.days_left(ann, time.time()) == vacations.DAYS_PER_SEASON - 1


def test_a_deadline_that_starts_during_a_vacation_starts_at_its_end():
    ann, ben = member("ann"), member("ben")
    now = time.time()
    vacation = vacations.take(ann, 2, now)
    table = opening.create_table(game_name="dragsaga", players=2, created_by=ann, move_deadline=DAY)
    seating.sit(table, ben)
    game = starting.start(table, ann)
    due = deadlines_of(game)
    assert due[("move", 0)] == pytest.approx(vacation.ends.timestamp() + DAY, abs=2)
    assert due[("move", 1)] == pytest.approx(game.created.timestamp() + DAY, abs=2)


@pytest.mark.parametrize(
    ("days", "message"),
    [
        ("15", "1 to 14 vacation days"),
        ("0", "1 to 14 vacation days"),
        ("３", "whole number of days"),
        ("-2", "whole number of days"),
        ("2.5", "whole number of days"),
        ("", "whole number of days"),
        ("9" * 100_000, "whole number of days"),
    ],
)
def test_vacation_past_the_allowance_or_not_a_number_is_refused_and_changes_nothing(days, message):
    _t, game, (ann, ben) = _dragsaga_waiting_on_all(["ann", "ben"], DAY)
    before = deadlines_of(game)
    response = _browser(ann).post("/your-move/vacation/", {"days": days})
    assert response.status_code == 400
    assert message in response.content.decode()
    assert not Vacation.objects.exists() and deadlines_of(game) == before


def test_the_season_allowance_counts_every_vacation_taken():
    ann = member("ann")
    now = time.time()
    vacations.take(ann, 10, now)
    vacations.end(ann, now + 10 * DAY)
    with pytest.raises(ActionRefused, match="1 to 4 vacation days"):
        vacations.take(ann, 5, now + 10 * DAY + 60)
    assert Vacation.objects.count() == 1


def test_who_may_write_here_a_member_for_themselves_only():
    """Vacation and e-mail settings are the signed-in member's own: a visitor who is not
    signed in, or a guest (a name in a browser, no account), is sent to log in and
    nothing is written; a member writes only their own."""
    from games.tables.models import Player
    from games.turns.models import NoticeSettings
    from tests.web.tables import browser_of

    ann = member("ann")
    guest = Player.objects.create(display_name="Gus")
    for client in (Client(), browser_of(guest, csrf=False)):
        for url, data in (
            ("/your-move/vacation/", {"days": "2"}),
            ("/your-move/notices/", {"email": "on", "language": "en"}),
        ):
            response = client.post(url, data)
            assert response.status_code == 302 and "/accounts/login/" in response.url
    assert not Vacation.objects.exists() and not NoticeSettings.objects.exists()
    staff = member("sam")
    staff.user.is_staff = True
    staff.user.save()
    assert _browser(staff).post("/your-move/vacation/", {"days": "2"}).status_code == 302
    assert list(Vacation.objects.values_list("player", flat=True)) == [staff.pk]  # not ann's
    assert vacations.current(ann.pk, time.time()) is None
