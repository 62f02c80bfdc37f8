"""An organiser keeps the calendar true (issue 52): a night is renamed, moved to another date
(outside the season only once confirmed) or cancelled (asked once more), each kept in the
night's history with who did it and why; ending a season asks what becomes of its nights still
scheduled (cancelled, or moved into the next season); "Run tonight's club night" on a day
outside the season asks first. Every one of these writes is refused to everyone but the
league's organisers and staff, and bad input changes nothing."""

from __future__ import annotations

import datetime

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games.leagues.member_models import Member
from games.leagues.models import League
from games.nights.models import ClubNight, NightChange
from tests.support.leagues import make_league, make_members

pytestmark = pytest.mark.django_db
User = get_user_model()


@pytest.fixture
def calendar():
    """A league whose season runs from today for 90 days, two nights scheduled ahead, and a
    client for each kind of visitor."""
    today = timezone.localdate()
    league = make_league()
    league.season_start, league.season_end = today, today + datetime.timedelta(days=90)
    league.save()
    make_members(league, "Aki", "Ben")
    first = ClubNight.objects.create(
        league=league, date=today + datetime.timedelta(days=7), opened=None
    )
    second = ClubNight.objects.create(
        league=league, date=today + datetime.timedelta(days=14), opened=None
    )
    organiser = User.objects.create_user("org", password="pw-org-12345")
    league.organisers.add(organiser)
    member = User.objects.create_user("aki", password="pw-aki-12345")
    Member.objects.filter(name="Aki").update(user=member)
    other = User.objects.create_user("other", password="pw-other-1234")
    make_league(name="Other League").organisers.add(other)
    staff = User.objects.create_user("staff", password="pw-staff-1234", is_staff=True)
    clients = {}
    for who, user in (
        ("anonymous", None),
        ("member", member),
        ("other organiser", other),
        ("organiser", organiser),
        ("staff", staff),
    ):
        clients[who] = Client()
        if user is not None:
            clients[who].force_login(user)
    return league, first, second, clients


def change(client, night, action, **fields):
    url = reverse("leagues:change_night", args=[night.league_id, night.pk])
    return client.post(url, {"action": action, **fields})


def snapshot(league):
    return sorted(
        ClubNight.objects.filter(league__club=league.club).values_list(
            "pk", "league_id", "date", "name", "cancelled", "opened"
        )
    ) + [NightChange.objects.count(), League.objects.count()]


def test_a_night_is_renamed_moved_and_cancelled_with_its_history(calendar):
    league, first, _second, clients = calendar
    organiser = clients["organiser"]
    assert change(organiser, first, "rename", name="春の決勝").status_code == 302
    new_date = first.date + datetime.timedelta(days=2)
    moved = change(organiser, first, "move", date=new_date.isoformat(), reason="Hall booked")
    assert moved.status_code == 302
    first.refresh_from_db()
    assert first.name == "春の決勝" and first.date == new_date
    # Cancelling asks once more; nothing changes until it is confirmed.
    asked = change(organiser, first, "cancel", reason="Typhoon")
    assert asked.status_code == 200 and "Are you sure?" in asked.content.decode()
    first.refresh_from_db()
    assert first.state == ClubNight.State.SCHEDULED
    assert change(organiser, first, "cancel", reason="Typhoon", confirmed="yes").status_code == 302
    first.refresh_from_db()
    assert first.state == ClubNight.State.CANCELLED
    history = list(first.changes.values_list("kind", "before", "after", "reason", "by__username"))
    assert history == [
        ("renamed", "", "春の決勝", "", "org"),
        (
            "moved",
            f"{new_date - datetime.timedelta(days=2):%Y-%m-%d}",
            f"{new_date:%Y-%m-%d}",
            "Hall booked",
            "org",
        ),
        ("cancelled", "", "", "Typhoon", "org"),
    ]
    page = Client().get(reverse("leagues:calendar", args=[league.pk])).content.decode()
    row = page[page.index(f'id="night-{first.pk}"') :]
    assert "春の決勝" in row and "cancelled" in row and "Hall booked" in row and "Typhoon" in row
    # A cancelled night is not opened, moved or cancelled again.
    assert (
        organiser.post(reverse("nights:act", args=[first.pk]), {"action": "open"}).status_code
        == 409
    )
    assert change(organiser, first, "move", date=new_date.isoformat()).status_code == 409
    assert (
        "This night was cancelled"
        in organiser.get(reverse("nights:night", args=[first.pk])).content.decode()
    )


