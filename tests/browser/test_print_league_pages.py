"""League pages in Chromium: sorting the standings and the hand calculator update in place."""

from __future__ import annotations

from django.contrib.auth import get_user_model

from dragonformula import scoring as df_scoring
from tests.support.leagues import (
    NO_WINNER,
    make_league,
    make_members,
    new_match,
    record_set,
    seats,
    won,
)

MY_SERIES = "C6 S6 P6 W1 W2 W3 CK SK PK M2 M4"


def test_standings_sort_in_place_and_print_link(new_page, artifacts_dir):
    league = make_league()
    members = make_members(league, "Akiyama", "Bensley", "Chieko")
    record_set(league, members, [won(0, "center_pillar"), won(1), NO_WINNER])
    page = new_page()
    page.goto(f"/leagues/{league.pk}/")
    page.wait_for_function("() => window.htmx !== undefined")
    page.evaluate("window.notReloaded = true")
    names = page.locator("#standings tbody th")
    assert names.all_inner_texts() == ["Akiyama", "Bensley", "Chieko"]
    page.get_by_role("link", name="Player").click()  # name ascending…
    page.locator("th[aria-sort=ascending]", has_text="Player").wait_for()
    page.get_by_role("link", name="Player").click()  # …then descending
    page.wait_for_function(
        "() => document.querySelector('#standings tbody th').innerText === 'Chieko'"
    )
    assert names.all_inner_texts() == ["Chieko", "Bensley", "Akiyama"]
    assert page.evaluate("window.notReloaded") is True
    assert "sort=name" in page.url
    page.screenshot(path=artifacts_dir / "league-page.png", full_page=True)


def test_hand_calculator_taps_cards_and_shows_the_reading(new_page, artifacts_dir):
    page = new_page()
    page.goto("/dragonformula/calculator/")
    for code in MY_SERIES.split():
        page.locator(f"label.card-toggle:has(input[value='{code}'])").click()
    reading = page.locator("#reading")
    total = reading.locator(
        ":scope > p", has_text="points"
    )  # the hand's total, not the hands in reach
    total.filter(has_text="200 points").wait_for()
    assert "My Series" in reading.inner_text()
    page.get_by_label("Element").select_option("water")
    total.filter(has_text="100 points").wait_for()
    page.screenshot(path=artifacts_dir / "hand-calculator.png", full_page=True)


def test_score_keeper_sees_the_reading_before_saving(new_page, artifacts_dir):
    league = make_league()
    members = make_members(league, "Akiyama", "Bensley")
    get_user_model().objects.create_superuser("keeper", "", "keeper-pass")
    set_result = df_scoring.start_set(new_match(league), seats(members))
    page = new_page()
    page.goto(f"/admin/login/?next=/leagues/sets/{set_result.pk}/")
    page.get_by_label("Username").fill("keeper")
    page.get_by_label("Password").fill("keeper-pass")
    page.get_by_role("button", name="Log in").click()
    page.wait_for_load_state()  # the preview button is htmx's: it does nothing before htmx runs
    page.get_by_label("Winner").select_option(label="Akiyama (Fire)")
    page.get_by_label("The 11 cards").fill(MY_SERIES.lower())
    page.get_by_role("button", name="Show the reading").click()
    page.locator("#reading").get_by_text("200 points").wait_for()
    page.get_by_role("button", name="Record the game").click()
    page.get_by_text("Next game: Bensley starts.").wait_for()
    assert "200" in page.locator(".sheet-seats").inner_text()
    page.screenshot(path=artifacts_dir / "score-keeping.png", full_page=True)
