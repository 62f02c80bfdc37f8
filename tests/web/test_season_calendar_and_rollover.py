"""The season's calendar: nights scheduled ahead (scheduled, open, ended), opened on their
evening, a date outside the season confirmed first, attendance listed; irreversible taps
(draw, end the night) ask once more; a season ends into the next one with the same people and
its standings archived, read-only."""

from __future__ import annotations

import datetime
from decimal import Decimal

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from django.utils import timezone

from games.leagues import selectors
from games.leagues.models import League
from games.nights import check_in as night_check_in
from games.nights import rounds
from games.nights.models import ClubNight, NightRound
from tests.support.leagues import NO_WINNER as NONE
from tests.support.leagues import make_league, make_members, record_set, sign_in_organiser, won

pytestmark = pytest.mark.django_db


@pytest.fixture
def organiser(client):
    league = make_league()
    members = make_members(league, "Aki", "Ben", "Chie", "Dai")
    sign_in_organiser(client)
    return client, league, members


def schedule(client, league, date, **extra):
    data = {"date": date.isoformat(), "venue": "Hall 2", **extra}
    return client.post(reverse("leagues:schedule", args=[league.pk]), data)


def act(client, night, action, **fields):
    return client.post(reverse("nights:act", args=[night.pk]), {"action": action, **fields})


def test_a_night_is_scheduled_ahead_opened_on_its_evening_and_its_attendance_listed(organiser):
    client, league, members = organiser
    today = timezone.localdate()
    league.season_start, league.season_end = today, today + datetime.timedelta(days=90)
    league.save()
    ahead = today + datetime.timedelta(days=7)
    assert schedule(client, league, today).status_code == 302
    assert schedule(client, league, ahead).status_code == 302
    tonight, later = ClubNight.objects.order_by("date")
    assert tonight.state == later.state == ClubNight.State.SCHEDULED

    # Nothing happens at a scheduled night: no check-in, no round.
    refused = act(client, later, "check_in", member=members[0].pk)
    assert refused.status_code == 409 and "opens it on its evening" in refused.content.decode()
    assert not later.entrants.exists()
    # Not before its evening …
    early = act(client, later, "open")
    assert early.status_code == 409 and "it opens on its evening" in early.content.decode()
    later.refresh_from_db()
    assert later.state == ClubNight.State.SCHEDULED
    # … but tonight's opens, and "run tonight's night" opens the scheduled one, not a new one.
    assert client.post(reverse("nights:new", args=[league.pk])).status_code == 302
    tonight.refresh_from_db()
    assert tonight.state == ClubNight.State.OPEN and ClubNight.objects.count() == 2
    for member in members[:3]:
        assert act(client, tonight, "check_in", member=member.pk).status_code == 302

    page = client.get(reverse("leagues:calendar", args=[league.pk])).content.decode()
    assert page.index(f"{today:%Y-%m-%d}") < page.index(f"{ahead:%Y-%m-%d}")  # by date
    tonight_row = page[page.index(f'id="night-{tonight.pk}"') :]
    tonight_row = tonight_row[: tonight_row.index("</li>")]
    assert "open" in tonight_row and "3 players came: Aki, Ben, Chie" in tonight_row
    later_row = page[page.index(f'id="night-{later.pk}"') :]
    assert "scheduled" in later_row[: later_row.index("</li>")]


def test_a_date_outside_the_season_asks_for_confirmation_first(organiser):
    client, league, _members = organiser
    outside = league.season_end + datetime.timedelta(days=3)
    asked = schedule(client, league, outside)
    assert asked.status_code == 200
    text = asked.content.decode()
    assert "is outside the season" in text and 'name="confirmed" value="yes"' in text
    assert not ClubNight.objects.exists()
    assert schedule(client, league, outside, confirmed="yes").status_code == 302
    assert ClubNight.objects.get().date == outside
    again = schedule(client, league, outside, confirmed="yes")
    assert again.status_code == 409 and ClubNight.objects.count() == 1


def test_bad_dates_are_refused_with_a_message(organiser):
    client, league, _members = organiser
    for bad in ("", "2026-02-30", "x" * 5000, "NaN"):
        response = client.post(reverse("leagues:schedule", args=[league.pk]), {"date": bad})
        assert response.status_code == 400
        assert 'class="errorlist' in response.content.decode()
    assert not ClubNight.objects.exists()


def test_drawing_and_ending_the_night_ask_to_confirm(organiser):
    client, league, members = organiser
    night = ClubNight.objects.create(league=league, date=league.season_start)
    for member in members:
        night_check_in.check_in(night, member)
    rounds.announce_round(night)
    asked = act(client, night, "draw", round=1)
    assert asked.status_code == 200
    assert "The draw cannot be taken back" in asked.content.decode()
    assert 'name="round" value="1"' in asked.content.decode()
    assert NightRound.objects.get().status == NightRound.Status.ANNOUNCED
    assert act(client, night, "draw", round=1, confirmed="yes").status_code == 302
    assert NightRound.objects.get().status == NightRound.Status.DRAWN
    asked = act(client, night, "end")
    assert asked.status_code == 200 and "End the night now?" in asked.content.decode()
    night.refresh_from_db()
    assert night.ended is None
    assert act(client, night, "end", confirmed="yes").status_code == 302
    night.refresh_from_db()
    assert night.state == ClubNight.State.ENDED