def test_a_move_outside_the_season_asks_first(calendar):
    league, first, _second, clients = calendar
    organiser = clients["organiser"]
    outside = league.season_end + datetime.timedelta(days=5)
    asked = change(organiser, first, "move", date=outside.isoformat())
    assert asked.status_code == 200 and "outside the season" in asked.content.decode()
    first.refresh_from_db()
    assert first.date != outside and not first.changes.exists()
    assert (
        change(organiser, first, "move", date=outside.isoformat(), confirmed="yes").status_code
        == 302
    )
    first.refresh_from_db()
    assert first.date == outside


def test_an_open_night_is_not_moved_or_cancelled_and_a_taken_date_is_refused(calendar):
    league, first, second, clients = calendar
    organiser = clients["organiser"]
    taken = change(organiser, first, "move", date=second.date.isoformat())
    assert taken.status_code == 409 and "already" in taken.content.decode()
    ClubNight.objects.filter(pk=first.pk).update(opened=timezone.now())
    assert change(organiser, first, "move", date=second.date.isoformat()).status_code == 409
    assert change(organiser, first, "cancel", confirmed="yes").status_code == 409
    assert not NightChange.objects.exists()


@pytest.mark.parametrize(
    "action,fields",
    [
        ("move", {"date": "2026-02-30"}),
        ("move", {"date": "２０２６-０５-０１"}),
        ("move", {"date": "٢٠٢٦-05-01"}),
        ("move", {"date": ""}),
        ("move", {"date": "2026-05-01", "reason": "x" * (1 << 20)}),
        ("rename", {"name": "x" * (1 << 20)}),
        ("rename", {"name": "bad\x07name"}),
        ("cancel", {"reason": "x" * (1 << 20), "confirmed": "yes"}),
        ("delete", {}),
        ("", {}),
    ],
)
def test_bad_input_changes_nothing(calendar, action, fields):
    league, first, _second, clients = calendar
    before = snapshot(league)
    response = change(clients["organiser"], first, action, **fields)
    assert 400 <= response.status_code < 500
    assert snapshot(league) == before


def test_only_the_leagues_organisers_and_staff_change_a_night(calendar):
    league, first, second, clients = calendar
    before = snapshot(league)
    for who in ("anonymous", "member", "other organiser"):
        for action, fields in (
            ("rename", {"name": "Mine"}),
            ("move", {"date": (first.date + datetime.timedelta(days=1)).isoformat()}),
            ("cancel", {"confirmed": "yes"}),
        ):
            response = change(clients[who], first, action, **fields)
            expected = 302 if who == "anonymous" else 403
            assert response.status_code == expected, (who, action)
            if who == "anonymous":
                assert "login" in response["Location"]
        end = clients[who].post(
            reverse("leagues:end_season", args=[league.pk]),
            {"name": "Next", "start": "2027-01-01", "end": "2027-03-01", "scheduled": "cancel"},
        )
        assert end.status_code in (302, 403)
        assert end.get("Location", "/accounts/login/").startswith("/accounts/login/")
        tonight = clients[who].post(reverse("nights:new", args=[league.pk]), {"confirmed": "yes"})
        assert tonight.status_code in (302, 403)
        assert tonight.get("Location", "/accounts/login/").startswith("/accounts/login/")
    assert snapshot(league) == before
    assert change(clients["staff"], second, "rename", name="Staff's name").status_code == 302
    assert ClubNight.objects.get(pk=second.pk).name == "Staff's name"


def test_ending_a_season_asks_what_becomes_of_its_scheduled_nights(calendar):
    league, first, second, clients = calendar
    organiser = clients["organiser"]
    url = reverse("leagues:end_season", args=[league.pk])
    page = organiser.get(url).content.decode()
    assert "2 nights of this season are still scheduled" in page
    assert f"{first.date:%Y-%m-%d}" in page and f"{second.date:%Y-%m-%d}" in page
    form = {"name": "Summer", "start": "2027-01-01", "end": "2027-03-01"}
    before = snapshot(league)
    refused = organiser.post(url, form)
    assert refused.status_code == 400 and "cancel them or move them" in refused.content.decode()
    assert snapshot(league) == before
    assert organiser.post(url, {**form, "scheduled": "keep"}).status_code == 400
    assert snapshot(league) == before
    done = organiser.post(url, {**form, "scheduled": "move"})
    assert done.status_code == 302
    summer = League.objects.get(name="Summer")
    assert set(summer.club_nights.values_list("pk", flat=True)) == {first.pk, second.pk}
    assert not league.club_nights.exists()
    assert list(first.changes.values_list("kind", "before", "after")) == [
        ("next_season", league.name, "Summer")
    ]
    # The moved nights open in the next season on their evening.
    assert all(n.state == ClubNight.State.SCHEDULED for n in summer.club_nights.all())


