"""A keeper runs a club night in Chromium: nine players checked in, two rounds, a late arrival
and a leaver; the projector page (1920×1080) redraws itself without a reload as the draw is
made and as tables finish, and the results reach the league's standings."""

from __future__ import annotations

import datetime

from games.nights.models import ClubNight, NightEntrant, NightRound
from tests.support.leagues import make_league, make_members
from tests.web.night_helpers import NAMES, keeper_of

SCREEN = {"width": 1920, "height": 1080}


def sign_in(page, night):
    page.goto(f"/accounts/login/?next=/nights/{night.pk}/")
    page.get_by_label("Username").fill("keeper")
    page.get_by_label("Password").fill("pw-keeper-123")
    page.get_by_role("button", name="Log in").click()
    page.get_by_role("heading", name="Check-in").wait_for()


def press(page, name):
    page.get_by_role("button", name=name, exact=True).click()
    page.wait_for_load_state()


def finish_table(page, night, number):
    """Score keeping at a real table: three games of the set, each won by the next seat."""
    page.goto(f"/nights/{night.pk}/")
    table = page.locator(f"#round-{current_round(night)} li.night-table[data-table='{number}']")
    table.get_by_role("link", name="Keep score").click()
    for seat in range(3):
        page.get_by_label("Winner").select_option(index=seat + 1)
        page.get_by_label("or the hand").select_option("sephirot_6")
        page.get_by_role("button", name="Record the game").click()
        page.wait_for_load_state()
    page.get_by_text("The set is complete").wait_for()
    # A night plays one set a table each round: the next round's draw seats the next.
    assert page.get_by_role("button", name="Start the next set").count() == 0


def play_with_cards(page, round_number):
    """The keeper opens each of the round's three tables at real cards."""
    for number in (1, 2, 3):
        table = page.locator(f"#round-{round_number} li.night-table[data-table='{number}']")
        table.get_by_role("button", name="Play with real cards").click()
        page.wait_for_load_state()


def current_round(night):
    return NightRound.objects.filter(night=night).order_by("-number").first().number


def test_a_keeper_runs_a_night_and_the_projector_follows_without_a_reload(new_page, artifacts_dir):
    league = make_league()
    members = make_members(league, *NAMES[:10])
    keeper_of(league)
    night = ClubNight.objects.create(league=league, date=datetime.date(2026, 5, 8), venue="Hall")
    late = members[9]

    keeper = new_page()
    sign_in(keeper, night)
    for member in members[:9]:
        press(keeper, f"{member.name} is here")
    keeper.get_by_role("heading", name="9 players here").wait_for()

    screen = new_page(viewport=SCREEN)
    screen.goto(f"/nights/{night.pk}/screen/")
    screen.wait_for_function("() => window.htmx !== undefined")
    screen.evaluate("window.notReloaded = true")
    screen.get_by_text("9 players checked in").wait_for()

    press(keeper, "Announce round 1")
    screen.get_by_text("Round 1 is announced: the draw comes next.").wait_for()
    press(keeper, "Draw the seats of round 1")
    press(keeper, "Yes, draw the seats")  # the page asks once more
    screen.get_by_role("heading", name="Seating of round 1").wait_for()
    seating = screen.locator("#night-seating").inner_text()
    for member in members[:9]:
        assert member.name in seating
    assert late.name not in seating
    assert screen.locator(".screen-table").count() == 3
    press(keeper, "Start the clock")
    keeper.screenshot(path=artifacts_dir / "club-night-keeper-round-1.png")
    screen.locator(".screen-clock [data-seconds-left]").wait_for()
    assert screen.locator(".screen-clock .night-timer").inner_text().startswith(("44:", "45:"))
    screen.screenshot(path=artifacts_dir / "club-night-screen-round-1.png")

    # The late arrival joins from round 2; a player of table 1 leaves after round 1.
    press(keeper, f"{late.name} is here")
    leaver = NightEntrant.objects.get(
        seats__table__round__number=1, seats__table__number=1, seats__number=0
    )
    press(keeper, f"{leaver.name} leaves")
    play_with_cards(keeper, 1)

    finish_table(keeper, night, 1)
    screen.locator(".screen-table.is-finished[data-table='1']").wait_for()
    vp = {
        row.locator("th").inner_text(): row.locator("td").nth(1).inner_text()
        for row in screen.locator("#night-tonight tbody tr").all()
    }
    # Three wins of 100: a three-way tie shares 3 + 2 + 1 victory points.
    assert sorted(vp.values(), reverse=True)[:4] == ["2", "2", "2", "0"], vp
    finish_table(keeper, night, 2)
    screen.locator(".screen-table.is-finished[data-table='2']").wait_for()
    screen.screenshot(path=artifacts_dir / "club-night-screen-tables-finishing.png")
    finish_table(keeper, night, 3)
    screen.locator(".screen-table.is-finished").nth(2).wait_for()

    keeper.goto(f"/nights/{night.pk}/")
    press(keeper, "Announce round 2")
    screen.get_by_text("Round 2 is announced: the draw comes next.").wait_for()
    assert "Seed" in keeper.locator("#round-1").inner_text()
    press(keeper, "Draw the seats of round 2")
    press(keeper, "Yes, draw the seats")
    screen.get_by_role("heading", name="Seating of round 2").wait_for()
    seating = screen.locator("#night-seating").inner_text()
    assert late.name in seating and leaver.name not in seating
    assert screen.locator(".screen-table").count() == 3
    play_with_cards(keeper, 2)
    finish_table(keeper, night, 1)
    screen.locator(".screen-table.is-finished[data-table='1']").wait_for()
    league_rows = screen.locator("#night-league tbody tr")
    played = {
        row.locator("th").inner_text(): row.locator("td").nth(2).inner_text()
        for row in league_rows.all()
    }
    two_sets = [name for name, sets in played.items() if sets == "2"]
    assert two_sets, played  # the players of round 2's table 1 who also played round 1
    assert screen.evaluate("window.notReloaded") is True
    screen.screenshot(path=artifacts_dir / "club-night-screen-round-2.png")

    # The league's own page has the night's results.
    keeper.goto(f"/leagues/{league.pk}/")
    standings = keeper.locator("#standings").inner_text()
    for name in two_sets:
        assert name in standings
    keeper.goto(f"/nights/{night.pk}/")
    press(keeper, "End the night")
    press(keeper, "Yes, end the night")
    keeper.get_by_text("This night is over.").first.wait_for()
    assert keeper.get_by_role("link", name="Score sheet").count() == 6  # every table's set
    keeper.get_by_role("link", name="Verify this draw").first.click()
    keeper.locator("#verification[data-matches='true']").wait_for()
    keeper.screenshot(path=artifacts_dir / "club-night-verify-draw.png", full_page=True)
    keeper.goto(f"/nights/{night.pk}/")
    keeper.screenshot(path=artifacts_dir / "club-night-after.png", full_page=True)
    screen.get_by_text("The night is over.").wait_for()
    screen.screenshot(path=artifacts_dir / "club-night-screen-over.png")