def test_a_season_ends_into_the_next_with_the_same_people_and_an_archived_table(organiser):
    client, league, members = organiser
    record_set(league, members, [won(0), won(1), NONE, NONE])
    before = [(row.name, row.place, row.vp_total) for row in selectors.standings(league)]
    page = client.get(reverse("leagues:end_season", args=[league.pk])).content.decode()
    assert "Spring League (next season)" in page and "2026-07-01" in page  # proposed
    response = client.post(
        reverse("leagues:end_season", args=[league.pk]),
        {"name": "Summer League", "start": "2026-07-01", "end": "2026-09-30"},
    )
    assert response.status_code == 302
    summer = League.objects.get(name="Summer League")
    league.refresh_from_db()
    assert league.archived and league.next_season == summer
    assert set(summer.members.all()) == set(league.members.all())
    assert (summer.game, summer.club) == (league.game, league.club)
    archived = [(r["name"], r["place"], Decimal(r["vp_total"])) for r in league.final_standings]
    assert archived == before

    # The old season is read-only: its page shows the archive, its writes are refused.
    page = client.get(reverse("leagues:league_detail", args=[league.pk])).content.decode()
    assert "its pages are read-only" in page and "Summer League" in page
    assert reverse("leagues:record", args=[league.pk]) not in page
    assert client.post(reverse("leagues:record", args=[league.pk]), {}).status_code == 409
    assert client.post(reverse("nights:new", args=[league.pk])).status_code == 409
    assert schedule(client, league, datetime.date(2026, 5, 1)).status_code == 409
    again = client.post(
        reverse("leagues:end_season", args=[league.pk]),
        {"name": "x", "start": "2026-10-01", "end": "2026-12-31"},
    )
    assert again.status_code == 409 and League.objects.count() == 2
    # A result recorded later elsewhere does not move the archived table.
    assert [(r["name"], r["place"]) for r in league.final_standings] == [b[:2] for b in before]
    new_page = client.get(reverse("leagues:league_detail", args=[summer.pk])).content.decode()
    assert "The previous season" in new_page


def test_the_next_season_must_start_after_this_one_and_no_night_may_be_open(organiser):
    client, league, _members = organiser
    url = reverse("leagues:end_season", args=[league.pk])
    response = client.post(url, {"name": "S", "start": "2026-03-01", "end": "2026-05-01"})
    assert response.status_code == 400 and "must start after" in response.content.decode()
    ClubNight.objects.create(league=league, date=league.season_end)
    response = client.post(url, {"name": "S", "start": "2026-07-01", "end": "2026-09-30"})
    assert response.status_code == 400 and "end it first" in response.content.decode()
    assert League.objects.count() == 1 and not League.objects.get().archived


@pytest.mark.parametrize("who", ["signed out", "not an organiser"])
def test_calendar_and_season_writes_are_refused_to_anyone_but_an_organiser(organiser, who):
    client, league, _members = organiser
    scheduled = ClubNight.objects.create(league=league, date=timezone.localdate(), opened=None)
    client.logout()
    if who == "not an organiser":
        client.force_login(get_user_model().objects.create_user("stranger", password="pw"))
    expected = 302 if who == "signed out" else 403
    writes = [
        schedule(client, league, league.season_start),
        act(client, scheduled, "open"),
        client.post(
            reverse("leagues:end_season", args=[league.pk]),
            {"name": "S", "start": "2026-07-01", "end": "2026-09-30"},
        ),
        client.get(reverse("leagues:end_season", args=[league.pk])),
    ]
    assert [w.status_code for w in writes] == [expected] * 4
    if who == "signed out":
        assert all("login" in w["Location"] for w in writes)
    assert ClubNight.objects.count() == 1 and League.objects.count() == 1
    scheduled.refresh_from_db()
    assert scheduled.state == ClubNight.State.SCHEDULED
    assert client.get(reverse("leagues:calendar", args=[league.pk])).status_code == 200


def test_a_season_at_the_end_of_the_calendar_is_refused_not_a_server_error(organiser):
    """Year 9999 as a next season's last day used to be kept, and its own end-of-season page
    then failed (the day after 9999-12-31); a season lasts at most two years now."""
    client, league, _members = organiser
    url = reverse("leagues:end_season", args=[league.pk])
    response = client.post(url, {"name": "Far", "start": "2026-07-01", "end": "9999-12-31"})
    assert response.status_code == 400 and "at most two years" in response.content.decode()
    response = client.post(url, {"name": "Far", "start": "9999-01-01", "end": "9999-12-31"})
    assert response.status_code == 400 and "within two years" in response.content.decode()
    assert League.objects.count() == 1

    # A season the admin left ending on the calendar's last day: its page asks for dates.
    league.season_start, league.season_end = datetime.date(9999, 1, 1), datetime.date(9999, 12, 31)
    league.save()
    page = client.get(url)
    assert page.status_code == 200 and "Spring League (next season)" in page.content.decode()