def test_ending_a_season_may_cancel_its_scheduled_nights(calendar):
    league, first, second, clients = calendar
    organiser = clients["organiser"]
    form = {"name": "Summer", "start": "2027-01-01", "end": "2027-03-01", "scheduled": "cancel"}
    assert organiser.post(reverse("leagues:end_season", args=[league.pk]), form).status_code == 302
    for night in (first, second):
        night.refresh_from_db()
        assert night.league_id == league.pk and night.state == ClubNight.State.CANCELLED
        assert night.changes.get().kind == NightChange.Kind.CANCELLED
        opened = organiser.post(reverse("nights:act", args=[night.pk]), {"action": "open"})
        assert opened.status_code == 409
    page = Client().get(reverse("leagues:calendar", args=[league.pk])).content.decode()
    assert "Open the night" not in page and page.count("cancelled") >= 2


def test_running_tonights_night_outside_the_season_asks_first(calendar):
    league, _first, _second, clients = calendar
    organiser = clients["organiser"]
    yesterday = timezone.localdate() - datetime.timedelta(days=1)
    League.objects.filter(pk=league.pk).update(season_end=yesterday, season_start=yesterday)
    count = ClubNight.objects.count()
    asked = organiser.post(reverse("nights:new", args=[league.pk]))
    assert asked.status_code == 200 and "outside the season" in asked.content.decode()
    assert ClubNight.objects.count() == count
    done = organiser.post(reverse("nights:new", args=[league.pk]), {"confirmed": "yes"})
    assert done.status_code == 302
    tonight = ClubNight.objects.get(date=timezone.localdate(), league=league)
    assert tonight.state == ClubNight.State.OPEN
    # Again: taken to tonight's open night, not a second one.
    again = organiser.post(reverse("nights:new", args=[league.pk]), {"confirmed": "yes"})
    assert again["Location"].endswith(f"/nights/{tonight.pk}/")
    assert ClubNight.objects.filter(date=timezone.localdate(), league=league).count() == 1


@pytest.mark.parametrize(
    "fields",
    [
        {"start": "٢٠٢٧-01-01", "scheduled": "cancel"},
        {"start": "２０２７-01-01", "scheduled": "cancel"},
        {"start": "2027-02-30", "scheduled": "cancel"},
        {"scheduled": "x" * (1 << 20)},
        {"name": "x" * (1 << 20), "scheduled": "cancel"},
        {"end": "2026-12-31", "scheduled": "move"},  # ends before it starts
    ],
)
def test_a_bad_end_of_season_changes_nothing(calendar, fields):
    league, _first, _second, clients = calendar
    before = snapshot(league)
    form = {"name": "Summer", "start": "2027-01-01", "end": "2027-03-01", **fields}
    response = clients["organiser"].post(reverse("leagues:end_season", args=[league.pk]), form)
    assert response.status_code == 400
    assert snapshot(league) == before
    league.refresh_from_db()
    assert not league.archived


def test_staff_run_tonights_night_and_end_the_season(calendar):
    league, first, _second, clients = calendar
    staff = clients["staff"]
    assert staff.post(reverse("nights:new", args=[league.pk])).status_code == 302
    ClubNight.objects.filter(league=league, date=timezone.localdate()).update(ended=timezone.now())
    form = {"name": "Summer", "start": "2027-01-01", "end": "2027-03-01", "scheduled": "move"}
    assert staff.post(reverse("leagues:end_season", args=[league.pk]), form).status_code == 302
    first.refresh_from_db()
    assert first.league.name == "Summer" and first.changes.get().by.username == "staff"


def test_a_post_without_its_csrf_token_changes_nothing(calendar):
    league, first, _second, _clients = calendar
    forged = Client(enforce_csrf_checks=True)
    forged.force_login(User.objects.get(username="org"))
    before = snapshot(league)
    for response in (
        change(forged, first, "cancel", confirmed="yes"),
        change(forged, first, "rename", name="Forged"),
        forged.post(reverse("nights:new", args=[league.pk]), {"confirmed": "yes"}),
    ):
        assert response.status_code == 403
    assert snapshot(league) == before
