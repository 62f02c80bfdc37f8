"""A club night in Chromium up to its first online table, as an organiser walks it: four
drawn members (Ben with an account), round 1 announced and drawn, its table online. The
seat-link and late-arrival tests start from here."""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import Any

from django.contrib.auth import get_user_model

from games.nights.models import ClubNight, NightTable
from tests.support.leagues import make_league, make_members
from tests.web.night_helpers import keeper_of

PHONE = {"width": 390, "height": 844}
BEN_PASSWORD = "pw-ben-12345"


def sign_in(page, night, username, password):
    """Sign in from the login page and land on the night's page, its style sheets applied
    (before the load event the draw's 64-digit commitment is unbroken, unpainted text)."""
    page.goto(f"/accounts/login/?next=/nights/{night.pk}/")
    page.locator("input[name=username]").fill(username)
    page.locator("input[name=password]").fill(password)
    page.locator("input[name=password]").press("Enter")
    page.locator("#rounds-title").wait_for()
    page.wait_for_load_state()


def press(page, name):
    page.get_by_role("button", name=name).click()
    page.wait_for_load_state()


def seat_link_path(organiser, night, name):
    """The organiser shows a new seat link (a QR code) for ``name``'s seat: its path."""
    organiser.goto(f"/nights/{night.pk}/")
    seat = organiser.locator("li[data-seat]", has_text=name)
    seat.get_by_role("button", name="Seat link for a phone").click()
    organiser.locator("svg.join-qr").wait_for()
    link = organiser.locator("a.seat-link").get_attribute("href")
    return "/nights/seat/" + link.split("/nights/seat/")[1]


@dataclass
class OnlineNight:
    night: ClubNight
    members: dict[str, Any]  # Aki, Ben, Cho, Dai by name
    organiser: Any  # the organiser's page (1366×768), on the night
    table: Any  # round 1's online table, not yet started


def online_night(new_page) -> OnlineNight:
    league = make_league()
    names = ("Aki", "Ben", "Cho", "Dai")
    members = dict(zip(names, make_members(league, *names), strict=True))
    keeper_of(league)
    ben = members["Ben"]
    ben.user = get_user_model().objects.create_user("ben", password=BEN_PASSWORD)
    ben.save()
    night = ClubNight.objects.create(league=league, date=datetime.date(2026, 5, 8), venue="Hall")
    organiser = new_page()
    sign_in(organiser, night, "keeper", "pw-keeper-123")
    for name in members:
        press(organiser, f"{name} is here")
    press(organiser, "Announce round 1")
    press(organiser, "Draw the seats of round 1")
    press(organiser, "Yes, draw the seats")  # the page asks once more
    press(organiser, "Play online")
    table = NightTable.objects.get(round__night=night).match.table
    return OnlineNight(night, members, organiser, table)
