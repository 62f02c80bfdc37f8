"""In Chromium: the organiser (1366×768) starts a night's online table before anyone sat; the
bots play for the four drawn members. Ben arrives late on his phone (390×844, in Japanese) and
takes his seat over from the bot by tapping his name; Cho, who has no account, arrives late
too and the organiser shows him a new seat link, which seats his phone. The night page says
who is seated and for whom a bot still plays; the link is worth nothing once the round ends."""

from __future__ import annotations

from tests.browser.online_night import (
    BEN_PASSWORD,
    PHONE,
    online_night,
    press,
    seat_link_path,
    sign_in,
)


def test_late_members_take_their_seats_from_the_bots(new_page, artifacts_dir):
    walk = online_night(new_page)
    night, organiser, table, ben = walk.night, walk.organiser, walk.table, walk.members["Ben"]
    press(organiser, "Start it now (a bot plays each empty seat for its player)")
    organiser.goto(f"/nights/{night.pk}/")
    for name in ("Aki", "Ben", "Cho", "Dai"):
        seat = organiser.locator("li[data-seat]", has_text=name)
        assert "a bot plays until they arrive" in seat.inner_text()
    organiser.screenshot(path=artifacts_dir / "late-arrival-organiser-started.png", full_page=True)

    # Ben arrives late, on his phone in Japanese: his name takes the seat over from the bot.
    phone = new_page(viewport=PHONE, locale="ja-JP")
    sign_in(phone, night, "ben", BEN_PASSWORD)
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
    path = seat_link_path(organiser, night, "Cho")
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
    dai_path = seat_link_path(organiser, night, "Dai")
    organiser.goto(f"/nights/{night.pk}/")
    press(organiser, "Announce round 2")
    late = new_page(viewport=PHONE)
    late.goto(dai_path)
    late.get_by_text("ended with its round").wait_for()
    assert late.get_by_role("button", name="Sit down as Dai").count() == 0
    late.screenshot(path=artifacts_dir / "late-arrival-link-ended.png", full_page=True)
