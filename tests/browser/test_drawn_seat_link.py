"""In Chromium: an organiser runs a night with an online table; a drawn member with an account
sits by tapping their name on their phone (390×844), where no organiser control shows; the
organiser seats a phone for a drawn member without an account with a one-time seat link (a QR
code); the two seats nobody took are played by bots for their members, as the night page
and the projector (1920×1080) say."""

from __future__ import annotations

from tests.browser.online_night import (
    BEN_PASSWORD,
    PHONE,
    online_night,
    press,
    seat_link_path,
    sign_in,
)

SCREEN = {"width": 1920, "height": 1080}
ORGANISER_BUTTONS = ("Announce round", "is here", "End the night", "Seat link", "Play online")


def test_an_organiser_seats_a_phone_by_link_and_bots_play_for_the_absent(new_page, artifacts_dir):
    walk = online_night(new_page)
    night, organiser, table = walk.night, walk.organiser, walk.table

    # Ben's phone: his own seat to tap, and none of the organiser's controls.
    phone = new_page(viewport=PHONE)
    sign_in(phone, night, "ben", BEN_PASSWORD)
    buttons = phone.get_by_role("button").all_inner_texts()
    assert not [b for b in buttons if any(word in b for word in ORGANISER_BUTTONS)], buttons
    assert "Sit down as Ben" in buttons
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    phone.screenshot(path=artifacts_dir / "drawn-seat-member-phone.png", full_page=True)
    press(phone, "Sit down as Ben")
    phone.wait_for_url(f"**/{table.code}/")
    phone.screenshot(path=artifacts_dir / "drawn-seat-member-at-table.png", full_page=True)

    # Cho has no account: the organiser shows a seat link, Cho's phone opens it once.
    path = seat_link_path(organiser, night, "Cho")
    organiser.screenshot(path=artifacts_dir / "drawn-seat-link-qr.png", full_page=True)
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
