"""In Chromium: the organiser (1366×768) starts a night's online table before anyone sat; the
bots play for the four drawn members. Ben arrives late on his phone (390×844, in Japanese) and
takes his seat over from the bot by tapping his name; Cho, who has no account, arrives late
too and the organiser shows him a new seat link, which seats his phone. The night page says
who is seated and for whom a bot still plays; the link is worth nothing once the round ends."""

from __future__ import annotations

import datetime

from django.contrib.auth import get_user_model

from games.nights.models import ClubNight, NightTable
from tests.support.leagues import make_league, make_members
from tests.web.night_helpers import keeper_of

PHONE = {"width": 390, "height": 844}


def sign_in(page, night, username, password):
    page.goto(f"/accounts/login/?next=/nights/{night.pk}/")
    page.locator("input[name=username]").fill(username)
    page.locator("input[name=password]").fill(password)
    page.locator("input[name=password]").press("Enter")
    page.locator("#rounds-title").wait_for()
    page.wait_for_load_state()


def press(page, name):
    page.get_by_role("button", name=name).click()
    page.wait_for_load_state()


def test_late_members_take_their_seats_from_the_bots(new_page, artifacts_dir):
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
    press(organiser, "Yes, draw the seats")
    press(organiser, "Play online")
    press(organiser, "Start it now (a bot plays each empty seat for its player)")
    table = NightTable.objects.get(round__night=night).match.table
    organiser.goto(f"/nights/{night.pk}/")
    for name in ("Aki", "Ben", "Cho", "Dai"):
        seat = organiser.locator("li[data-seat]", has_text=name)
        assert "a bot plays until they arrive" in seat.inner_text()
    organiser.screenshot(path=artifacts_dir / "late-arrival-organiser-started.png", full_page=True)

    # Ben arrives late, on his phone in Japanese: his name takes the seat over from the bot.
    phone = new_page(viewport=PHONE, locale="ja-JP")
    sign_in(phone, night, "ben", "pw-ben-12345")
    take_over = phone.get_by_role("button", name="Ben としてボットから席を引き継ぐ")
    take_over.wait_for()
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    phone.screenshot(path=artifacts_dir / "late-arrival-ben-phone-ja.png", full_page=True)
    take_over.click()
    phone.wait_for_url(f"**/{table.code}/")
    phone.wait_for_load_state()
    seat = table.seats.get(kept_name="Ben")
    assert seat.player is not None and seat.player.user == ben.user and not seat.bot_level
    phone.screenshot(path=artifacts_dir / "late-arrival-ben-at-table-ja.png")

    # Cho has no account: the organiser shows a new seat link, Cho's phone opens it.
    organiser.goto(f"/nights/{night.pk}/")
    cho_seat = organiser.locator("li[data-seat]", has_text="Cho")
    cho_seat.get_by_role("button", name="Seat link for a phone").click()
    organiser.locator("svg.join-qr").wait_for()
    link = organiser.locator("a.seat-link").get_attribute("href")
    path = "/nights/seat/" + link.split("/nights/seat/")[1]
    cho_phone = new_page(viewport=PHONE)
    cho_phone.goto(path)
    cho_phone.screenshot(path=artifacts_dir / "late-arrival-cho-link.png", full_page=True)
    press(cho_phone, "Sit down as Cho")
    cho_phone.wait_for_url(f"**/{table.code}/")
    assert table.seats.get(kept_name="Cho").player is not None

    organiser.goto(f"/nights/{night.pk}/")
    for name in ("Ben", "Cho"):
        assert "seated" in organiser.locator("li[data-seat]", has_text=name).inner_text()
    for name in ("Aki", "Dai"):
        text = organiser.locator("li[data-seat]", has_text=name).inner_text()
        assert "a bot plays until they arrive" in text
    assert organiser.evaluate("document.documentElement.scrollWidth") <= 1366
    organiser.screenshot(path=artifacts_dir / "late-arrival-organiser-seated.png", full_page=True)

    # A link made for Dai, unused, ends with the round.
    dai_seat = organiser.locator("li[data-seat]", has_text="Dai")
    dai_seat.get_by_role("button", name="Seat link for a phone").click()
    dai_link = organiser.locator("a.seat-link").get_attribute("href")
    organiser.goto(f"/nights/{night.pk}/")
    press(organiser, "Announce round 2")
    late = new_page(viewport=PHONE)
    late.goto("/nights/seat/" + dai_link.split("/nights/seat/")[1])
    late.get_by_text("ended with its round").wait_for()
    assert late.get_by_role("button", name="Sit down as Dai").count() == 0
    late.screenshot(path=artifacts_dir / "late-arrival-link-ended.png", full_page=True)
