"""In Chromium: an organiser runs a night with an online table; a drawn member with an account
sits by tapping their name on their phone (390×844), where no organiser control shows; the
organiser seats a phone for a drawn member without an account with a one-time seat link (a QR
code); the two seats nobody took are played by bots for their members, as the night page
and the projector (1920×1080) say."""

from __future__ import annotations

import datetime

from django.contrib.auth import get_user_model

from games.nights.models import ClubNight, NightTable
from tests.support.leagues import make_league, make_members
from tests.web.night_helpers import keeper_of

PHONE = {"width": 390, "height": 844}
SCREEN = {"width": 1920, "height": 1080}
ORGANISER_BUTTONS = ("Announce round", "is here", "End the night", "Seat link", "Play online")


def sign_in(page, night, username, password):
    page.goto(f"/accounts/login/?next=/nights/{night.pk}/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(password)
    page.get_by_role("button", name="Log in").click()
    page.get_by_role("heading", name="Rounds").wait_for()
    # Measured once its style sheets apply (the load event): before, the draw's 64-digit
    # commitment is unbroken text, which no browser shows (they paint after the sheets).
    page.wait_for_load_state()


def press(page, name):
    page.get_by_role("button", name=name).click()
    page.wait_for_load_state()


def test_an_organiser_seats_a_phone_by_link_and_bots_play_for_the_absent(new_page, artifacts_dir):
    league = make_league()
    aki, ben, cho, dai = make_members(league, "Aki", "Ben", "Cho", "Dai")
    keeper_of(league)
    ben.user = get_user_model().objects.create_user("ben", password="pw-ben-12345")
    ben.save()
    night = ClubNight.objects.create(league=league, date=datetime.date(2026, 5, 8), venue="Hall")

    organiser = new_page()
    sign_in(organiser, night, "keeper", "pw-keeper-123")
    for member in (aki, ben, cho, dai):
        press(organiser, f"{member.name} is here")
    press(organiser, "Announce round 1")
    press(organiser, "Draw the seats of round 1")
    press(organiser, "Yes, draw the seats")  # the page asks once more
    press(organiser, "Play online")
    table = NightTable.objects.get(round__night=night).match.table

    # Ben's phone: his own seat to tap, and none of the organiser's controls.
    phone = new_page(viewport=PHONE)
    sign_in(phone, night, "ben", "pw-ben-12345")
    buttons = phone.get_by_role("button").all_inner_texts()
    assert not [b for b in buttons if any(word in b for word in ORGANISER_BUTTONS)], buttons
    assert "Sit down as Ben" in buttons
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    phone.screenshot(path=artifacts_dir / "drawn-seat-member-phone.png", full_page=True)
    press(phone, "Sit down as Ben")
    phone.wait_for_url(f"**/{table.code}/")
    phone.screenshot(path=artifacts_dir / "drawn-seat-member-at-table.png", full_page=True)

    # Cho has no account: the organiser shows a seat link, Cho's phone opens it once.
    organiser.goto(f"/nights/{night.pk}/")
    cho_seat = organiser.locator("li[data-seat]", has_text="Cho")
    cho_seat.get_by_role("button", name="Seat link for a phone").click()
    organiser.locator("svg.join-qr").wait_for()
    organiser.screenshot(path=artifacts_dir / "drawn-seat-link-qr.png", full_page=True)
    link = organiser.locator("a.seat-link").get_attribute("href")
    path = "/nights/seat/" + link.split("/nights/seat/")[1]
    cho_phone = new_page(viewport=PHONE)
    cho_phone.goto(path)
    cho_phone.screenshot(path=artifacts_dir / "drawn-seat-link-phone.png", full_page=True)
    press(cho_phone, "Sit down as Cho")
    cho_phone.wait_for_url(f"**/{table.code}/")
    cho_phone.get_by_text("Kept for Aki").wait_for()  # the others' seats wait for them
    again = new_page(viewport=PHONE)
    again.goto(path)
    again.get_by_text("has been used, replaced").wait_for()

    # Aki and Dai never came to their seats: the organiser starts, bots play for them.
    screen = new_page(viewport=SCREEN)
    screen.goto(f"/nights/{night.pk}/screen/")
    organiser.goto(f"/nights/{night.pk}/")
    press(organiser, "Start it now (a bot plays each empty seat for its player)")
    table.refresh_from_db()
    seats = {seat.number: seat for seat in table.seats.all()}
    assert sum(1 for s in seats.values() if s.bot_level) == 2
    assert sorted(s.kept_name for s in seats.values() if s.bot_level) == ["Aki", "Dai"]
    organiser.goto(f"/nights/{night.pk}/")
    for name in ("Aki", "Dai"):
        drawn = organiser.locator("li[data-seat]", has_text=name)
        assert "a bot plays until they arrive" in drawn.inner_text()
    for name in ("Ben", "Cho"):
        assert "seated" in organiser.locator("li[data-seat]", has_text=name).inner_text()
    organiser.screenshot(path=artifacts_dir / "drawn-seat-organiser-started.png", full_page=True)
    cho_phone.goto(f"/{table.game_name}/{table.code}/")
    cho_phone.locator(".seat-name", has_text="Aki (bot)").first.wait_for()
    cho_phone.screenshot(path=artifacts_dir / "drawn-seat-cho-playing.png")
    screen.locator("#night-seating .by-bot").nth(1).wait_for()  # redrawn by its socket
    assert screen.locator("#night-seating .by-bot").count() == 2
    screen.screenshot(path=artifacts_dir / "drawn-seat-projector.png")
