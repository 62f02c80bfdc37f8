"""In Chromium, at 1366×768 and 390×844: an organiser renames and moves a scheduled night and
cancels another (asked once more), ends the season choosing what becomes of the night still
scheduled, merges a member entered twice from the players' section, and everyone reads the
standings night by night and who met whom; no page is wider than the screen."""

from __future__ import annotations

import datetime

import pytest
from django.utils import timezone

from games.leagues.member_models import Member
from games.leagues.models import League, Match
from games.nights.models import ClubNight
from tests.browser.test_a11y import axe_problems
from tests.support.leagues import make_league, make_members, record_set, won
from tests.web.night_helpers import keeper_of

SIZES = {"desktop": {"width": 1366, "height": 768}, "phone": {"width": 390, "height": 844}}


def sign_in(page, path):
    page.goto(f"/accounts/login/?next={path}")
    page.locator("input[name=username]").fill("keeper")
    page.locator("input[name=password]").fill("pw-keeper-123")
    page.locator("input[name=password]").press("Enter")
    page.wait_for_load_state()


def fits(page, width):
    assert page.evaluate("document.documentElement.scrollWidth") <= width


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_an_organiser_keeps_the_calendar_and_roster_and_reads_night_by_night(
    new_page, artifacts_dir, size
):
    today = timezone.localdate()
    league = make_league()
    league.season_start, league.season_end = today - datetime.timedelta(days=30), today
    league.save()
    aki, ben, cho, dai, tom = make_members(league, "Aki", "Ben", "Cho", "Dai", "Tom Smith")
    twice = Member.objects.create(name="Tom Smith", email="tom@example.org")
    league.members.add(twice)
    keeper_of(league)
    played = ClubNight.objects.create(
        league=league, date=today - datetime.timedelta(days=7), ended=timezone.now()
    )
    for players, games in (
        ([aki, ben, cho, tom], [won(0, "wisdom_of_kings"), won(1), won(2), won(3)]),
        ([twice, aki, dai, ben], [won(0), won(1), won(3), won(2)]),
    ):
        result = record_set(league, players, games)
        Match.objects.filter(pk=result.match_id).update(club_night=played)
    ahead = ClubNight.objects.create(
        league=league, date=today + datetime.timedelta(days=7), opened=None
    )
    other = ClubNight.objects.create(
        league=league, date=today + datetime.timedelta(days=14), opened=None
    )
    viewport = SIZES[size]
    page = new_page(viewport=viewport)
    sign_in(page, f"/leagues/{league.pk}/calendar/")

    # Rename and move the first night (outside the season: asked first), cancel the second.
    row = page.locator(f"#night-{ahead.pk}")
    row.locator("summary").click()
    row.get_by_label("Name").fill("春の決勝")
    row.get_by_role("button", name="Rename").click()
    page.wait_for_load_state()
    row = page.locator(f"#night-{ahead.pk}")
    row.locator("summary").click()
    row.get_by_label("New date").fill(f"{today + datetime.timedelta(days=9):%Y-%m-%d}")
    row.get_by_label("Reason").first.fill("Hall booked")
    row.get_by_role("button", name="Move").click()
    page.get_by_role("button", name="Yes, move it").click()  # outside the season
    page.wait_for_load_state()
    row = page.locator(f"#night-{other.pk}")
    row.locator("summary").click()
    row.get_by_role("button", name="Cancel the night").click()
    page.get_by_role("button", name="Yes, cancel the night").click()
    page.wait_for_load_state()
    page.locator(f"#night-{ahead.pk}").get_by_text("Hall booked").wait_for()
    fits(page, viewport["width"])
    page.screenshot(path=artifacts_dir / f"calendar-changed-{size}.png", full_page=True)
    assert axe_problems(page) == []

    # Merge Tom Smith entered twice, from the players' section.
    page.goto(f"/leagues/{league.pk}/#players")
    tidy = page.locator("tr", has=page.locator(f"select#into-{twice.pk}"))
    tidy.locator("summary").click()
    tidy.locator("select").select_option(str(tom.pk))
    tidy.get_by_role("button", name="Merge into them").click()
    page.get_by_role("button", name="Yes, merge them").click()
    page.wait_for_load_state()
    page.get_by_text("1 result moved").wait_for()
    assert not Member.objects.filter(pk=twice.pk).exists()
    fits(page, viewport["width"])
    page.screenshot(path=artifacts_dir / f"roster-merged-{size}.png", full_page=True)
    assert axe_problems(page) == []

    # Night by night and who met whom, for anyone.
    reader = new_page(viewport=viewport)
    reader.goto(f"/leagues/{league.pk}/night-by-night/")
    reader.get_by_role("heading", name="Who met whom").wait_for()
    reader.screenshot(path=artifacts_dir / f"night-by-night-{size}.png", full_page=True)
    fits(reader, viewport["width"])
    assert axe_problems(reader) == []

    # End the season: the night still scheduled moves into the next season.
    page.goto(f"/leagues/{league.pk}/season/end/")
    page.get_by_text("1 night of this season is still scheduled").wait_for()
    page.get_by_label("Move them into the next season (same dates)").check()
    page.screenshot(path=artifacts_dir / f"end-season-{size}.png", full_page=True)
    assert axe_problems(page) == []
    fits(page, viewport["width"])
    page.get_by_role("button", name="End this season and start the next").click()
    page.get_by_role("heading", name="(next season)").wait_for()
    following = League.objects.exclude(pk=league.pk).get()
    assert ClubNight.objects.get(pk=ahead.pk).league_id == following.pk
    assert ClubNight.objects.get(pk=other.pk).state == ClubNight.State.CANCELLED