def test_forty_players_fit_the_projector_and_a_member_checks_in_from_a_phone(
    new_page, artifacts_dir
):
    from django.contrib.auth.models import User

    from games.leagues.member_models import Member
    from games.nights import check_in
    from games.nights import rounds as night_rounds

    league = make_league()
    names = [f"Player {n:02d}" for n in range(1, 41)]
    members = make_members(league, *names)
    night = ClubNight.objects.create(league=league, date=datetime.date(2026, 5, 8))
    for member in members[1:]:
        check_in.check_in(night, member)
    phone_user = User.objects.create_user("p01", password="pw-player-123")
    Member.objects.filter(pk=members[0].pk).update(user=phone_user)

    phone = new_page(viewport={"width": 390, "height": 844})
    phone.goto(f"/accounts/login/?next=/nights/{night.pk}/")
    phone.get_by_label("Username").fill("p01")
    phone.get_by_label("Password").fill("pw-player-123")
    phone.get_by_role("button", name="Log in").click()
    here = phone.get_by_role("button", name="I'm here")
    box = here.bounding_box()
    assert box["y"] + box["height"] <= 844 and box["height"] >= 44
    here.click()
    phone.get_by_text("Player 01, you are checked in (from round 1).").wait_for()
    phone.screenshot(path=artifacts_dir / "club-night-phone-check-in.png")

    night_rounds.draw(night_rounds.announce_round(night))
    screen = new_page(viewport=SCREEN, locale="ja-JP")
    screen.goto(f"/nights/{night.pk}/screen/")
    screen.get_by_role("heading", name="第1回戦の席順").wait_for()
    assert screen.locator(".screen-table").count() == 10
    screen.screenshot(path=artifacts_dir / "club-night-screen-40-players-ja.png")
    bottoms = screen.evaluate(
        "[...document.querySelectorAll('.screen-table')].map(t => t.getBoundingClientRect().bottom)"
    )
    assert len(bottoms) == 10 and max(bottoms) <= 1080, bottoms
    text = screen.locator("#night-seating").inner_text()
    assert all(name in text for name in names)
