"""Who is who and ratings, in Chromium: the league page with ratings and a seat waiting for a
keeper, a claim code handed out and redeemed, the member page with its rating chart."""

from __future__ import annotations

import re

from django.contrib.auth import get_user_model

from dragonformula import scoring as df_scoring
from games.leagues import services
from tests.browser.test_a11y import axe_problems
from tests.support.leagues import NO_WINNER, make_league, make_members, new_match, seats, won

PHONE = {"width": 390, "height": 844}
NAMES = ["Akiyama", "Bensley", "Chieko", "Daisuke", "Eriko", "Fumiko"]


def arrange():
    league = make_league()
    members = make_members(league, *NAMES)
    hands = ["center_pillar", "elemental_palace", "sephirot_1"]
    for n in range(8):
        table = [members[(n + k) % 4] for k in range(3)] + [members[4]]
        # Three winners with hands of different points and one without: no shared place.
        games = [won((n + k) % 4, hands[k]) for k in range(3)] + [NO_WINNER]
        df_scoring.record_set_result(new_match(league), seats(table), games)
    # Someone sat at an online table as "Fumi" without a linked account: it waits.
    match = new_match(league)
    guest = services.guest_member(match, 1, "Fumi")
    df_scoring.record_set_result(match, seats([members[0], guest]), [won(1), NO_WINNER])
    User = get_user_model()
    User.objects.create_superuser("keeper", "", "keeper-pass")
    User.objects.create_user("fumiko-k", "", "fumiko-pass")
    return league, members


def log_in(page, username, password, next_url):
    page.goto(f"/accounts/login/?next={next_url}")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(password)
    page.get_by_role("button", name=re.compile("Log in", re.I)).click()
    page.wait_for_load_state()


def test_keeper_hands_out_a_claim_code_and_the_player_redeems_it(new_page, artifacts_dir):
    league, members = arrange()
    fumiko = members[5]
    keeper = new_page()
    log_in(keeper, "keeper", "keeper-pass", f"/leagues/{league.pk}/")
    keeper.get_by_text("seat waits for a keeper").wait_for()
    ratings = keeper.locator("#standings tbody tr td:nth-child(4)").all_inner_texts()
    assert "?" in ratings and any(r.lstrip("-").isdigit() for r in ratings)
    keeper.screenshot(path=artifacts_dir / "league-ratings-keeper.png", full_page=True)
    assert axe_problems(keeper) == []  # the keeper's forms included

    # Her row by its header (every row's merge list names the other players too).
    row = keeper.locator("#players tbody tr", has=keeper.locator("th", has_text="Fumiko"))
    row.get_by_role("button", name="Make a claim code").click()
    code = keeper.locator(".claim-code code").inner_text()
    assert re.fullmatch(r"[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}", code)
    keeper.screenshot(path=artifacts_dir / "claim-code-made.png", full_page=True)
    assert axe_problems(keeper) == []

    player = new_page(viewport=PHONE)
    log_in(player, "fumiko-k", "fumiko-pass", "/leagues/claim/")
    player.get_by_label("Claim code").fill(code.lower())
    player.screenshot(path=artifacts_dir / "claim-code-typed-phone.png", full_page=True)
    assert axe_problems(player) == []
    player.get_by_role("button", name="Link my account").click()
    player.get_by_role("heading", name="Fumiko", level=1).wait_for()
    fumiko.refresh_from_db()
    assert fumiko.user.username == "fumiko-k"

    # The keeper says the waiting seat was Fumiko: it counts for her now.
    keeper.goto(f"/leagues/{league.pk}/#pending")
    keeper.get_by_label("Who played as “Fumi”").select_option(label="Fumiko")
    keeper.get_by_role("button", name="This was them").click()
    keeper.get_by_text("now count for Fumiko").wait_for()
    assert keeper.get_by_text("seat waits for a keeper").count() == 0


def test_member_page_and_league_page_at_both_sizes(new_page, artifacts_dir):
    league, members = arrange()
    for name, viewport in (("desktop", None), ("phone", PHONE)):
        page = new_page(viewport=viewport)
        page.goto(f"/leagues/{league.pk}/?sort=rating&dir=desc")
        rating_header = page.locator("th[aria-sort=descending]", has_text="Rating")
        rating_header.wait_for()
        page.screenshot(path=artifacts_dir / f"league-ratings-{name}.png", full_page=True)
        # The page never scrolls sideways: nine standings columns scroll in their own box.
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= page.viewport_size["width"], width  # (it scrolls in its own box)
        page.goto(f"/leagues/players/{members[4].pk}/")
        chart = page.locator(".rating-chart svg")
        chart.wait_for()
        assert page.locator(".rating-chart circle").count() == 8
        box = chart.bounding_box()
        assert box["width"] <= page.viewport_size["width"]
        page.screenshot(path=artifacts_dir / f"member-page-{name}.png", full_page=True)
        assert axe_problems(page) == []
